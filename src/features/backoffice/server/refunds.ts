import 'server-only';

import { inArray } from 'drizzle-orm';

import { staffUsers } from '@db/schema';
import {
  findRefundStatementOfOrder,
  type FoundRefundStatement,
  listRefunds,
  requestRefund,
  type Refund,
  type RefundAuditEvent,
  type RefundStatus,
  type RefundTotals,
} from '@/features/payments/index.server';
import { getDb, type Db } from '@/server/db/client';
import { AppError } from '@/server/http/app-error';

import type { RefundBody } from '../schemas';

import { recordAudit } from './audit';
import type { Actor } from './notices';

/**
 * A manager's refund from the order page (issue 12 "Cancel and refund", decision 0018): the
 * payments feature makes it at PAY.JP, records it on the order and mails the member (0100: this
 * side only adds its audit row). The audit row is written inside the transaction that writes the
 * `requested` refund row (requestRefund's `audit`), before PAY.JP is called: the request is never made without
 * its audit row, nor audited without being made. Its outcome (完了/失敗/確認中) is the refund row's
 * status, shown beside it on the order page — a later audit row for the outcome would be a second
 * row for one action, and the reconciler's settling is not a staff action.
 */
export async function refundOrderAsManager(
  actor: Actor,
  orderId: string,
  body: RefundBody,
): Promise<{ refund: RefundListItem; totals: RefundTotals }> {
  const { refund, totals } = await requestRefund(
    {
      orderId,
      amountYen: body.amountYen,
      reason: body.reason,
      staffId: actor.id,
      requestKey: body.idempotencyKey,
      ...(body.ministryFeeYen !== undefined ? { ministryFeeYen: body.ministryFeeYen } : {}),
    },
    {
      audit: (tx, { refund: requested, before }) =>
        recordAudit(
          {
            staffId: actor.id,
            action: 'order.refund',
            targetType: 'order',
            targetId: orderId,
            before: { refundedYen: before.refundedYen, refundableYen: before.refundableYen },
            after: {
              refundId: requested.id,
              amountYen: requested.amountYen,
              taxableYen: requested.taxableYen,
              taxYen: requested.taxYen,
              nonTaxableYen: requested.nonTaxableYen,
              reason: requested.reason,
            },
            ip: actor.ip,
          },
          tx,
        ),
    },
  );
  const [item] = await withStaffNames([refund]);
  if (!item) throw new Error('refund vanished');
  return { refund: item, totals };
}

/**
 * A member's 返金明細書 for staff answering the member (any staff role: it is the statement the
 * member can download, frozen when the refund was recorded, and reading it changes nothing). Each
 * download writes an audit row, as the accounting export does: it is a member's document leaving
 * the back office.
 */
export async function refundStatementForStaff(
  actor: Actor,
  orderId: string,
  refundId: string,
  options: { download: boolean },
): Promise<FoundRefundStatement> {
  const found = await findRefundStatementOfOrder(orderId, refundId);
  if (!found) throw new AppError('not_found', { message: REFUND_STATEMENT_NOT_FOUND });
  // A HEAD request reads no document: no audit row.
  if (options.download)
    await recordAudit({
      staffId: actor.id,
      action: 'order.refund_statement',
      targetType: 'order',
      targetId: orderId,
      after: { refundId },
      ip: actor.ip,
    });
  return found;
}

export const REFUND_STATEMENT_NOT_FOUND = '返金明細書が見つかりません。返金が完了した返金の明細書のみダウンロードできます。';

/**
 * The audit row of a refund made outside hojin (PAY.JP's dashboard), written in the transaction
 * that records it (recordOutsideRefund's `audit`, from the webhook): no staff member, the
 * order's refunded and refundable amounts before and after, and when PAY.JP made it.
 */
export function auditOutsideRefund(tx: Db, { refund, before }: RefundAuditEvent): Promise<void> {
  return recordAudit(
    {
      staffId: null,
      action: 'order.refund_outside',
      targetType: 'order',
      targetId: refund.orderId,
      before: { refundedYen: before.refundedYen, refundableYen: before.refundableYen },
      after: {
        refundedYen: before.refundedYen + refund.amountYen,
        refundableYen: Math.max(0, before.refundableYen - refund.amountYen),
        refundId: refund.id,
        amountYen: refund.amountYen,
        taxableYen: refund.taxableYen,
        taxYen: refund.taxYen,
        nonTaxableYen: refund.nonTaxableYen,
        reason: refund.reason,
        refundedAt: refund.settledAt,
      },
      ip: null,
    },
    tx,
  );
}

/** The order page's labels for a refund's state. */
export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = {
  requested: '処理中',
  succeeded: '完了',
  failed: '失敗',
  unknown: '確認中',
};

export interface RefundListItem {
  id: string;
  status: RefundStatus;
  statusLabel: string;
  amountYen: number;
  taxableYen: number;
  taxYen: number;
  nonTaxableYen: number;
  reason: string;
  staffName: string | null;
  /** Made outside hojin (PAY.JP's dashboard), learnt from its webhook: no manager of ours asked. */
  madeOutside: boolean;
  requestedAt: string;
  settledAt: string | null;
  failureCode: string | null;
}

async function withStaffNames(rows: Refund[]): Promise<RefundListItem[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.requestedBy ? [r.requestedBy] : [])))];
  const db = await getDb();
  const staff =
    ids.length > 0
      ? await db.select({ id: staffUsers.id, name: staffUsers.displayName }).from(staffUsers).where(inArray(staffUsers.id, ids))
      : [];
  const names = new Map(staff.map((s) => [s.id, s.name]));
  return rows.map((r) => ({
    id: r.id,
    status: r.status,
    statusLabel: REFUND_STATUS_LABELS[r.status],
    amountYen: r.amountYen,
    taxableYen: r.taxableYen,
    taxYen: r.taxYen,
    nonTaxableYen: r.nonTaxableYen,
    reason: r.reason,
    staffName: (r.requestedBy && names.get(r.requestedBy)) ?? null,
    madeOutside: r.origin === 'payjp',
    requestedAt: r.requestedAt.toISOString(),
    settledAt: r.settledAt?.toISOString() ?? null,
    failureCode: r.failureCode,
  }));
}

/** The refunds of an order, oldest first, for the order page (staff and managers). */
export async function listOrderRefunds(orderId: string): Promise<RefundListItem[]> {
  return withStaffNames(await listRefunds(orderId));
}
