/**
 * Imports the NTA's qualified-invoice bulk files (CSV or JSON, bare or in zip archives, or
 * directories of them) into the invoice registration file the reference pages read. The file is
 * built beside the target and renamed over it at the end; bad rows are reported and skipped.
 *
 *   npm run invoice:import -- <file|dir>... [--out path] [--update] [--sample] [--errors file.tsv]
 *
 * --update applies the files (daily diffs) to the current file instead of rebuilding from them.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { getEnv } from '@/config/env';
import { importInvoiceFiles, InvoiceImportError } from '@/features/registry/server/invoice/import';
import type { InvoiceRowError } from '@/features/registry/formats/invoice-row';

const SHOWN = 20;

async function main(): Promise<void> {
  const { values, positionals } = parseArgs({
    options: { out: { type: 'string' }, update: { type: 'boolean' }, sample: { type: 'boolean' }, errors: { type: 'string' } },
    allowPositionals: true,
    strict: true,
  });
  if (positionals.length === 0) {
    console.error('使い方: npm run invoice:import -- <file|dir>... [--out path] [--update] [--sample] [--errors file.tsv]');
    process.exit(2);
  }
  const targetPath = values.out ?? getEnv().paths.invoice;
  const problems: InvoiceRowError[] = [];
  let shown = 0;
  const started = performance.now();
  try {
    const s = await importInvoiceFiles({
      paths: positionals,
      targetPath,
      mode: values.update ? 'update' : 'new',
      isSample: values.sample ?? false,
      onProblem: (p) => {
        if (values.errors) problems.push(p);
        if (shown++ < SHOWN) console.warn(`${p.file}:${p.line}: ${p.reason}`);
      },
    });
    const fmt = (n: number) => n.toLocaleString('ja-JP');
    console.log(
      [
        `インボイス登録データを書き込みました (written): ${targetPath}${s.meta.isSample ? '（サンプルデータ）' : ''}`,
        `  ファイル ${s.sources} 件、法人の最新行 ${fmt(s.rows)}（個人事業者 ${fmt(s.individuals)}・履歴 ${fmt(s.historyRows)} 行は対象外、不正 ${fmt(s.errors)} 行は読み飛ばし）`,
        `  新規 ${fmt(s.inserted)}・更新 ${fmt(s.replaced)}・変更なし ${fmt(s.unchanged)}・削除 ${fmt(s.deleted)}・古い行 ${fmt(s.stale)}、登録 ${fmt(s.stored)} 件`,
        `  ${((performance.now() - started) / 1000).toFixed(1)} 秒`,
      ].join('\n'),
    );
    if (values.errors)
      fs.writeFileSync(values.errors, `file\tline\treason\n${problems.map((p) => `${p.file}\t${p.line}\t${p.reason}`).join('\n')}\n`);
  } catch (err) {
    if (err instanceof InvoiceImportError || (err instanceof Error && err.name === 'InvoiceWriterError')) console.error(err.message);
    else console.error(err);
    process.exitCode = 1;
  }
}

void main();
