import 'server-only';

import { OrderPriceSchema } from '@/features/orders';
import { orderLabelsOf, paidOrdersBetween } from '@/features/orders/index.server';
import { listRefundsSettledBetween } from '@/features/payments/index.server';
import { CSV_BOM, excelCsvLine } from '@/lib/csv';

import { recordStaffAction, type Actor } from './audit';
import { receiptSerialsOf } from './orders';

/**
 * The accounting export (issue 12 §3): a month's sales and refunds as a CSV the accountant opens
 * in Excel. One row per paid order (dated when PAY.JP's charge succeeded) and one negative row per
 * refund (dated when PAY.JP confirmed it), in Japan-time month boundaries. Only data rows: the
 * totals are a file of their own (`part=summary`, issue 24 §3 — a 合計 row among the data was
 * summed again by every pivot table). The sales rows' 合計 is exactly what PAY.JP charged, so the month's sales total reconciles
 * with the charges PAY.JP lists for the month. Decision: docs/decisions/0019-back-office-orders.md.
 */

export interface AccountingEntry {
  kind: 'sale' | 'refund';
  at: Date;
  orderId: string;
  /** 注文番号 (`HJ-2611-4K7QX`), the 注文番号 column: what the member's receipt and mails say */
  orderNumber: string;
  chargeId: string | null;
  /** the 返金明細書's number (RF-2026-000001) of a refund row; null for a sale */
  statementNumber: string | null;
  /** 法人名: the company the certificates are of */
  companyName: string;
  /** 会員: the member's e-mail address (null once the account is gone) */
  memberEmail: string | null;
  /** 非課税（法務局手数料） */
  nonTaxableYen: number;
  /** 課税対象額（10%・税込） */
  taxable10Yen: number;
  /** うち消費税 (10%) */
  tax10Yen: number;
  /** nonTaxable + taxable10: the charged amount (sale) or the refunded amount (refund), negative for refunds */
  totalYen: number;
}

/** The first instant of a 'YYYY-MM' month in Japan time, and of the month after. */
export function jstMonthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return { from: new Date(`${month}-01T00:00:00+09:00`), to: new Date(`${next}-01T00:00:00+09:00`) };
}

function orderSplit(o: { amountYen: number; nonTaxableYen: number; price: unknown }) {
  const price = OrderPriceSchema.parse(o.price);
  const ten = price.taxRates.find((r) => r.ratePercent === 10);
  const split = {
    amountYen: o.amountYen,
    nonTaxableYen: o.nonTaxableYen,
    taxable10Yen: ten?.taxInclusiveTotalYen ?? 0,
    tax10Yen: ten?.taxYen ?? 0,
  };
  if (split.nonTaxableYen + split.taxable10Yen !== o.amountYen) {
    // never expected (only 10% and non-taxable lines are sold); an export that does not add up is worse than none
    throw new Error(`order amounts do not add up: ${o.amountYen} ≠ ${split.nonTaxableYen} + ${split.taxable10Yen}`);
  }
  return split;
}

/** A refund's part as a negative amount; a part of 0 stays 0 (not -0, which Intl prints as "-0円"). */
const negative = (yen: number): number => (yen === 0 ? 0 : -yen);

/**
 * Everything the export prints for [from, to): the one place that reads the data. Paid orders by
 * `paid_at` from the orders feature (read-only); refunds from the payments feature's refunds table
 * — the ones PAY.JP made (`succeeded`), dated when that was confirmed (`settled_at`), each with the
 * per-rate split stored when it was requested (refund-split.ts, the same numbers as its 返金明細書).
 * A refund still in doubt is not in the month until it is settled, as it is not on the order.
 */
export async function loadAccountingEntries(from: Date, to: Date): Promise<AccountingEntry[]> {
  const paid = await paidOrdersBetween(from, to);
  const entries: AccountingEntry[] = paid.map(({ order: o, memberEmail }) => {
    const s = orderSplit(o);
    return {
      kind: 'sale',
      at: o.paidAt ?? o.createdAt,
      orderId: o.id,
      orderNumber: o.orderNumber,
      chargeId: o.payjpChargeId,
      statementNumber: null,
      companyName: o.companyName,
      memberEmail,
      nonTaxableYen: s.nonTaxableYen,
      taxable10Yen: s.taxable10Yen,
      tax10Yen: s.tax10Yen,
      totalYen: o.amountYen,
    };
  });
  const refunded = await listRefundsSettledBetween(from, to);
  // a refund's order may have been paid in an earlier month: its number, company and member read here
  const orderIds = [...new Set(refunded.map((r) => r.orderId))];
  const refundOrders = await orderLabelsOf(orderIds);
  const ofOrder = new Map(refundOrders.map((o) => [o.id, o]));
  for (const r of refunded) {
    const o = ofOrder.get(r.orderId);
    entries.push({
      kind: 'refund',
      at: r.settledAt ?? r.requestedAt,
      orderId: r.orderId,
      orderNumber: o?.orderNumber ?? '',
      chargeId: r.chargeId,
      statementNumber: r.statementNumber,
      companyName: o?.companyName ?? '',
      memberEmail: o?.memberEmail ?? null,
      nonTaxableYen: negative(r.nonTaxableYen),
      taxable10Yen: negative(r.taxableYen),
      tax10Yen: negative(r.taxYen),
      totalYen: negative(r.amountYen),
    });
  }
  return entries.sort((a, b) => a.at.getTime() - b.at.getTime() || a.orderId.localeCompare(b.orderId));
}

export interface AccountingTotals {
  sales: number;
  refunds: number;
  nonTaxableYen: number;
  taxable10Yen: number;
  tax10Yen: number;
  totalYen: number;
  /** what PAY.JP charged for the month's paid orders (the sales rows' 合計) */
  chargedYen: number;
  refundedYen: number;
}

export function totalsOf(entries: AccountingEntry[]): AccountingTotals {
  const t: AccountingTotals = {
    sales: 0,
    refunds: 0,
    nonTaxableYen: 0,
    taxable10Yen: 0,
    tax10Yen: 0,
    totalYen: 0,
    chargedYen: 0,
    refundedYen: 0,
  };
  for (const e of entries) {
    if (e.kind === 'sale') {
      t.sales++;
      t.chargedYen += e.totalYen;
    } else {
      t.refunds++;
      t.refundedYen -= e.totalYen;
    }
    t.nonTaxableYen += e.nonTaxableYen;
    t.taxable10Yen += e.taxable10Yen;
    t.tax10Yen += e.tax10Yen;
    t.totalYen += e.totalYen;
  }
  return t;
}

export const ACCOUNTING_CSV_HEADER = [
  '日付',
  '区分',
  '注文番号',
  '領収書番号',
  '返金明細書番号',
  '法人名',
  '会員',
  'PAY.JP課金ID',
  '非課税（法務局手数料）',
  '10%対象（税抜）',
  '10%対象の消費税',
  '10%対象（税込）',
  '合計',
] as const;

/** YYYY/MM/DD in Japan time (Excel reads it as a date). */
function jstDate(d: Date): string {
  return new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** The amounts of a row or a total: non-taxable, then the 10% part without tax, its tax and with tax, then all. */
function amounts(a: { nonTaxableYen: number; taxable10Yen: number; tax10Yen: number; totalYen: number }): number[] {
  const net = a.taxable10Yen - a.tax10Yen;
  return [a.nonTaxableYen, net === 0 ? 0 : net, a.tax10Yen, a.taxable10Yen, a.totalYen];
}

/** UTF-8 with a BOM (Excel's cue for UTF-8), CRLF line ends, every field quoted (src/lib/csv.ts). */
function csvBytes(rows: readonly (readonly (string | number)[])[]): Uint8Array<ArrayBuffer> {
  const body = Buffer.from(CSV_BOM + rows.map(excelCsvLine).join(''), 'utf8');
  const out = new Uint8Array(body.byteLength);
  out.set(body);
  return out;
}

/**
 * The data file: one row per sale and per refund, nothing else — written by the one CSV writer
 * (src/lib/csv.ts) so text Excel would run as a formula stays text.
 */
export function accountingCsv(entries: AccountingEntry[], serials: Map<string, string>): Uint8Array<ArrayBuffer> {
  return csvBytes([
    ACCOUNTING_CSV_HEADER,
    ...entries.map((e) => [
      jstDate(e.at),
      e.kind === 'sale' ? '売上' : '返金',
      e.orderNumber,
      serials.get(e.orderId) ?? '',
      e.statementNumber ?? '',
      e.companyName,
      e.memberEmail ?? '',
      e.chargeId ?? '',
      ...amounts(e),
    ]),
  ]);
}

export const ACCOUNTING_SUMMARY_HEADER = ['対象の月', '項目', '件数', ...ACCOUNTING_CSV_HEADER.slice(8)] as const;

/** The summary file: the month's sales, refunds and their difference, per rate (the totals the data file no longer carries). */
export function accountingSummaryCsv(month: string, entries: AccountingEntry[]): Uint8Array<ArrayBuffer> {
  const sales = totalsOf(entries.filter((e) => e.kind === 'sale'));
  const refunds = totalsOf(entries.filter((e) => e.kind === 'refund'));
  const all = totalsOf(entries);
  return csvBytes([
    ACCOUNTING_SUMMARY_HEADER,
    [month, '売上', sales.sales, ...amounts(sales)],
    [month, '返金', refunds.refunds, ...amounts(refunds)],
    [month, '差引', all.sales + all.refunds, ...amounts(all)],
  ]);
}

export async function accountingSummary(month: string): Promise<{ entries: AccountingEntry[]; totals: AccountingTotals }> {
  const { from, to } = jstMonthRange(month);
  const entries = await loadAccountingEntries(from, to);
  return { entries, totals: totalsOf(entries) };
}

/** The month's CSV (the data rows, or `summary`: the totals), with one audit row (who exported which month, and its totals). */
export async function exportAccountingAsStaff(
  actor: Actor,
  month: string,
  part: 'rows' | 'summary' = 'rows',
): Promise<{ filename: string; bytes: Uint8Array<ArrayBuffer> }> {
  const { entries, totals } = await accountingSummary(month);
  const bytes =
    part === 'summary'
      ? accountingSummaryCsv(month, entries)
      : accountingCsv(entries, await receiptSerialsOf([...new Set(entries.map((e) => e.orderId))]));
  await recordStaffAction(actor, 'accounting.export', ['accounting_month', month], {
    after: { month, ...(part === 'summary' ? { part: 'summary' } : {}), ...totals },
  });
  return { filename: part === 'summary' ? `hojin-sales-${month}-summary.csv` : `hojin-sales-${month}.csv`, bytes };
}
