/**
 * Writes synthetic NTA-format files (法人番号公表サイト 全件データ / 差分データ layout) for local
 * development, tests and benchmarks. Deterministic for a given seed and options.
 *
 *   npm run registry:generate -- --rows 100000 [--out dir] [--seed 1] [--encoding utf8|sjis]
 *     [--columns 30|29|28] [--diffs K] [--diff-rows M] [--format zip|csv] [--date YYYYMMDD]
 *     [--by-prefecture] [--level 0-9]
 *
 * Output: `00_zenkoku_all_YYYYMMDD.zip` (or one `NN_pref_all_YYYYMMDD.zip` per prefecture with
 * --by-prefecture, plus `99_kokugai_all_…` for entities with only a foreign address) holding the
 * CSV and a placeholder `.asc` signature like the NTA's downloads, then `diff_YYYYMMDD.zip` for
 * each of the K following weekdays. With --format csv, the bare CSV files instead.
 */
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import iconv from 'iconv-lite';
import { z } from 'zod';
import { getEnv } from '@/config/env';
import { SJIS_DEGENERATE, PREFECTURES } from '@tools/registry/nta-synthetic-data';
import { formatNtaLine, type NtaRecord, SyntheticRegistry } from '@tools/registry/nta-synthetic';
import { ZipWriter, type ZipEntryWriter } from '@tools/registry/zip';

const ArgsSchema = z.strictObject({
  rows: z.coerce.number().int().min(1).max(50_000_000),
  out: z.string().min(1).optional(),
  seed: z.coerce.number().int().min(0).max(0xffffffff).default(1),
  encoding: z.enum(['utf8', 'sjis']).default('utf8'),
  columns: z
    .enum(['30', '29', '28'])
    .default('30')
    .transform((v) => Number(v) as 28 | 29 | 30),
  diffs: z.coerce.number().int().min(0).max(400).default(0),
  'diff-rows': z.coerce.number().int().min(1).max(1_000_000).optional(),
  format: z.enum(['zip', 'csv']).default('zip'),
  date: z
    .string()
    .regex(/^\d{8}$/, '--date は YYYYMMDD の形式で指定してください')
    .default('20260130'),
  'by-prefecture': z.boolean().default(false),
  level: z.coerce.number().int().min(0).max(9).default(1),
});
type Args = z.infer<typeof ArgsSchema>;

function parse(): Args {
  const { values } = parseArgs({
    options: {
      rows: { type: 'string' },
      out: { type: 'string' },
      seed: { type: 'string' },
      encoding: { type: 'string' },
      columns: { type: 'string' },
      diffs: { type: 'string' },
      'diff-rows': { type: 'string' },
      format: { type: 'string' },
      date: { type: 'string' },
      'by-prefecture': { type: 'boolean' },
      level: { type: 'string' },
    },
    strict: true,
  });
  const result = ArgsSchema.safeParse(values);
  if (!result.success) {
    for (const issue of result.error.issues) console.error(`--${issue.path.join('.')}: ${issue.message}`);
    console.error(
      '使い方: npm run registry:generate -- --rows N [--out dir] [--seed S] [--encoding utf8|sjis] [--columns 30|29|28] [--diffs K] [--format zip|csv]',
    );
    process.exit(2);
  }
  return result.data;
}

const SIGNATURE = '-----BEGIN PGP SIGNATURE-----\n\nsynthetic sample data: placeholder, not a signature\n-----END PGP SIGNATURE-----\n';
const FLUSH_CHARS = 1 << 18;
const FLUSH_BYTES = 1 << 20;

/** One output file (a zip with CSV + .asc, or a bare CSV) receiving CSV text. */
class CsvSink {
  /** Shift_JIS: lines gathered as text, encoded per flush. */
  private parts: string[] = [];
  private chars = 0;
  /** UTF-8: lines encoded straight into a buffer (3× faster than join + Buffer.from). */
  private buf = Buffer.allocUnsafe(FLUSH_BYTES);
  private used = 0;
  private seq = 0;
  rows = 0;
  bytes = 0;
  private imageIds = 0;

  private constructor(
    readonly name: string,
    private readonly args: Args,
    private readonly zip: ZipWriter | null,
    private readonly member: ZipEntryWriter | null,
    private readonly file: FileHandle | null,
  ) {}

  static async create(dir: string, base: string, args: Args, modified: Date): Promise<CsvSink> {
    if (args.format === 'csv') {
      return new CsvSink(`${base}.csv`, args, null, null, await open(path.join(dir, `${base}.csv`), 'w'));
    }
    const zip = new ZipWriter(path.join(dir, `${base}.zip`), modified);
    const member = await zip.begin(`${base}.csv`, args.level);
    return new CsvSink(`${base}.zip`, args, zip, member, null);
  }

  /** Synchronous unless a flush is due (an await per row would cost more than the row). */
  add(r: NtaRecord): Promise<void> | null {
    let rec = r;
    if (this.args.encoding === 'sjis' && /[髙﨑德濵𠮷麴]/u.test(rec.name)) {
      // The Shift_JIS variant holds JIS level 1–2 only: the NTA degenerates other characters to
      // their common forms and points to an image of the real name (商号イメージID).
      rec = {
        ...rec,
        name: rec.name.replace(/[髙﨑德濵𠮷麴]/gu, (c) => SJIS_DEGENERATE[c] ?? c),
        nameImageId: String(++this.imageIds).padStart(8, '0'),
      };
    }
    const line = formatNtaLine(rec, ++this.seq, this.args.columns);
    this.rows++;
    if (this.args.encoding === 'sjis') {
      this.parts.push(line);
      this.chars += line.length;
      return this.chars >= FLUSH_CHARS ? this.flush() : null;
    }
    // A UTF-16 code unit takes at most 3 UTF-8 bytes.
    if (this.used + line.length * 3 > this.buf.length) {
      const flushing = this.flush();
      this.used += this.buf.write(line, this.used);
      return flushing;
    }
    this.used += this.buf.write(line, this.used);
    return null;
  }

  private async flush(): Promise<void> {
    let buf: Buffer;
    if (this.args.encoding === 'sjis') {
      if (this.parts.length === 0) return;
      buf = iconv.encode(this.parts.join(''), 'cp932');
      this.parts = [];
      this.chars = 0;
    } else {
      if (this.used === 0) return;
      // The stream keeps the buffer until it has written it: hand it over and start a new one.
      buf = this.buf.subarray(0, this.used);
      this.buf = Buffer.allocUnsafe(FLUSH_BYTES);
      this.used = 0;
    }
    this.bytes += buf.length;
    if (this.member) await this.member.write(buf);
    else await (this.file as FileHandle).write(buf);
  }

  async close(base: string): Promise<void> {
    await this.flush();
    if (this.zip && this.member) {
      await this.member.end();
      await this.zip.add(`${base}.asc`, Buffer.from(SIGNATURE));
      await this.zip.close();
    } else {
      await (this.file as FileHandle).close();
    }
  }
}

async function main(): Promise<void> {
  const args = parse();
  const started = performance.now();
  const date = `${args.date.slice(0, 4)}-${args.date.slice(4, 6)}-${args.date.slice(6, 8)}`;
  if (Number.isNaN(Date.parse(`${date}T00:00:00Z`))) {
    console.error('--date が正しい日付ではありません');
    process.exit(2);
  }
  const dir = args.out ?? path.join(getEnv().paths.dataDir, 'nta-sample');
  await mkdir(dir, { recursive: true });
  const modified = new Date(`${date}T00:00:00Z`);
  const registry = new SyntheticRegistry({ seed: args.seed, date });

  // Full snapshot: one national file, or one per prefecture.
  const sinks = new Map<string, { sink: CsvSink; base: string }>();
  const sinkFor = async (key: string): Promise<CsvSink> => {
    let s = sinks.get(key);
    if (!s) {
      const pref = PREFECTURES.find((p) => p.code === key);
      const base =
        key === '00' ? `00_zenkoku_all_${args.date}` : pref ? `${pref.code}_${pref.slug}_all_${args.date}` : `99_kokugai_all_${args.date}`;
      s = { sink: await CsvSink.create(dir, base, args, modified), base };
      sinks.set(key, s);
    }
    return s.sink;
  };
  const national = args['by-prefecture'] ? null : await sinkFor('00');
  const rows = registry.fullRows(args.rows);
  let step = rows.next();
  let n = 0;
  // History rows come right before their entity's current row. Per-prefecture files hold an
  // entity where it is now, so with --by-prefecture its history waits for the current row.
  let entityRows: NtaRecord[] = [];
  while (!step.done) {
    const r = step.value;
    if (national !== null) {
      const flushing = national.add(r);
      if (flushing !== null) await flushing;
    } else {
      entityRows.push(r);
      if (r.latest) {
        const key = r.prefectureCode ?? '99';
        const sink = sinks.get(key)?.sink ?? (await sinkFor(key));
        for (const e of entityRows) await sink.add(e);
        entityRows = [];
      }
    }
    if (++n % 500_000 === 0) process.stderr.write(`\r${n.toLocaleString('en-US')} rows…`);
    step = rows.next();
  }
  // --rows can cut an entity after its history rows: file them where they were.
  for (const e of entityRows) await (await sinkFor(e.prefectureCode ?? '99')).add(e);
  const entities = step.value;
  for (const { sink, base } of sinks.values()) await sink.close(base);
  if (n >= 500_000) process.stderr.write('\n');

  // Daily diffs over the generated base.
  const diffSinks: CsvSink[] = [];
  if (args.diffs > 0) {
    const perFile = args['diff-rows'] ?? Math.min(20_000, Math.max(5, Math.round(args.rows / 2000)));
    for (const diff of registry.diffs(entities, args.diffs, perFile)) {
      const base = `diff_${diff.date.replaceAll('-', '')}`;
      const sink = await CsvSink.create(dir, base, args, new Date(`${diff.date}T00:00:00Z`));
      for (const r of diff.rows) await sink.add(r);
      await sink.close(base);
      diffSinks.push(sink);
    }
  }

  const seconds = (performance.now() - started) / 1000;
  const all = [...[...sinks.values()].map((s) => s.sink), ...diffSinks];
  const totalBytes = all.reduce((a, s) => a + s.bytes, 0);
  console.log(
    `${dir}: ${all.length} file(s), ${n.toLocaleString('en-US')} full rows + ${diffSinks.reduce((a, s) => a + s.rows, 0).toLocaleString('en-US')} diff rows, ` +
      `${(totalBytes / 1e6).toFixed(1)} MB of CSV (${args.encoding === 'sjis' ? 'Shift_JIS' : 'UTF-8'}, ${args.columns} columns), ${seconds.toFixed(1)} s ` +
      `(${Math.round(n / seconds).toLocaleString('en-US')} rows/s)`,
  );
  console.log('※ 生成したデータは架空のサンプルです（トヨタ自動車など一部の実在企業名を除き、実在の法人とは関係ありません）。');
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
