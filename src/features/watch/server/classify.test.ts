import { describe, expect, it } from 'vitest';

import type { RegistryRecord } from '@/features/registry/index.server';
import { ntaRow } from '@/features/registry/testing';

import { invoiceEvents, registryEvents } from './classify';

const N = '8040001999013';
const rec = (o: Parameters<typeof ntaRow>[0] = {}): RegistryRecord => {
  const { sequenceNumber: _s, file: _f, line: _l, latest: _latest, ...record } = ntaRow({ corporateNumber: N, ...o });
  return record;
};
const change = (before: Parameters<typeof ntaRow>[0], after: Parameters<typeof ntaRow>[0]) => ({
  id: 1,
  day: '2026-03-02',
  before: rec(before),
  after: rec(after),
});

describe('registryEvents', () => {
  it('gives 商号変更 and 所在地変更 of one row as two events, with before and after', () => {
    const events = registryEvents(change({ name: '株式会社旧' }, { name: '株式会社新', process: '11', cityName: '港区' }));
    expect(events.map((e) => [e.kind, e.detail])).toEqual([
      ['name', { before: '株式会社旧', after: '株式会社新' }],
      ['address', { before: '東京都千代田区丸の内一丁目1番1号', after: '東京都港区丸の内一丁目1番1号' }],
    ]);
    expect(events[0]).toMatchObject({ corporateNumber: N, dataDate: '2026-03-02', name: '株式会社新' });
  });

  it('tells a closure with its cause from a merger with its successor, and a revival', () => {
    expect(registryEvents(change({}, { process: '21', closeDate: '2026-03-01', closeCause: '01' }))).toEqual([
      expect.objectContaining({ kind: 'closed', detail: { closeDate: '2026-03-01', cause: '清算の結了等' } }),
    ]);
    expect(
      registryEvents(change({}, { process: '71', closeDate: '2026-03-01', closeCause: '11', successorCorporateNumber: '2430101000011' })),
    ).toEqual([
      expect.objectContaining({
        kind: 'merged',
        detail: { closeDate: '2026-03-01', cause: '合併による解散等', successorNumber: '2430101000011' },
      }),
    ]);
    expect(registryEvents(change({ closeDate: '2026-03-01', closeCause: '01' }, { process: '22' }))).toEqual([
      expect.objectContaining({ kind: 'revived' }),
    ]);
  });

  it('gives nothing for changes no one watches for, and nothing about a hidden company', () => {
    expect(registryEvents(change({ furigana: 'キュウ' }, { furigana: 'シン' }))).toEqual([]);
    expect(registryEvents(change({ name: '株式会社旧' }, { name: '株式会社新', hihyoji: true }))).toEqual([]);
  });
});

describe('invoiceEvents', () => {
  const state = (o: Partial<{ process: string; disposalDate: string | null; expireDate: string | null }> = {}) => ({
    process: '01',
    registrationDate: '2023-10-01',
    disposalDate: null,
    expireDate: null,
    name: '株式会社一番目',
    ...o,
  });
  const c = (before: ReturnType<typeof state> | null, after: ReturnType<typeof state> | null) => ({
    id: 1,
    day: '2026-03-02',
    corporateNumber: N,
    before,
    after,
  });

  it('gives 登録 for a new registration, 取消 and 失効 with their dates', () => {
    expect(invoiceEvents(c(null, state()))).toEqual([
      expect.objectContaining({ kind: 'invoice_registered', detail: { date: '2023-10-01' } }),
    ]);
    expect(invoiceEvents(c(state(), state({ process: '04', disposalDate: '2026-03-02' })))).toEqual([
      expect.objectContaining({ kind: 'invoice_revoked', detail: { date: '2026-03-02' } }),
    ]);
    expect(invoiceEvents(c(state(), state({ process: '03', expireDate: '2026-03-02' })))).toEqual([
      expect.objectContaining({ kind: 'invoice_expired', detail: { date: '2026-03-02' } }),
    ]);
  });

  it('gives nothing for a change of name only or a deleted publication', () => {
    expect(invoiceEvents(c(state(), state({ process: '02' })))).toEqual([]);
    expect(invoiceEvents(c(state(), null))).toEqual([]);
  });
});
