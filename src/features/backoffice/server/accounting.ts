import 'server-only';

import { and, asc, eq, gte, lt } from 'drizzle-orm';

import { orderEvents, orders } from '@db/schema';
import { OrderPriceSchema } from '@/features/orders';
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

/**
 * A refund's share of each tax category. A refund that returns the whole order reverses the
 * order's split exactly; a partial one is split in the order's proportions (non-taxable share
 * rounded, the tax in the taxable part rounded down as on the receipt's 10% line), because the
 * refund records only the amount. When the refunds table lands with a per-rate breakdown (the
 * 適格返還請求書 needs one), `loadAccountingEntries` should read that instead.
 */
export function refundSplit(
  order: { amountYen: number; nonTaxableYen: number; taxable10Yen: number; tax10Yen: number },
  amountYen: number,
): { nonTaxableYen: number; taxable10Yen: number; tax10Yen: number } {
  if (amountYen === order.amountYen) {
    return { nonTaxableYen: order.nonTaxableYen, taxable10Yen: order.taxable10Yen, tax10Yen: order.tax10Yen };
  }
  const nonTaxableYen = order.amountYen === 0 ? 0 : Math.round((amountYen * order.nonTaxableYen) / order.amountYen);
  const taxable10Yen = amountYen - nonTaxableYen;
  return { nonTaxableYen, taxable10Yen, tax10Yen: Math.floor((taxable10Yen * 10) / 110) };
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

/**
 * Everything the export prints for [from, to): the one place that reads the data, so it can be
 * switched to the refunds table when that lands. Reads the orders feature's tables (read-only):
 * paid orders by `paid_at`, and refunds from the timeline's refund events (`data.amountYen`,
 * written by `recordRefund` after PAY.JP confirmed).
 */
export async function loadAccountingEntries(from: Date, to: Date): Promise<AccountingEntry[]> {
  const db = await getDb();
  const paid = await db
    .select()
    .from(orders)
    .where(and(eq(orders.status, 'paid'), gte(orders.paidAt, from), lt(orders.paidAt, to)))
    .orderBy(asc(orders.paidAt), asc(orders.id));
  const refunds = await db
    .select({ event: orderEvents, order: orders })
    .from(orderEvents)
    .innerJoin(orders, eq(orders.id, orderEvents.orderId))
    .where(and(eq(orderEvents.kind, 'refund'), gte(orderEvents.at, from), lt(orderEvents.at, to)))
    .orderBy(asc(orderEvents.at), asc(orderEvents.id));
  const entries: AccountingEntry[] = paid.map((o) => {
    const s = orderSplit(o);
    return {
      kind: 'sale',
      at: o.paidAt ?? o.createdAt,
      orderId: o.id,
      chargeId: o.payjpChargeId,
      nonTaxableYen: s.nonTaxableYen,
      taxable10Yen: s.taxable10Yen,
      tax10Yen: s.tax10Yen,
      totalYen: o.amountYen,
    };
  });
  for (const { event, order } of refunds) {
    const amount = Number((event.data as { amountYen?: unknown } | null)?.amountYen);
    if (!Number.isInteger(amount) || amount <= 0) throw new Error(`refund event ${event.id} has no amount`);
    const s = refundSplit(orderSplit(order), amount);
    entries.push({
      kind: 'refund',
      at: event.at,
      orderId: order.id,
      chargeId: order.payjpChargeId,
      nonTaxableYen: -s.nonTaxableYen,
      taxable10Yen: -s.taxable10Yen,
      tax10Yen: -s.tax10Yen,
      totalYen: -amount,
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
 * One CSV field, always quoted (quotes doubled). Text that Excel would take for a formula
 * (=, +, -, @, tab, CR at the start) gets a leading apostrophe; numbers stay numbers.
 */
function field(value: string | number): string {
  const s = typeof value === 'number' ? String(value) : /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return `"${s.replace(/"/g, '""')}"`;
}

/** The CSV bytes: UTF-8 with a BOM (Excel's cue for UTF-8), CRLF line ends, every field quoted. */
export function accountingCsv(entries: AccountingEntry[], serials: Map<string, string>): Uint8Array<ArrayBuffer> {
  const lines = [ACCOUNTING_CSV_HEADER.map(field).join(',')];
  for (const e of entries) {
    lines.push(
      [
        field(jstDate(e.at)),
        field(e.kind === 'sale' ? '売上' : '返金'),
        field(e.orderId),
        field(serials.get(e.orderId) ?? ''),
        field(e.chargeId ?? ''),
        field(e.nonTaxableYen),
        field(e.taxable10Yen),
        field(e.tax10Yen),
        field(e.totalYen),
      ].join(','),
    );
  }
  const t = totalsOf(entries);
  lines.push(
    [
      field('合計'),
      field(`売上${t.sales}件・返金${t.refunds}件`),
      field(''),
      field(''),
      field(''),
      field(t.nonTaxableYen),
      field(t.taxable10Yen),
      field(t.tax10Yen),
      field(t.totalYen),
    ].join(','),
  );
  const text = `${lines.join('\r\n')}\r\n`;
  const body = Buffer.from(text, 'utf8');
  const out = new Uint8Array(body.byteLength + 3);
  out.set([0xef, 0xbb, 0xbf]);
  out.set(body, 3);
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
