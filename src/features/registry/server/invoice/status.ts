/**
 * The status rule of domain.md §1: a qualified-invoice issuer is valid on day d when
 * registrationDate ≤ d and d is before any disposal (取消) or expiry (失効) date. Dates are
 * calendar days in Japan (`YYYY-MM-DD`), compared as strings.
 *
 * Isomorphic and pure: pages, the API and tests share it.
 */

export type InvoiceStatus = 'valid' | 'not_yet_valid' | 'expired' | 'disposed';

export interface InvoiceDates {
  registrationDate: string;
  disposalDate: string | null;
  expireDate: string | null;
}

export function invoiceStatusOn(r: InvoiceDates, day: string): InvoiceStatus {
  // The earlier of the two end dates decides which one ended the registration.
  const ends = [
    ...(r.disposalDate !== null ? [{ date: r.disposalDate, status: 'disposed' as const }] : []),
    ...(r.expireDate !== null ? [{ date: r.expireDate, status: 'expired' as const }] : []),
  ].sort((a, b) => a.date.localeCompare(b.date));
  const end = ends[0];
  if (end !== undefined && day >= end.date) return end.status;
  if (day < r.registrationDate) return 'not_yet_valid';
  return 'valid';
}

/** Today's date in Japan (Asia/Tokyo has no daylight saving time: UTC+9 all year). */
export function todayInJapan(now: Date = new Date()): string {
  return new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
}

export const INVOICE_STATUS_LABELS: Record<InvoiceStatus, string> = {
  valid: '登録されています',
  not_yet_valid: '登録予定',
  expired: '登録が失効しています',
  disposed: '登録が取り消されています',
};
