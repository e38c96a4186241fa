import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importInvoiceFiles, InvoiceStore, RegistryStore } from '@/features/registry/index.server';
import { formatInvoiceCsvLine, testInvoiceRecord, type InvoiceSourceRecord } from '@tools/registry/invoice-synthetic';
import { buildRegistry, nextCorporateNumber, ntaRow, tempDir } from '@/features/registry/testing';
import { formatIsoDateJa } from '@/lib/format';
import { companyLegalNumberOf, getReferenceRecord } from './reference-record';

const successor = nextCorporateNumber();
const renamed = nextCorporateNumber();
const merged = nextCorporateNumber();
const government = '7000012050002';

let dir: string;
let registry: RegistryStore;
let invoice: InvoiceStore;

beforeAll(async () => {
  dir = tempDir();
  const before = ntaRow({
    corporateNumber: renamed,
    name: '株式会社旧名',
    latest: false,
    updateDate: '2016-01-01',
    changeDate: '2016-01-01',
  });
  buildRegistry(path.join(dir, 'registry.sqlite'), [
    ntaRow({ corporateNumber: successor, name: '承継先株式会社' }),
    before,
    {
      ...before,
      process: '12',
      updateDate: '2018-04-02',
      changeDate: '2018-04-01',
      cityName: '港区',
      streetNumber: '芝公園一丁目1番1号',
      latest: false,
    },
    {
      ...before,
      process: '11',
      name: '株式会社新名',
      updateDate: '2021-04-05',
      changeDate: '2021-04-01',
      cityName: '港区',
      streetNumber: '芝公園一丁目1番1号',
      latest: true,
    },
    ntaRow({
      corporateNumber: merged,
      name: '株式会社消滅',
      process: '71',
      closeDate: '2022-03-31',
      closeCause: '11',
      successorCorporateNumber: successor,
      changeDate: '2022-03-31',
      updateDate: '2022-04-04',
    }),
    ntaRow({ corporateNumber: government, name: '国税庁', kind: '101' }),
  ]);
  registry = new RegistryStore(path.join(dir, 'registry.sqlite'), { checkIntervalMs: 0 });
  const line = (n: string, extra: Partial<InvoiceSourceRecord>) => formatInvoiceCsvLine(testInvoiceRecord(n, { name: 'x', ...extra }));
  fs.writeFileSync(
    path.join(dir, 'inv.csv'),
    line(renamed, {}) + line(merged, { process: '03', expireDate: '2022-03-31', updateDate: '2022-04-01', registrationDate: '2021-10-01' }),
  );
  await importInvoiceFiles({ paths: [path.join(dir, 'inv.csv')], targetPath: path.join(dir, 'invoice.sqlite') });
  invoice = new InvoiceStore(path.join(dir, 'invoice.sqlite'), 0);
});

afterAll(() => {
  registry.close();
  invoice.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('getReferenceRecord', () => {
  it('gives the change history oldest first with what changed and the dates', () => {
    const r = getReferenceRecord(renamed, { registry, invoice, today: '2026-11-22' });
    if (!r.ok) throw new Error(r.message);
    expect(r.record.timeline.map((e) => [e.changeDate, e.process, e.changes.map((c) => [c.field, c.before, c.after])])).toEqual([
      ['2016-01-01', '01', []],
      ['2018-04-01', '12', [['address', '東京都千代田区丸の内一丁目1番1号', '東京都港区芝公園一丁目1番1号']]],
      ['2021-04-01', '11', [['name', '株式会社旧名', '株式会社新名']]],
    ]);
    expect(r.record.company.formerNames).toEqual(['株式会社旧名']);
    expect(r.record.path).toBe(`/search-service/result?corporateNumber=${renamed}`);
  });

  it('names the successor of a merged company and records the closure in the timeline', () => {
    const r = getReferenceRecord(merged, { registry, invoice, today: '2026-11-22' });
    if (!r.ok) throw new Error(r.message);
    expect(r.record.successor).toEqual({ corporateNumber: successor, name: '承継先株式会社' });
    expect(r.record.company.current.closeCauseLabel).toBe('合併による解散等');
    expect(r.record.timeline.at(-1)?.changes).toEqual([]);
  });

  it('reports the invoice status of today, 登録なし dated by the data when it has no row, and unknown (never "not registered") without data', () => {
    const renamedRecord = getReferenceRecord(renamed, { registry, invoice, today: '2026-11-22' });
    const mergedRecord = getReferenceRecord(merged, { registry, invoice, today: '2026-11-22' });
    const noRow = getReferenceRecord(successor, { registry, invoice, today: '2026-11-22' });
    const noData = getReferenceRecord(successor, { registry, invoice: new InvoiceStore(path.join(dir, 'none.sqlite'), 0) });
    expect(renamedRecord.ok && renamedRecord.record.invoice).toMatchObject({
      state: 'known',
      registrationNumber: `T${renamed}`,
      status: 'valid',
    });
    expect(mergedRecord.ok && mergedRecord.record.invoice).toMatchObject({ state: 'known', status: 'expired', expireDate: '2022-03-31' });
    const loaded = invoice.lookup(renamed);
    const dataDate = loaded.state === 'found' ? (loaded.meta.dataDate ?? '') : '';
    expect(dataDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(noRow.ok && noRow.record.invoice).toEqual({
      state: 'not_registered',
      statusLabel: `登録なし（${formatIsoDateJa(dataDate)}時点の公表データ）`,
      dataDate,
    });
    expect(noData.ok && noData.record.invoice).toEqual({ state: 'unknown', statusLabel: '不明（公表データを準備中）' });
  });

  it('gives the 会社法人等番号 and the order button only to kinds with a commercial registry', () => {
    const company = getReferenceRecord(renamed, { registry, invoice });
    const agency = getReferenceRecord(government, { registry, invoice });
    expect(company.ok && [company.record.companyLegalNumber, company.record.orderable]).toEqual([renamed.slice(1), true]);
    expect(agency.ok && [agency.record.companyLegalNumber, agency.record.orderable]).toEqual([null, false]);
    expect(companyLegalNumberOf('1000012000002', '401')).toBeNull();
  });

  it('answers malformed and unknown numbers with their own codes', () => {
    expect(getReferenceRecord('12345', { registry, invoice })).toMatchObject({ ok: false, code: 'invalid_format' });
    expect(getReferenceRecord('1234567890123', { registry, invoice })).toMatchObject({ ok: false, code: 'invalid_check_digit' });
    expect(getReferenceRecord(nextCorporateNumber(), { registry, invoice })).toMatchObject({ ok: false, code: 'not_found' });
  });
});
