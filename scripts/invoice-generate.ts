/**
 * Writes sample qualified-invoice bulk files (適格請求書発行事業者公表サイト 公表情報ダウンロード
 * layout) for the companies of a registry file, so local development and tests have invoice
 * registrations consistent with the generated registry. Deterministic for a given registry and seed.
 *
 *   npm run invoice:generate -- [--registry path] [--out dir] [--format csv|json|both] [--seed 1]
 *     [--date YYYY-MM-DD]
 *
 * Output: `invoice_sample_YYYYMMDD.csv` (CSV, no header, 24 columns, UTF-8) and/or
 * `invoice_sample_YYYYMMDD.json` (`{ lastUpdateDate, count, divideNumber, divideSize, announcement }`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import { z } from 'zod';
import { getEnv } from '@/config/env';
import { formatInvoiceCsvLine, individualRecord, invoiceRecordFor, type InvoiceSourceRecord } from '@tools/registry/invoice-synthetic';
import { unpackRow } from '@/features/registry/index.server';

const ArgsSchema = z.strictObject({
  registry: z.string().min(1).optional(),
  out: z.string().min(1).optional(),
  format: z.enum(['csv', 'json', 'both']).default('csv'),
  seed: z.coerce.number().int().min(0).max(0xffffffff).default(1),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, '--date は YYYY-MM-DD の形式で指定してください')
    .default('2026-01-30'),
});

function parse(): z.infer<typeof ArgsSchema> {
  const { values } = parseArgs({
    options: {
      registry: { type: 'string' },
      out: { type: 'string' },
      format: { type: 'string' },
      seed: { type: 'string' },
      date: { type: 'string' },
    },
    strict: true,
  });
  const result = ArgsSchema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    console.error(
      '使い方: npm run invoice:generate -- [--registry path] [--out dir] [--format csv|json|both] [--seed S] [--date YYYY-MM-DD]',
    );
    process.exit(2);
  }
  return result.data;
}

function main(): void {
  const args = parse();
  const env = getEnv();
  const registryPath = args.registry ?? env.paths.registry;
  const outDir = args.out ?? path.join(env.paths.dataDir, 'registry', 'invoice-source');
  if (!fs.existsSync(registryPath)) {
    console.error(`登記データベースがありません。先に npm run registry:import を実行してください (no registry at ${registryPath})`);
    process.exit(1);
  }
  fs.mkdirSync(outDir, { recursive: true });
  const base = `invoice_sample_${args.date.replaceAll('-', '')}`;
  // Streamed: a 5.5M-row registry gives millions of invoice rows, which must not sit in memory.
  const csv = args.format !== 'json' ? { file: path.join(outDir, `${base}.csv`), fd: 0, parts: [] as string[] } : null;
  const json = args.format !== 'csv' ? { file: path.join(outDir, `${base}.json`), fd: 0, parts: [] as string[] } : null;
  if (csv) csv.fd = fs.openSync(csv.file, 'w');
  if (json) {
    json.fd = fs.openSync(json.file, 'w');
    // The envelope of the NTA's JSON download; `count` is written after the list, once known.
    json.parts.push(`{"lastUpdateDate":${JSON.stringify(args.date)},"divideNumber":"1","divideSize":"1","announcement":[`);
  }
  const flush = (force = false) => {
    for (const out of [csv, json]) {
      if (out !== null && (force || out.parts.length >= 2000)) {
        fs.writeSync(out.fd, out.parts.join(''));
        out.parts = [];
      }
    }
  };
  let sequence = 0;
  const emit = (r: InvoiceSourceRecord) => {
    r.sequenceNumber = String(++sequence);
    csv?.parts.push(formatInvoiceCsvLine(r));
    json?.parts.push(`${sequence > 1 ? ',' : ''}${JSON.stringify(r)}`);
    flush();
  };
  const db = new Database(registryPath, { readonly: true, fileMustExist: true });
  let companies = 0;
  let individuals = 0;
  const rows = db.prepare('SELECT corporate_number, hihyoji, data FROM company ORDER BY corporate_number').iterate() as IterableIterator<{
    corporate_number: number;
    hihyoji: number;
    data: string;
  }>;
  for (const row of rows) {
    const r = unpackRow(row.corporate_number, row.hihyoji, row.data);
    if (r.process === '99') continue;
    companies++;
    const address = [r.prefectureName, r.cityName, r.streetNumber].filter((p) => p !== null).join('') || (r.addressOutside ?? '');
    const rec = invoiceRecordFor(
      {
        corporateNumber: r.corporateNumber,
        kind: r.kind,
        name: r.name,
        closeDate: r.closeDate,
        prefectureCode: r.prefectureCode,
        cityCode: r.cityCode,
        address,
      },
      { seed: args.seed, dataDate: args.date },
    );
    if (rec !== null) emit(rec);
    if (companies % 40 === 0) emit(individualRecord(++individuals, args.seed));
  }
  db.close();
  json?.parts.push(`],"count":"${sequence}"}`);
  flush(true);
  const written: string[] = [];
  for (const out of [csv, json]) {
    if (out === null) continue;
    fs.closeSync(out.fd);
    written.push(out.file);
  }
  const registered = sequence - individuals;
  console.log(
    `インボイス登録のサンプルを書き出しました (sample written): ${written.join(', ')}\n` +
      `  法人 ${companies.toLocaleString('ja-JP')} 社のうち登録情報あり ${registered.toLocaleString('ja-JP')} 社、個人事業者 ${individuals.toLocaleString('ja-JP')} 件（取り込み対象外）`,
  );
}

main();
