/**
 * CSV parsers compared on NTA-shaped text (issue 25 §6): the project's CsvRecordSplitter
 * (src/lib/csv-records.ts) against csv-parse, streaming (the API an importer would use) and
 * synchronous. The text is generated: `--rows` records of the NTA layout (30 fields, text quoted,
 * codes bare, CRLF, a few quoted commas and "" escapes), fed in 64 KiB chunks like the importer's
 * reader. Prints records/s and CPU seconds for each; every parser must see the same field count.
 *
 *   npx tsx bench/csv-parsers.ts [--rows 500000] [--runs 3]
 */
import { parseArgs } from 'node:util';
import { parse as parseStream } from 'csv-parse';
import { parse as parseSync } from 'csv-parse/sync';
import { CsvRecordSplitter } from '@/lib/csv-records';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '500000' }, runs: { type: 'string', default: '3' } } });
const rows = Number(values.rows);
const runs = Number(values.runs);
const CHUNK = 64 << 10;

function record(i: number): string {
  const cn = String(1000000000000 + i);
  const name = i % 97 === 0 ? `"株式会社""テスト""${i}"` : i % 89 === 0 ? `"株式会社テスト,${i}"` : `"株式会社テスト商事${i}"`;
  return [
    String(i + 1),
    cn,
    '01',
    '1',
    '2015-10-05',
    '2015-10-05',
    name,
    '',
    '301',
    '"東京都"',
    '"千代田区"',
    '"丸の内一丁目１番１号"',
    '',
    '13',
    '101',
    '1000005',
    '',
    '',
    '',
    '',
    '',
    '',
    '2015-10-05',
    '1',
    '',
    '',
    '',
    '',
    `"カブシキガイシャテストショウジ${i}"`,
    '0',
  ].join(',');
}

function generate(): string[] {
  const text = Array.from({ length: rows }, (_, i) => record(i)).join('\r\n') + '\r\n';
  const chunks: string[] = [];
  for (let i = 0; i < text.length; i += CHUNK) chunks.push(text.slice(i, i + CHUNK));
  return chunks;
}

async function splitter(chunks: string[]): Promise<number> {
  const s = new CsvRecordSplitter();
  let n = 0;
  let fields = 0;
  const on = (_f: string[], count: number) => {
    n++;
    fields += count;
  };
  for (let i = 0; i < chunks.length; i++) s.push(chunks[i] as string, i === chunks.length - 1, on);
  if (fields !== n * 30) throw new Error(`splitter: ${fields} fields in ${n} records`);
  return n;
}

function csvParseStream(chunks: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    let n = 0;
    let fields = 0;
    const parser = parseStream({ relax_quotes: true, relax_column_count: true });
    parser.on('readable', () => {
      let r: string[] | null;
      while ((r = parser.read() as string[] | null) !== null) {
        n++;
        fields += r.length;
      }
    });
    parser.on('error', reject);
    parser.on('end', () => (fields === n * 30 ? resolve(n) : reject(new Error(`csv-parse: ${fields} fields in ${n} records`))));
    for (const c of chunks) parser.write(c);
    parser.end();
  });
}

async function csvParseSync(chunks: string[]): Promise<number> {
  const out = parseSync(chunks.join(''), { relax_quotes: true, relax_column_count: true }) as string[][];
  return out.length;
}

async function main(): Promise<void> {
  const chunks = generate();
  const mb = chunks.reduce((a, c) => a + Buffer.byteLength(c), 0) / 1e6;
  console.log(`${rows.toLocaleString('en-US')} NTA-shaped records, ${mb.toFixed(0)} MB of UTF-8, ${runs} runs each (best shown)`);
  const contenders: [string, (c: string[]) => Promise<number>][] = [
    ['CsvRecordSplitter (ours)', splitter],
    ['csv-parse stream', csvParseStream],
    ['csv-parse/sync', csvParseSync],
  ];
  const best = new Map<string, number>();
  for (let run = 0; run < runs; run++) {
    for (const [label, fn] of contenders) {
      global.gc?.();
      const cpu0 = process.cpuUsage();
      const n = await fn(chunks);
      const cpu = process.cpuUsage(cpu0);
      const s = (cpu.user + cpu.system) / 1e6;
      if (n !== rows) throw new Error(`${label}: ${n} records, expected ${rows}`);
      best.set(label, Math.min(best.get(label) ?? Infinity, s));
    }
  }
  const ours = best.get('CsvRecordSplitter (ours)') as number;
  for (const [label] of contenders) {
    const s = best.get(label) as number;
    console.log(
      `${label.padEnd(26)} ${s.toFixed(2)} CPU-s  ${Math.round(rows / s)
        .toLocaleString('en-US')
        .padStart(11)} records/CPU-s  ×${(s / ours).toFixed(1)}`,
    );
  }
}

void main();
