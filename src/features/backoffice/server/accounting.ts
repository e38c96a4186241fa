import 'server-only';

import { and, asc, eq, gte, lt } from 'drizzle-orm';

import { orders } from '@db/schema';
import { OrderPriceSchema } from '@/features/orders';
import { orderNumbersOf } from '@/features/orders/server';
import { listRefundsSettledBetween } from '@/features/payments/server';
import { CSV_BOM, excelCsvLine } from '@/lib/csv';
import { getDb } from '@/server/db/client';

import { recordAudit } from './audit';
import type { Actor } from './notices';
import { receiptSerialsOf } from './orders';

/**
 * The accounting export (issue 12 §3): a month's sales and refunds as a CSV the accountant opens
 * in Excel. One row per paid order (dated when PAY.JP's charge succeeded) and one negative row per
 * refund (dated when PAY.JP confirmed it), in Japan-time month boundaries; a totals row at the
 * end. The sales rows' 合計 is exactly what PAY.JP charged, so the month's sales total reconciles
 * with the charges PAY.JP lists for the month. Decision: docs/decisions/0019-back-office-orders.md.
 */

export interface AccountingEntry {
  kind: 'sale' | 'refund';
  at: Date;
  orderId: string;
  /** 注文番号 (`HJ-2611-4K7QX`), the 注文番号 column: what the member's receipt and mails say */
  orderNumber: string;
  chargeId: string | null;
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
  const db = await getDb();
  const paid = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from), lt(orders.paidAt, to)))
    .orderBy(asc(orders.paidAt), asc(orders.id));
  const entries: AccountingEntry[] = paid.map((o) => {
    const s = orderSplit(o);
    return {
      kind: 'sale',
      at: o.paidAt ?? o.createdAt,
      orderId: o.id,
      orderNumber: o.orderNumber,
      chargeId: o.payjpChargeId,
      nonTaxableYen: s.nonTaxableYen,
      taxable10Yen: s.taxable10Yen,
      tax10Yen: s.tax10Yen,
      totalYen: o.amountYen,
    };
  });
  const refunded = await listRefundsSettledBetween(from, to);
  // a refund's order may have been paid in an earlier month: its number from the orders feature
  const numbers = await orderNumbersOf(refunded.map((r) => r.orderId));
  for (const r of refunded) {
    entries.push({
      kind: 'refund',
      at: r.settledAt ?? r.requestedAt,
      orderId: r.orderId,
      orderNumber: numbers.get(r.orderId) ?? '',
      chargeId: r.chargeId,
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
  'PAY.JP課金ID',
  '非課税（法務局手数料）',
  '課税対象額（10%・税込）',
  'うち消費税',
  '合計',
] as const;

/** YYYY/MM/DD in Japan time (Excel reads it as a date). */
function jstDate(d: Date): string {
  return new Intl.DateTimeFormat('ja-JP', { timeZone: 'Asia/Tokyo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/**
 * The CSV bytes: UTF-8 with a BOM (Excel's cue for UTF-8), CRLF line ends, every field quoted,
 * written by the one CSV writer (src/lib/csv.ts) so text Excel would run as a formula stays text.
 */
export function accountingCsv(entries: AccountingEntry[], serials: Map<string, string>): Uint8Array<ArrayBuffer> {
  const t = totalsOf(entries);
  const text = [
    ACCOUNTING_CSV_HEADER,
    ...entries.map((e) => [
      jstDate(e.at),
      e.kind === 'sale' ? '売上' : '返金',
      e.orderNumber,
      serials.get(e.orderId) ?? '',
      e.chargeId ?? '',
      e.nonTaxableYen,
      e.taxable10Yen,
      e.tax10Yen,
      e.totalYen,
    ]),
    ['合計', `売上${t.sales}件・返金${t.refunds}件`, '', '', '', t.nonTaxableYen, t.taxable10Yen, t.tax10Yen, t.totalYen],
  ]
    .map(excelCsvLine)
    .join('');
  const body = Buffer.from(CSV_BOM + text, 'utf8');
  const out = new Uint8Array(body.byteLength);
  out.set(body);
  return out;
}

export async function accountingSummary(month: string): Promise<{ entries: AccountingEntry[]; totals: AccountingTotals }> {
  const { from, to } = jstMonthRange(month);
  const entries = await loadAccountingEntries(from, to);
  return { entries, totals: totalsOf(entries) };
}

/** The month's CSV, with one audit row (who exported which month, and its totals). */
export async function exportAccountingAsStaff(actor: Actor, month: string): Promise<{ filename: string; bytes: Uint8Array<ArrayBuffer> }> {
  const { entries, totals } = await accountingSummary(month);
  const bytes = accountingCsv(entries, await receiptSerialsOf([...new Set(entries.map((e) => e.orderId))]));
  await recordAudit({
    staffId: actor.id,
    action: 'accounting.export',
    targetType: 'accounting_month',
    targetId: month,
    after: { month, ...totals },
    ip: actor.ip,
  });
  return { filename: `hojin-sales-${month}.csv`, bytes };
}
