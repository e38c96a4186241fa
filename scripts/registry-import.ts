/**
 * Imports NTA corporate-number files (法人番号公表サイト 全件データ / 差分データ) into the registry.
 *
 *   npm run registry:import -- <files or folders…> [--out path] [--sample] [--errors file]
 *     [--encoding utf8|sjis] [--quiet]
 *
 * Accepts .zip (the NTA downloads; the .asc signature is ignored) and .csv, UTF-8 or Shift_JIS,
 * 30/29/28 columns, in any order: full files first, then diffs by date. Bad rows are reported
 * (file:line: reason) and skipped. The registry is built in a temporary file and swapped in
 * atomically at the end; a running server picks it up without a restart.
 *
 * Exit codes: 0 done (bad rows are not failures), 1 nothing readable or the import failed,
 * 2 bad arguments, 130 interrupted.
 */
import { createWriteStream, type WriteStream } from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { getEnv } from '@/config/env';
import { type ImportProgress, importNtaFiles, NtaImportError } from '@/features/registry/server/nta/import';
import type { NtaRowError } from '@/features/registry/nta-types';

const ArgsSchema = z.strictObject({
  paths: z.array(z.string().min(1)).min(1, '取り込むファイルまたはフォルダを指定してください'),
  out: z.string().min(1).optional(),
  sample: z.boolean().default(false),
  errors: z.string().min(1).optional(),
  encoding: z.enum(['utf8', 'sjis']).optional(),
  quiet: z.boolean().default(false),
});

const USAGE =
  '使い方: npm run registry:import -- <ファイルまたはフォルダ…> [--out 登録先.sqlite] [--sample] [--errors 不正行の一覧.tsv] [--encoding utf8|sjis] [--quiet]';

function parse(): z.infer<typeof ArgsSchema> {
  try {
    const { values, positionals } = parseArgs({
      allowPositionals: true,
      options: {
        out: { type: 'string' },
        sample: { type: 'boolean' },
        errors: { type: 'string' },
        encoding: { type: 'string' },
        quiet: { type: 'boolean' },
      },
      strict: true,
    });
    const result = ArgsSchema.safeParse({ ...values, paths: positionals });
    if (result.success) return result.data;
    for (const issue of result.error.issues) console.error(`${issue.path.join('.') || '引数'}: ${issue.message}`);
  } catch (err) {
    console.error(err instanceof Error ? err.message : String(err));
  }
  console.error(USAGE);
  process.exit(2);
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const clock = (seconds: number) => {
  if (!Number.isFinite(seconds) || seconds < 0) return '--:--';
  const s = Math.round(seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`;
};

const PHASE_LABEL: Record<ImportProgress['phase'], string> = {
  read: '読み込み',
  'former-names': '旧商号の集計',
  order: '並べ替え',
  index: '索引の作成',
  optimize: '索引の最適化',
  'update-index': '索引の更新（変更分）',
  analyze: '統計の更新',
  vacuum: '領域の整理',
  swap: '切り替え',
};

/** Progress on stderr: one redrawn line on a terminal, a line every 10 s otherwise (CI logs). */
class ProgressBar {
  private readonly tty = process.stderr.isTTY === true;
  private readonly started = performance.now();
  private lastDraw = 0;
  private lastPhase: ImportProgress['phase'] | null = null;
  private line = '';

  update(p: ImportProgress): void {
    const now = performance.now();
    if (p.phase === this.lastPhase && now - this.lastDraw < (this.tty ? 200 : 10_000)) return;
    this.lastDraw = now;
    this.lastPhase = p.phase;
    const elapsed = (now - this.started) / 1000;
    let text: string;
    if (p.phase === 'read') {
      const ratio = p.bytesTotal > 0 ? Math.min(1, p.bytesDone / p.bytesTotal) : 0;
      const width = 24;
      const filled = Math.round(ratio * width);
      const rate = p.rows / Math.max(elapsed, 0.001);
      const eta = ratio > 0 ? (elapsed * (1 - ratio)) / ratio : Number.NaN;
      text =
        `[${'█'.repeat(filled)}${'░'.repeat(width - filled)}] ${(ratio * 100).toFixed(1).padStart(5)}%  ` +
        `${fmt(p.rows)} 行  ${fmt(rate)} 行/秒  残り ${clock(eta)}` +
        (p.errors > 0 ? `  不正 ${fmt(p.errors)} 行` : '');
    } else {
      text = `${PHASE_LABEL[p.phase]}${p.total > 1 ? ` ${fmt(p.done)} / ${fmt(p.total)}` : ''}…  経過 ${clock(elapsed)}`;
    }
    this.draw(text);
  }

  private draw(text: string): void {
    this.line = text;
    if (this.tty) process.stderr.write(`\r\x1b[2K${text}`);
    else process.stderr.write(`${text}\n`);
  }

  /** Write a message above the bar. */
  print(message: string): void {
    if (this.tty && this.line !== '') process.stderr.write('\r\x1b[2K');
    process.stderr.write(`${message}\n`);
    if (this.tty && this.line !== '') process.stderr.write(this.line);
  }

  done(): void {
    if (this.tty && this.line !== '') process.stderr.write('\r\x1b[2K');
    this.line = '';
  }
}

/** How many bad rows are printed; the rest are counted (and all go to --errors when given). */
const SHOWN_ERRORS = 200;

async function main(): Promise<void> {
  const args = parse();
  const targetPath = args.out ?? getEnv().paths.registry;
  const bar = new ProgressBar();
  const controller = new AbortController();
  process.once('SIGINT', () => {
    bar.print('中断しています… (interrupting; the current registry is left as it was)');
    controller.abort();
  });

  let errorFile: WriteStream | null = null;
  if (args.errors) {
    errorFile = createWriteStream(args.errors);
    errorFile.write('file\tline\treason\n');
  }
  let shown = 0;
  const onRowError = (e: NtaRowError) => {
    errorFile?.write(`${e.file}\t${e.line}\t${e.reason}\n`);
    if (shown++ < SHOWN_ERRORS) bar.print(`${e.file}:${e.line}: ${e.reason}`);
  };

  const started = performance.now();
  try {
    const summary = await importNtaFiles({
      paths: args.paths,
      targetPath,
      ...(args.sample ? { isSample: true } : {}),
      ...(args.encoding ? { encoding: args.encoding === 'sjis' ? ('shift_jis' as const) : ('utf-8' as const) } : {}),
      onProgress: args.quiet ? undefined : (p) => bar.update(p),
      onRowError,
      onNotice: (m) => bar.print(m),
      signal: controller.signal,
    });
    bar.done();
    const seconds = (performance.now() - started) / 1000;
    const r = summary.result;
    const s = summary.stats;
    const lines = [
      `登録しました (registry written): ${r.path}${r.isSample ? '（サンプルデータ）' : ''}`,
      `  ファイル ${summary.sources.length} 件 (${summary.mode === 'new' ? '全件から新規作成' : '差分を適用'})` +
        (summary.stale.length > 0 ? `、古い差分 ${summary.stale.length} 件を読み飛ばし` : ''),
      `  行 ${fmt(summary.rows)}（不正 ${fmt(summary.errors)} 行は読み飛ばし）: 新規 ${fmt(s.inserted)}・更新 ${fmt(s.replaced)}・履歴 ${fmt(s.history)}・` +
        `変更なし ${fmt(s.unchanged)}・削除 ${fmt(s.deleted)}・削除済みのため無視 ${fmt(s.ignored)}`,
      `  法人 ${fmt(r.companies)}（検索対象 ${fmt(r.searchable)}・検索対象除外 ${fmt(r.hidden)}）、履歴 ${fmt(r.historyRows)} 行、` +
        `${(r.fileBytes / 1e6).toFixed(1)} MB`,
      `  ${seconds.toFixed(1)} 秒（読み込みと書き込み ${(summary.readMs / 1000).toFixed(1)} 秒うち書き込み ${(summary.applyMs / 1000).toFixed(1)} 秒、` +
        `索引 ${(summary.finishMs / 1000).toFixed(1)} 秒）、${fmt(summary.rows / seconds)} 行/秒、最大メモリ ${((process.resourceUsage().maxRSS * 1024) / 1e6).toFixed(0)} MB`,
    ];
    if (summary.errors > SHOWN_ERRORS) {
      lines.push(
        `  不正な行が多いため最初の ${SHOWN_ERRORS} 行だけ表示しました` +
          (args.errors ? `（全件: ${args.errors}）` : '（全件を見るには --errors ファイル名 を指定してください）'),
      );
    }
    console.log(lines.join('\n'));
  } catch (err) {
    bar.done();
    if (controller.signal.aborted) {
      console.error('中断しました。登録済みのデータはそのままです (interrupted; the registry is unchanged)');
      process.exitCode = 130;
    } else if (err instanceof NtaImportError || (err instanceof Error && err.name === 'RegistryWriterError')) {
      console.error(err.message);
      process.exitCode = 1;
    } else {
      console.error(err);
      process.exitCode = 1;
    }
  } finally {
    if (errorFile) {
      const f = errorFile;
      await new Promise<void>((resolve) => f.end(resolve));
    }
  }
}

void main();
