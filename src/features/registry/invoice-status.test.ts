import { describe, expect, it } from 'vitest';
import { INVOICE_UNKNOWN_LABEL, invoiceStandingOf, invoiceStatusOn, todayInJapan } from './invoice-status';

const reg = (registrationDate: string, end: { disposalDate?: string; expireDate?: string } = {}) => ({
  registrationDate,
  disposalDate: end.disposalDate ?? null,
  expireDate: end.expireDate ?? null,
});

describe('invoiceStatusOn (domain.md §1)', () => {
  it('is valid from the registration date on, and not yet valid the day before', () => {
    expect(invoiceStatusOn(reg('2026-11-22'), '2026-11-21')).toBe('not_yet_valid');
    expect(invoiceStatusOn(reg('2026-11-22'), '2026-11-22')).toBe('valid');
    expect(invoiceStatusOn(reg('2026-11-22'), '2026-11-23')).toBe('valid');
  });

  it('is valid the day before a disposal and disposed on the disposal date', () => {
    const r = reg('2023-10-01', { disposalDate: '2026-11-22' });
    expect(invoiceStatusOn(r, '2026-11-21')).toBe('valid');
    expect(invoiceStatusOn(r, '2026-11-22')).toBe('disposed');
    expect(invoiceStatusOn(r, '2026-11-23')).toBe('disposed');
  });

  it('is expired on and after the expiry date', () => {
    const r = reg('2023-10-01', { expireDate: '2026-11-22' });
    expect(invoiceStatusOn(r, '2026-11-21')).toBe('valid');
    expect(invoiceStatusOn(r, '2026-11-22')).toBe('expired');
  });

  it('names the earlier end when both a disposal and an expiry date are set', () => {
    expect(invoiceStatusOn(reg('2023-10-01', { disposalDate: '2025-01-01', expireDate: '2024-06-30' }), '2026-01-01')).toBe('expired');
    expect(invoiceStatusOn(reg('2023-10-01', { disposalDate: '2024-06-30', expireDate: '2025-01-01' }), '2026-01-01')).toBe('disposed');
    // Between the two: the earlier one has already ended the registration.
    expect(invoiceStatusOn(reg('2023-10-01', { disposalDate: '2024-06-30', expireDate: '2025-01-01' }), '2024-12-31')).toBe('disposed');
  });

  it('takes today in Japan, not in UTC', () => {
    expect(todayInJapan(new Date('2026-11-21T14:59:59Z'))).toBe('2026-11-21');
    expect(todayInJapan(new Date('2026-11-21T15:00:00Z'))).toBe('2026-11-22');
  });
});

describe('invoiceStandingOf: the one wording of the record page, bulk check and watch list', () => {
  const meta = { dataDate: '2026-11-26' };
  it.each([
    [
      { state: 'found' as const, registration: reg('2023-10-01'), meta },
      { state: 'valid', label: '登録されています', registration: expect.anything() },
    ],
    [
      { state: 'found' as const, registration: reg('2027-01-01'), meta },
      { state: 'not_yet_valid', label: '登録予定', registration: expect.anything() },
    ],
    [
      { state: 'found' as const, registration: reg('2023-10-01', { disposalDate: '2026-11-01' }), meta },
      { state: 'disposed', label: '登録が取り消されています', registration: expect.anything() },
    ],
    [
      { state: 'found' as const, registration: reg('2023-10-01', { expireDate: '2026-11-01' }), meta },
      { state: 'expired', label: '登録が失効しています', registration: expect.anything() },
    ],
    [
      { state: 'absent' as const, meta },
      { state: 'not_registered', label: '登録なし（2026年11月26日時点の公表データ）', dataDate: '2026-11-26' },
    ],
    [
      { state: 'absent' as const, meta: { dataDate: null } },
      { state: 'not_registered', label: '登録なし（公表データ）', dataDate: null },
    ],
    [{ state: 'unavailable' as const }, { state: 'unknown', label: INVOICE_UNKNOWN_LABEL }],
  ])('%o → %o', (answer, standing) => {
    expect(invoiceStandingOf(answer, '2026-11-27')).toEqual(standing);
  });

  it('never says 登録なし without data, and never 不明 when the data is loaded', () => {
    expect(INVOICE_UNKNOWN_LABEL).toMatch(/^不明/);
    expect(invoiceStandingOf({ state: 'absent', meta: { dataDate: '2026-11-26' } }, '2026-11-27').label).not.toMatch(/不明/);
  });
});
