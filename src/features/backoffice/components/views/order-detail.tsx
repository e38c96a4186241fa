import Link from '@/components/link';
import { Fragment, type ReactNode } from 'react';
import { notFound } from 'next/navigation';

import { OrderIdParamsSchema, refundStatementUrl } from '@/features/backoffice';
import styles from '../admin.module.css';
import { ExpressBadge, FulfilmentBadge } from '../fulfilment-badge';
import {
  DestinationCorrectionForm,
  FulfilmentForm,
  OrderNoteForm,
  RefundForm,
  ResendReceiptMailButton,
  ResendShippedMailButton,
  TrackingCorrectionForm,
} from '../order-actions';
import { getOrderForAdmin } from '../../server/orders';
import { listOrderRefunds } from '../../server/refunds';
import { listStaff } from '../../server/staff';
import {
  CARRIERS,
  companyRegistryNumber,
  FULFILMENT_LABELS,
  OrderPriceSchema,
  PAYMENT_STATUS_LABELS,
  asOrderStatus,
  formatDestinationAddress,
  isCarrier,
  isDestinationCorrectable,
  isFulfilmentStatus,
  receiptAddresseeOf,
  trackingUrl,
  withHonorific,
} from '@/features/orders';
import type { OrderEventRow } from '@/features/orders/index.server';
import { OUTSIDE_REFUND_LABEL, refundTotals } from '@/features/payments/index.server';
import { NTA_KIND, type NtaKind } from '@/features/registry';
import { formatDateTimeJa, formatIsoDateJa, formatYen } from '@/lib/format';
import { AppError } from '@/server/http/app-error';
import { THREE_D_SECURE } from '@/lib/payment-terms';

const EVENT_KIND = { payment: '決済', fulfilment: '対応状況', refund: '返金', note: 'メモ', receipt: '領収書' } as const;

function statusWord(kind: string, status: string | null): string {
  if (!status) return '—';
  if (kind === 'payment') return PAYMENT_STATUS_LABELS[asOrderStatus(status)].payment;
  return isFulfilmentStatus(status) ? FULFILMENT_LABELS[status] : status;
}

function actorOf(e: OrderEventRow, staffNames: Map<string, string>): string {
  if (e.actorType === 'member') return '会員';
  if (e.actorType === 'staff') return `スタッフ（${(e.actorId && staffNames.get(e.actorId)) || (e.actorId ?? '').slice(0, 8)}）`;
  return 'システム';
}

/** The facts an event's data adds, in words (application / tracking numbers, refund amounts, charge id). */
function eventFacts(e: OrderEventRow): string[] {
  const d = (e.data ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  if (typeof d.chargeId === 'string' && d.chargeId) out.push(`課金ID ${d.chargeId}`);
  if (typeof d.failureCode === 'string' && d.failureCode) out.push(`エラー ${d.failureCode}`);
  if (typeof d.applicationNumber === 'string') out.push(`申請番号 ${d.applicationNumber}`);
  if (isCarrier(d.carrier)) out.push(CARRIERS[d.carrier].label);
  if (typeof d.trackingNumber === 'string') out.push(`追跡番号 ${d.trackingNumber}`);
  if (typeof d.amountYen === 'number') out.push(`返金額 ${formatYen(d.amountYen)}`);
  if (typeof d.refundedYen === 'number') out.push(`返金累計 ${formatYen(d.refundedYen)}`);
  // the member's 領収書の宛名 change (decision 0024)
  if (typeof d.receiptRecipientFrom === 'string' && typeof d.receiptRecipientTo === 'string') {
    out.push(`宛名 ${withHonorific(d.receiptRecipientFrom)} → ${withHonorific(d.receiptRecipientTo)}`);
  }
  return out;
}
import type { StaffSession } from '@/server/auth/staff-session';
import { StaffTable } from '../staff-table';

export async function OrderDetailView({
  session,
  params,
  prefectureOptions,
}: {
  session: StaffSession;
  params: Promise<{ id: string }>;
  /** the 都道府県 options, rendered by the page (purchase's component: a slot, not an import across features) */
  prefectureOptions: ReactNode;
}) {
  const parsed = OrderIdParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const detail = await getOrderForAdmin(parsed.data.id).catch((e: unknown) => {
    if (e instanceof AppError && e.status === 404) notFound();
    throw e;
  });
  const { order, events } = detail;
  const manager = session.staff.role === 'manager';
  const price = OrderPriceSchema.parse(order.price);
  const status = isFulfilmentStatus(order.fulfilmentStatus) ? order.fulfilmentStatus : null;
  const tracking = trackingUrl(order.carrier, order.trackingNumber);
  const [refunds, totals] = await Promise.all([listOrderRefunds(order.id), refundTotals(order.id)]);
  const staffNames = new Map((await listStaff()).map((s) => [s.id, s.displayName]));
  const address = formatDestinationAddress(order);
  return (
    <>
      <p>
        <Link href="/admin/orders">← 注文の一覧へ</Link>
      </p>
      <h1 className={styles.pageTitle}>
        {order.companyName}のご注文 {status ? <FulfilmentBadge status={status} refundedYen={order.refundedYen} /> : null}
        {order.deliverySpeed === 'express' ? <ExpressBadge /> : null}
      </h1>
      <p className={styles.lead}>
        注文番号{' '}
        <span className={`${styles.mono} ${styles.orderNumber}`} data-testid="order-number">
          {order.orderNumber}
        </span>
        <span className={`${styles.sub} ${styles.mono}`}>内部ID {order.id}</span>
      </p>
      <div className={styles.detailGrid}>
        <div>
          <section className={styles.card} aria-labelledby="sec-company">
            <h2 id="sec-company">会社（ご注文時の登記情報）</h2>
            <dl className={styles.dl}>
              <dt>商号</dt>
              <dd>{order.companyName}</dd>
              <dt>法人番号</dt>
              <dd className={styles.mono}>{order.corporateNumber}</dd>
              <dt>会社法人等番号</dt>
              <dd className={styles.mono} data-testid="registry-number">
                {companyRegistryNumber(order.corporateNumber) ?? '—'}
              </dd>
              <dt>法人種別</dt>
              <dd>{NTA_KIND[order.companyKind as NtaKind] ?? order.companyKind}</dd>
              <dt>所在地</dt>
              <dd>{order.companyAddress || <span className="muted">記録なし</span>}</dd>
            </dl>
          </section>
          <section className={styles.card} aria-labelledby="sec-items">
            <h2 id="sec-items">ご注文内容</h2>
            <StaffTable columns={['項目', '単価', '数量', '金額', '税区分']}>
              {price.lines.map((l, i) => (
                <tr key={`${l.kind}-${l.itemId ?? ''}-${i}`}>
                  <td>{l.name}</td>
                  <td className={styles.nowrap}>{formatYen(l.unitPriceYen)}</td>
                  <td>{l.quantity}</td>
                  <td className={styles.nowrap}>{formatYen(l.amountYen)}</td>
                  <td className={styles.nowrap}>{l.taxCategory === 'nonTaxable' ? '非課税' : '10%（税込）'}</td>
                </tr>
              ))}
            </StaffTable>
            <dl className={`${styles.dl} ${styles.dlWide} ${styles.formGap}`}>
              <dt>非課税（法務局手数料）</dt>
              <dd>{formatYen(price.nonTaxableTotalYen)}</dd>
              {price.taxRates.map((r) => (
                <Fragment key={r.ratePercent}>
                  <dt>{r.ratePercent}%対象（税込）</dt>
                  <dd>
                    {formatYen(r.taxInclusiveTotalYen)}（うち消費税 {formatYen(r.taxYen)}）
                  </dd>
                </Fragment>
              ))}
              <dt>合計</dt>
              <dd>
                <strong>{formatYen(order.amountYen)}</strong>
                {order.isFirstPurchase ? '（初回価格）' : ''}
              </dd>
              <dt>配送</dt>
              <dd>
                {order.deliverySpeed === 'express' ? '速達' : '通常'}・お届け予定 {formatIsoDateJa(order.scheduledStartDate)}〜
                {formatIsoDateJa(order.scheduledEndDate)}
              </dd>
            </dl>
          </section>
          <section className={styles.card} aria-labelledby="sec-dest">
            <h2 id="sec-dest">お届け先・領収書</h2>
            <dl className={styles.dl}>
              <dt>お届け先</dt>
              <dd>
                {address}
                <br />
                {withHonorific(order.recipient)}
              </dd>
              <dt>領収書の宛名</dt>
              <dd>{withHonorific(receiptAddresseeOf(order))}</dd>
              <dt>領収書番号</dt>
              <dd>
                {detail.receiptSerial ? (
                  <span className={styles.mono}>{detail.receiptSerial}</span>
                ) : (
                  <span className="muted">未発行（会員が初めて領収書をダウンロードしたときに採番されます）</span>
                )}
              </dd>
              <dt>会員</dt>
              <dd>{detail.memberEmail ?? <span className="muted">退会済み</span>}</dd>
            </dl>
            {isDestinationCorrectable(order) ? (
              <DestinationCorrectionForm
                orderId={order.id}
                current={{
                  recipient: order.recipient,
                  destinationZipCode: order.destinationZipCode,
                  destinationPrefecture: order.destinationPrefecture,
                  destinationCity: order.destinationCity,
                  destinationStreet: order.destinationStreet,
                  destinationApartmentEtc: order.destinationApartmentEtc,
                }}
                prefectureOptions={prefectureOptions}
              />
            ) : null}
          </section>
          <section className={styles.card} aria-labelledby="sec-pay">
            <h2 id="sec-pay">お支払い</h2>
            <dl className={styles.dl}>
              <dt>決済状況</dt>
              <dd>{PAYMENT_STATUS_LABELS[asOrderStatus(order.status)].payment}</dd>
              <dt>お支払い日時</dt>
              <dd>{order.paidAt ? formatDateTimeJa(order.paidAt) : '—'}</dd>
              <dt>PAY.JP 課金ID</dt>
              <dd className={styles.mono}>{order.payjpChargeId ?? '—'}</dd>
              <dt>{THREE_D_SECURE}</dt>
              <dd>{detail.threeDSecure === 'verified' ? '本人認証を経て決済' : '本人認証なしで決済'}</dd>
              <dt>カード</dt>
              <dd>{order.cardBrand && order.cardLast4 ? `${order.cardBrand}（末尾 ${order.cardLast4}）` : '—'}</dd>
              <dt>返金済み</dt>
              <dd>{order.refundedYen > 0 ? formatYen(order.refundedYen) : 'なし'}</dd>
            </dl>
            {order.status === 'paid' && detail.memberEmail ? (
              <div className={styles.formGap}>
                <ResendReceiptMailButton orderId={order.id} />
              </div>
            ) : null}
          </section>
        </div>
        <div>
          <section className={styles.card} aria-labelledby="sec-fulfil">
            <h2 id="sec-fulfil">対応</h2>
            <dl className={styles.dl}>
              <dt>対応状況</dt>
              <dd>{status ? FULFILMENT_LABELS[status] : '—'}</dd>
              {order.applicationNumber ? (
                <>
                  <dt>申請番号</dt>
                  <dd className={styles.mono}>{order.applicationNumber}</dd>
                </>
              ) : null}
              {order.trackingNumber ? (
                <>
                  <dt>追跡番号</dt>
                  <dd>
                    {isCarrier(order.carrier) ? `${CARRIERS[order.carrier].label} ` : ''}
                    {tracking ? (
                      <a href={tracking} target="_blank" rel="noopener noreferrer">
                        {order.trackingNumber}
                      </a>
                    ) : (
                      order.trackingNumber
                    )}
                  </dd>
                </>
              ) : null}
            </dl>
            {detail.shippedMailPending ? (
              <div className={styles.alert} role="alert">
                <p>会員への発送のお知らせメールが送信できていません。</p>
                <ResendShippedMailButton orderId={order.id} />
              </div>
            ) : null}
            {status ? (
              <div className={styles.formGap}>
                <FulfilmentForm orderId={order.id} status={status} />
              </div>
            ) : null}
            {status === 'shipped' && order.trackingNumber ? (
              <TrackingCorrectionForm orderId={order.id} carrier={order.carrier} trackingNumber={order.trackingNumber} />
            ) : null}
          </section>
          <section className={styles.card} aria-labelledby="sec-refund" data-testid="refund-section">
            <h2 id="sec-refund">返金</h2>
            {refunds.length > 0 ? (
              // A list, not a table: the column is narrow, and the reason is free text.
              <ol className={styles.timeline} data-testid="refund-list">
                {refunds.map((r) => (
                  <li key={r.id}>
                    <strong>{r.statusLabel}</strong>・{formatYen(r.amountYen)}
                    {r.nonTaxableYen > 0 ? `（うち法務局手数料 ${formatYen(r.nonTaxableYen)}）` : ''}
                    <span className={styles.timelineWhen}>
                      {' '}
                      {formatDateTimeJa(new Date(r.settledAt ?? r.requestedAt))}・
                      {r.madeOutside ? OUTSIDE_REFUND_LABEL : (r.staffName ?? '—')}
                    </span>
                    <span className={styles.sub}>理由：{r.reason}</span>
                    {r.status === 'succeeded' ? (
                      // The member's own statement (frozen when the refund was recorded); opens in the PDF viewer.
                      <span className={styles.sub}>
                        <a href={refundStatementUrl(order.id, r.id)} target="_blank" rel="noopener">
                          返金明細書（PDF）
                        </a>
                      </span>
                    ) : null}
                  </li>
                ))}
              </ol>
            ) : (
              <p className="muted">返金はありません。</p>
            )}
            {refunds.some((r) => r.status === 'unknown' || r.status === 'requested') ? (
              <p className={styles.alert} role="status">
                PAY.JP からの結果を確認中の返金があります。数分以内に自動で確定します。確定するまで新しい返金はできません。
              </p>
            ) : null}
            {manager ? (
              totals && totals.refundableYen > 0 && status && status !== 'cancelled' && status !== 'refunded' ? (
                <div className={styles.formGap}>
                  <RefundForm orderId={order.id} refundableYen={totals.refundableYen} nonTaxableYen={order.nonTaxableYen} />
                </div>
              ) : null
            ) : (
              <p className="muted">返金はマネージャーが行います。</p>
            )}
          </section>
          <section className={styles.card} aria-labelledby="sec-note">
            <h2 id="sec-note">スタッフメモ</h2>
            <OrderNoteForm orderId={order.id} />
          </section>
          <section className={styles.card} aria-labelledby="sec-timeline">
            <h2 id="sec-timeline">タイムライン</h2>
            <ol className={styles.timeline} data-testid="order-timeline">
              {events.map((e) => (
                <li key={e.id}>
                  <span className={styles.timelineWhen}>
                    {formatDateTimeJa(e.at)}・{actorOf(e, staffNames)}
                  </span>
                  <br />
                  <strong>{EVENT_KIND[e.kind as keyof typeof EVENT_KIND] ?? e.kind}</strong>
                  {e.kind === 'note' || e.kind === 'receipt' ? null : (
                    <>
                      ：{statusWord(e.kind, e.fromStatus)} → {statusWord(e.kind, e.toStatus)}
                    </>
                  )}
                  {eventFacts(e).length ? <span className={styles.sub}>{eventFacts(e).join('・')}</span> : null}
                  {e.note ? <span style={{ display: 'block', whiteSpace: 'pre-wrap' }}>{e.note}</span> : null}
                </li>
              ))}
            </ol>
          </section>
        </div>
      </div>
    </>
  );
}
