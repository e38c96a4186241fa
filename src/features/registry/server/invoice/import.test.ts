import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { withCheckDigit } from '@/features/registry/corporate-number';
import { ZipWriter } from '@tools/registry/zip';
import { tempDir } from '../../testing';
import { importInvoiceFiles } from './import';
import { InvoiceStore } from './store';
import { formatInvoiceCsvLine, testInvoiceRecord, individualRecord, type InvoiceSourceRecord } from '@tools/registry/invoice-synthetic';
import type { InvoiceRowError } from '../../formats/invoice-row';

const A = withCheckDigit('100000000001');
const B = withCheckDigit('100000000002');
const C = withCheckDigit('100000000003');

function record(overrides: Partial<InvoiceSourceRecord>): InvoiceSourceRecord {
  return testInvoiceRecord(A, {
    sequenceNumber: '1',
    name: '株式会社見本',
    address: '東京都千代田区丸の内１丁目１－１',
    ...overrides,
  });
}

let dir: string;
let target: string;
beforeEach(() => {
  dir = tempDir();
  target = path.join(dir, 'invoice.sqlite');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

function rowsOf(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT * FROM invoice ORDER BY corporate_number').all();
  } finally {
    db.close();
  }
}

const sample = [
  record({ registratedNumber: `T${A}` }),
  record({ registratedNumber: `T${B}`, process: '04', disposalDate: '2025-06-30', updateDate: '2025-06-30', name: '株式会社"引用"' }),
  record({ registratedNumber: `T${C}`, process: '03', expireDate: '2024-12-31', updateDate: '2024-12-31', name: '合同会社失効' }),
  individualRecord(1, 1),
];

describe('importInvoiceFiles', () => {
  it('reads the CSV and the JSON variant into the same registrations, leaving individuals out', async () => {
    fs.writeFileSync(path.join(dir, 'a.csv'), sample.map(formatInvoiceCsvLine).join(''));
    fs.writeFileSync(
      path.join(dir, 'a.json'),
      JSON.stringify({ lastUpdateDate: '2026-01-30', count: '4', divideNumber: '1', divideSize: '1', announcement: sample }),
    );
    const fromCsv = await importInvoiceFiles({ paths: [path.join(dir, 'a.csv')], targetPath: target });
    const csvRows = rowsOf(target);
    const fromJson = await importInvoiceFiles({ paths: [path.join(dir, 'a.json')], targetPath: target });
    expect(fromCsv).toMatchObject({ rows: 3, individuals: 1, errors: 0, stored: 3, inserted: 3 });
    expect(fromJson).toMatchObject({ rows: 3, individuals: 1, errors: 0, stored: 3, inserted: 3 });
    expect(rowsOf(target)).toEqual(csvRows);
    expect(csvRows).toContainEqual(
      expect.objectContaining({
        corporate_number: Number(B),
        process: '04',
        disposal_date: '2025-06-30',
        expire_date: null,
        name: '株式会社"引用"',
      }),
    );
  });

  it('reads CSV and JSON members of a zip archive and ignores the signature beside them', async () => {
    const zipPath = path.join(dir, 'invoice_all_20260130.zip');
    const zip = new ZipWriter(zipPath, new Date('2026-01-30T00:00:00Z'));
    const add = (name: string, text: string) => zip.add(name, Buffer.from(text), 1);
    await add('part1.csv', formatInvoiceCsvLine(sample[0] as InvoiceSourceRecord));
    await add('part2.json', JSON.stringify({ announcement: [sample[1], sample[2]] }));
    await add('part1.csv.asc', '-----BEGIN PGP SIGNATURE-----');
    await zip.close();
    const problems: InvoiceRowError[] = [];
    const summary = await importInvoiceFiles({ paths: [zipPath], targetPath: target, onProblem: (p) => problems.push(p) });
    expect(problems).toEqual([]);
    expect(summary).toMatchObject({ sources: 2, rows: 3, stored: 3 });
  });

  it('reports bad rows with their file and line and imports the good ones', async () => {
    const lines = [
      formatInvoiceCsvLine(record({ registratedNumber: `T${A}` })),
      formatInvoiceCsvLine(record({ registratedNumber: 'T1234567890123' })), // bad check digit
      formatInvoiceCsvLine(record({ registratedNumber: `T${B}`, registrationDate: '2023-02-30' })),
      '"too","few","columns"\r\n',
      formatInvoiceCsvLine(record({ registratedNumber: `T${C}`, kind: '9' })),
    ];
    fs.writeFileSync(path.join(dir, 'bad.csv'), lines.join(''));
    fs.writeFileSync(path.join(dir, 'bad.json'), '{"announcement": [{"registratedNumber": 5}]');
    const problems: InvoiceRowError[] = [];
    const summary = await importInvoiceFiles({ paths: [dir], targetPath: target, onProblem: (p) => problems.push(p) });
    expect(summary).toMatchObject({ rows: 1, errors: 5, stored: 1 });
    expect(problems.map((p) => [p.file, p.line])).toEqual([
      ['bad.csv', 2],
      ['bad.csv', 3],
      ['bad.csv', 4],
      ['bad.csv', 5],
      ['bad.json', 0],
    ]);
    expect(problems[0]?.reason).toContain('チェックデジット');
    expect(problems[1]?.reason).toContain('登録年月日');
  });

  it('is idempotent: importing the same files again leaves the same rows', async () => {
    fs.writeFileSync(path.join(dir, 'a.csv'), sample.map(formatInvoiceCsvLine).join(''));
    await importInvoiceFiles({ paths: [path.join(dir, 'a.csv')], targetPath: target });
    const first = rowsOf(target);
    const again = await importInvoiceFiles({ paths: [path.join(dir, 'a.csv')], targetPath: target, mode: 'update' });
    expect(again).toMatchObject({ inserted: 0, replaced: 0, unchanged: 3 });
    expect(rowsOf(target)).toEqual(first);
  });

  it('applies a later change and a deletion in update mode, and ignores an older row', async () => {
    fs.writeFileSync(path.join(dir, 'a.csv'), sample.map(formatInvoiceCsvLine).join(''));
    await importInvoiceFiles({ paths: [path.join(dir, 'a.csv')], targetPath: target });
    const diff = [
      record({ registratedNumber: `T${A}`, process: '04', disposalDate: '2026-01-15', updateDate: '2026-01-15' }),
      record({ registratedNumber: `T${C}`, process: '99', updateDate: '2026-01-15' }),
      record({ registratedNumber: `T${B}`, process: '01', updateDate: '2023-10-01' }), // older than stored
    ];
    fs.writeFileSync(path.join(dir, 'diff.json'), JSON.stringify(diff));
    const s = await importInvoiceFiles({ paths: [path.join(dir, 'diff.json')], targetPath: target, mode: 'update' });
    expect(s).toMatchObject({ replaced: 1, deleted: 1, stale: 1, stored: 2 });
    const store = new InvoiceStore(target, 0);
    expect(store.lookup(A)).toMatchObject({ state: 'found', registration: { registrationNumber: `T${A}`, disposalDate: '2026-01-15' } });
    expect(store.lookup(C).state).toBe('absent');
    store.close();
  });

  it('leaves the current file untouched when the input has no CSV or JSON', async () => {
    fs.writeFileSync(path.join(dir, 'a.csv'), sample.map(formatInvoiceCsvLine).join(''));
    await importInvoiceFiles({ paths: [path.join(dir, 'a.csv')], targetPath: target });
    const before = rowsOf(target);
    fs.mkdirSync(path.join(dir, 'empty'));
    await expect(importInvoiceFiles({ paths: [path.join(dir, 'empty')], targetPath: target })).rejects.toThrow('取り込めるファイル');
    expect(rowsOf(target)).toEqual(before);
    expect(fs.readdirSync(dir).filter((n) => n.includes('.building-'))).toEqual([]);
  });

  it('reports a missing file as unavailable data rather than failing the lookup', () => {
    const store = new InvoiceStore(path.join(dir, 'missing.sqlite'), 0);
    expect(store.lookup(A)).toEqual({ state: 'unavailable' });
  });
});
