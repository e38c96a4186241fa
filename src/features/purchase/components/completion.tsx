'use client';

import Link from '@/components/link';
import { useSearchParams } from 'next/navigation';
import { useEffect } from 'react';

import { receiptAddresseeOf, withHonorific } from '@/features/orders';
import { latestOrderKey, type LatestOrder } from '@/features/payments';
import { LoadingOverlay } from '@/components/loading-overlay';
import { useHydrated } from '@/lib/use-stored-value';
import { resetPiece, setPiece, useClientState } from '@/lib/client-store';
import { formatDestinationAddress } from '@/features/orders';
import { formatDateTimeJa, formatYen } from '@/lib/format';
import { PAYMENT_HISTORY_PAGE } from '@/lib/page-names';
import { useApi } from '@/lib/use-api';

import { PurchasePage, Section } from './flow-parts';
import { scheduledDelivery } from './scheduled-delivery';
import { OrderLinesTable } from './order-lines';
import orderStyles from './order-summary.module.css';
import styles from './purchase.module.css';

/** What GET /api/payments/latest answers (the server render gives it to the page, docs/decisions/0033). */
export type { LatestOrder };

const UNSETTLED = new Set(['pending', 'charging', 'awaiting_3ds', 'unknown']);

/**
 * /purchase/completion: the order's outcome from GET /api/payments/latest; resets the flow once paid.
 * The order named in the address (`?paymentId=`, as the confirmation and PAY.JP's return send it)
 * is rendered by the server (`initialOrder`), so the page paints before its JavaScript arrives
 * (docs/decisions/0033); without it, the order this tab stored is asked for after hydration.
 */
export function Completion({ initialOrder = null }: { initialOrder?: LatestOrder | null }) {
  const params = useSearchParams();
  const named = params.get('paymentId');
  // The order named in the address needs nothing from storage, so the page is not rendered a second
  // time once hydrated (the storage hooks below would do that; issue 13 §1, docs/decisions/0038).
  return named !== null ? <CompletionOf paymentId={named} initialOrder={initialOrder} /> : <StoredCompletion />;
}

/** Without one in the address, this tab's order is in browser storage, read once hydrated. */
function StoredCompletion() {
  // (null until then: nothing fetched; the server render has no storage)
  const hydrated = useHydrated();
  const stored = useClientState('newPaymentHistory');
  return <CompletionOf paymentId={hydrated ? (stored.paymentId ?? '') : null} initialOrder={null} />;
}

function CompletionOf({ paymentId, initialOrder }: { paymentId: string | null; initialOrder: LatestOrder | null }) {
  const latest = useApi(paymentId === null ? null : latestOrderKey(paymentId || undefined), {
    ...(initialOrder && paymentId === initialOrder.paymentId ? { fallbackData: { order: initialOrder } } : {}),
    // While the outcome is being checked, look again every few seconds.
    refreshInterval: (data) => (data && UNSETTLED.has(data.order.status) ? 4000 : 0),
  });
  const order = latest.data?.order;

  useEffect(() => {
    if (order?.status !== 'paid') return;
    // spec §4: the purchase state is reset once the order is complete.
    resetPiece('purchaseItemData');
    resetPiece('destination');
    resetPiece('newCard');
    resetPiece('registeredCard');
    setPiece('flags', (f) => ({ ...f, isAgreement: false }));
  }, [order?.status]);

  if (!latest.data && !latest.error) return <LoadingOverlay />;
  if (!order) {
    return (
      <PurchasePage title="ご注文の完了" step={3}>
        <p className="error-box" role="alert">
          {latest.error instanceof Error ? latest.error.message : 'ご注文が見つかりませんでした。'}
        </p>
        <p>
          <Link href="/search">会社を検索する</Link>
        </p>
      </PurchasePage>
    );
  }

  const paid = order.status === 'paid';
  const failed = order.status === 'failed' || order.status === 'expired' || order.status === 'cancelled';
  return (
    <PurchasePage
      title={paid ? 'ご注文ありがとうございました' : failed ? 'お支払いが完了していません' : 'お支払いを確認しています'}
      step={3}
    >
      <Section title="ご注文の状況" id="status">
        <p className={`${orderStyles.status} ${paid ? orderStyles.success : ''}`} data-testid="order-status">
          {order.statusLabel}
        </p>
        {paid ? (
          <p>ご注文を承りました。確認のメールをお送りしました。証明書は法務局で取得のうえ、お届け予定日までに郵便でお届けします。</p>
        ) : failed ? (
          <>
            <p className="error-box" role="alert">
              {order.failure?.message ?? order.statusMeaning}
            </p>
            <p>
              {order.resumable ? (
                <Link href={`/purchase/resume?paymentId=${order.paymentId}`}>お支払いを再開する</Link>
              ) : (
                <Link href="/purchase/confirmation">ご注文内容の確認に戻る</Link>
              )}
            </p>
          </>
        ) : (
          <p className="notice-box" role="status">
            お支払いの結果を確認しています。二重のご請求を防ぐため、もう一度お支払いはせずに、このままお待ちください（自動で更新します）。
          </p>
        )}
        <dl className={orderStyles.dl}>
          <dt>注文番号</dt>
          <dd data-testid="order-number" className={orderStyles.orderNumber}>
            {order.orderNumber}
          </dd>
          <dt>ご注文日時</dt>
          <dd>{formatDateTimeJa(new Date(order.createdAt))}</dd>
          <dt>対象の会社</dt>
          <dd>
            {order.company.name}（法人番号 {order.company.corporateNumber}）
          </dd>
          <dt>お支払い金額</dt>
          <dd data-testid="order-total">{formatYen(order.totalYen)}（税込）</dd>
          {order.card ? (
            <>
              <dt>お支払い方法</dt>
              <dd>
                クレジットカード（{order.card.brand} 末尾 {order.card.last4}）
              </dd>
            </>
          ) : null}
          <dt>お届け予定</dt>
          <dd>{scheduledDelivery(order)}</dd>
          <dt>お届け先</dt>
          <dd>
            {formatDestinationAddress(order.destination)}
            <br />
            {withHonorific(order.destination.recipient)}
          </dd>
          <dt>領収書の宛名</dt>
          <dd data-testid="receipt-addressee">{withHonorific(receiptAddresseeOf(order.destination))}</dd>
        </dl>
      </Section>
      <Section title="ご注文の明細" id="lines">
        <OrderLinesTable lines={order.lines} />
      </Section>
      <div className={styles.actions}>
        <Link className="button button-secondary" href="/search">
          会社の検索に戻る
        </Link>
        <Link className="button button-secondary" href={PAYMENT_HISTORY_PAGE.path}>
          {PAYMENT_HISTORY_PAGE.name}を見る
        </Link>
        {order.receiptUrl ? (
          <a className="button" href={order.receiptUrl} target="_blank" rel="noopener" data-testid="receipt-link">
            領収書（PDF）を表示する
          </a>
        ) : null}
      </div>
    </PurchasePage>
  );
}
