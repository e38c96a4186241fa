/**
 * The status rule of domain.md §1: a qualified-invoice issuer is valid on day d when
 * registrationDate ≤ d and d is before any disposal (取消) or expiry (失効) date. Dates are
 * calendar days in Japan (`YYYY-MM-DD`), compared as strings.
 *
 * Isomorphic and pure: pages, the API and tests share it.
 */

import { formatIsoDateJa } from '@/lib/format';

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

/** What the invoice store answered for one company (structurally the store's `InvoiceLookup`). */
export type InvoiceAnswer<R extends InvoiceDates = InvoiceDates> =
  | { state: 'found'; registration: R; meta: { dataDate: string | null } }
  | { state: 'absent'; meta: { dataDate: string | null } }
  | { state: 'unavailable' };

/**
 * A company's invoice standing on a day, with the one wording every page, CSV and list uses
 * (docs/decisions/0048):
 * - a registration in the data: its status on the day (`invoiceStatusOn`);
 * - none in the data: 登録なし, dated by the data. NTA's publication lists every registered
 *   business, so absence means not registered — as of our copy's date, which can lag a day;
 * - no data loaded at all: 不明 (never "not registered").
 */
export type InvoiceStanding<R extends InvoiceDates = InvoiceDates> =
  | { state: InvoiceStatus; label: string; registration: R }
  | { state: 'not_registered'; label: string; dataDate: string | null }
  | { state: 'unknown'; label: string };

export const INVOICE_UNKNOWN_LABEL = '不明（公表データを準備中）';

/**
 * Which publication a status is read from: 「（YYYY年M月D日時点の公表データ）」, the invoice data's own
 * date (its newest 更新年月日), or 「（公表データ）」 when the data carries no date. The record page's
 * 登録状況 is labelled with it (issue 24 point 4), never with today's date, which the data may trail.
 */
export function invoiceDataAsOf(dataDate: string | null): string {
  return dataDate === null ? '（公表データ）' : `（${formatIsoDateJa(dataDate)}時点の公表データ）`;
}

export function invoiceNotRegisteredLabel(dataDate: string | null): string {
  return `登録なし${invoiceDataAsOf(dataDate)}`;
}

export function invoiceStandingOf<R extends InvoiceDates>(answer: InvoiceAnswer<R>, day: string): InvoiceStanding<R> {
  if (answer.state === 'unavailable') return { state: 'unknown', label: INVOICE_UNKNOWN_LABEL };
  if (answer.state === 'absent') {
    return { state: 'not_registered', label: invoiceNotRegisteredLabel(answer.meta.dataDate), dataDate: answer.meta.dataDate };
  }
  const status = invoiceStatusOn(answer.registration, day);
  return { state: status, label: INVOICE_STATUS_LABELS[status], registration: answer.registration };
}
