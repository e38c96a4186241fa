import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

import { buildRegistry, ntaRow, tempDir } from '../testing';
import { readInvoiceChanges, readRegistryChanges } from './changes';
import { InvoiceWriter } from './invoice/writer';
import { RegistryWriter } from './store/writer';

const dir = tempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function applyDiff(target: string, rows: Parameters<typeof ntaRow>[0][]) {
  const writer = RegistryWriter.open({ targetPath: target, mode: 'update', cacheMiB: 8 });
  writer.applyRows(rows.map((r) => ntaRow(r)));
  writer.finish();
}

describe('the registry change log', () => {
  const target = path.join(dir, 'registry.sqlite');
  const A = ntaRow().corporateNumber;

  it('records each current row a diff replaced, before and after, once, and starts over when the file is rebuilt', () => {
    buildRegistry(target, [ntaRow({ corporateNumber: A, name: '株式会社旧', updateDate: '2026-03-01' })]);
    const empty = readRegistryChanges(target, null);
    expect(empty.changes).toEqual([]);
    expect(empty.epoch).toMatch(/^[0-9a-f-]{36}$/);

    applyDiff(target, [{ corporateNumber: A, name: '株式会社新', process: '11', updateDate: '2026-03-02' }]);
    const first = readRegistryChanges(target, null);
    expect(first.epoch).toBe(empty.epoch);
    expect(first.changes.map((c) => [c.day, c.before.name, c.after.name, c.after.corporateNumber])).toEqual([
      ['2026-03-02', '株式会社旧', '株式会社新', A],
    ]);
    // The same diff again changes nothing, so logs nothing; the cursor sees nothing new.
    applyDiff(target, [{ corporateNumber: A, name: '株式会社新', process: '11', updateDate: '2026-03-02' }]);
    const cursor = { epoch: first.epoch as string, lastId: first.lastId };
    expect(readRegistryChanges(target, cursor).changes).toEqual([]);

    buildRegistry(target, [ntaRow({ corporateNumber: A, name: '株式会社新', updateDate: '2026-03-02' })]);
    const rebuilt = readRegistryChanges(target, cursor);
    expect(rebuilt.epoch).not.toBe(first.epoch);
    expect(rebuilt.changes).toEqual([]);
  });

  it('answers “no log” for a file that does not exist', () => {
    expect(readRegistryChanges(path.join(dir, 'none.sqlite'), null)).toEqual({ epoch: null, changes: [], lastId: 0 });
  });
});

describe('the invoice change log', () => {
  it('records a registration that lapses, with the state before and after', () => {
    const target = path.join(dir, 'invoice.sqlite');
    const row = {
      corporateNumber: '8040001999013',
      process: '01' as const,
      registrationDate: '2023-10-01',
      updateDate: '2026-03-01',
      disposalDate: null,
      expireDate: null,
      name: '株式会社一番目',
      file: 'x.csv',
      line: 1,
    };
    const stats = { inserted: 0, replaced: 0, unchanged: 0, deleted: 0, stale: 0 };
    const bulk = InvoiceWriter.open({ targetPath: target, mode: 'new' });
    bulk.applyRows([row], stats);
    bulk.finish();
    expect(readInvoiceChanges(target, null).changes).toEqual([]);
    const diff = InvoiceWriter.open({ targetPath: target, mode: 'update' });
    diff.applyRows([{ ...row, process: '03', updateDate: '2026-03-02', expireDate: '2026-03-02' }], stats);
    diff.finish();
    expect(readInvoiceChanges(target, null).changes).toEqual([
      {
        id: 1,
        day: '2026-03-02',
        corporateNumber: '8040001999013',
        before: { process: '01', registrationDate: '2023-10-01', disposalDate: null, expireDate: null, name: '株式会社一番目' },
        after: { process: '03', registrationDate: '2023-10-01', disposalDate: null, expireDate: '2026-03-02', name: '株式会社一番目' },
      },
    ]);
  });
});
