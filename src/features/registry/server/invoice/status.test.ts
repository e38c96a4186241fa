import { describe, expect, it } from 'vitest';
import { invoiceStatusOn, todayInJapan } from './status';

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
