'use client';

import Link from '@/components/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';

import { latestOrderKey, loadCancelUnpaidOrder, loadCardHolderChecks, retryPayment, type PaymentCard } from '@/features/payments';
import { loadAddresseeRules, type withHonorific } from '@/features/orders';
import { useSummaryOnDemand } from '@/components/form/summary-on-demand';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ApiError } from '@/lib/api-client';
import { formatDateTimeJa, formatYen } from '@/lib/format';
import { useApi } from '@/lib/use-api';

import { CARD_FIELDS, CHOOSE_CARD_MESSAGE, CardSection, useCardSection } from './card-section';
import { Pending, PurchasePage, Section } from './flow-parts';
import { scheduledDelivery } from './scheduled-delivery';
import { OrderLinesTable } from './order-lines';
import { returnErrorText } from './return-messages';
import orderStyles from './order-summary.module.css';
import styles from './purchase.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const HISTORY = '/my-page/payment-history';

/**
 * /purchase/resume?paymentId=…: お支払いの再開 of an unpaid order from the payment history
 * (docs/decisions/0023) — the order as the server keeps it (not this tab's purchase state), the
 * same or another card, a new 3-D Secure attempt, or この申込みを取り消す.
 */
/**
 * The honorific rule (docs/decisions/0024) and この申込みを取り消す: both shown only once the order has
 * arrived from the server after hydration, so they arrive with the first load rather than in it —
 * the rule imported as the page's code is evaluated, as on the confirmation (docs/decisions/0047,
 * 0097).
 */
const honorificRule: Promise<typeof withHonorific> = loadAddresseeRules().then((m) => m.withHonorific);
const CancelUnpaidOrder = lazy(loadCancelUnpaidOrder);

export function ResumePayment({ payjpJsUrl }: { payjpJsUrl: string }) {
  const router = useRouter();
  const params = useSearchParams();
  const paymentId = params.get('paymentId') ?? '';
  const errorCode = params.get('payment_error');
  const latest = useApi(UUID.test(paymentId) ? latestOrderKey(paymentId) : null);
  const order = latest.data?.order;
  const open = order?.resumable === true;
  // The same card part as the recipient step; the card chosen is sent with the retry, nothing is kept in this tab.
  const card = useCardSection({ payjpJsUrl, active: open });
  const { publicKey } = card;
  const [failure, setFailure] = useState('');
  // What PAY.JP's return reported (?payment_error=…), until something here replaces it; its words
  // are loaded on demand (not on the page's first load).
  useEffect(() => {
    if (!errorCode) return;
    let current = true;
    void returnErrorText(errorCode).then((message) => {
      if (current) setFailure(message);
    });
    return () => {
      current = false;
    };
  }, [errorCode]);
  const [submitting, setSubmitting] = useState(false);
  const summaryRef = useRef<HTMLDivElement | null>(null);
  // The form kit's error summary, loaded with the first errors (a member paying again seldom sees it).
  const summary = useSummaryOnDemand(Object.values(card.errors).some(Boolean));
  const busy = useRef(false);
  const [honorific, setHonorific] = useState<typeof withHonorific | null>(null);
  useEffect(() => {
    let live = true;
    void honorificRule.then((rule) => {
      if (live) setHonorific(() => rule);
    });
    return () => {
      live = false;
    };
  }, []);

  if (!UUID.test(paymentId)) return <Closed message="お申込みが見つかりませんでした。お支払い履歴からやり直してください。" />;
  if (latest.error) return <Closed message={latest.error instanceof Error ? latest.error.message : 'お申込みを読み込めませんでした。'} />;
  if (!order) return <LoadingOverlay />;

  if (order.status === 'paid') {
    return (
      <Closed title="お支払いは完了しています" message="このお申込みはお支払いが完了しています。ご注文を承りました。">
        <Link href={`/purchase/completion?paymentId=${order.paymentId}`}>ご注文の内容を見る</Link>
      </Closed>
    );
  }
  if (!open) {
    return (
      <Closed
        title="このお申込みはお支払いいただけません"
        message={
          order.statusMeaning ??
          'お支払いの結果を確認しています。二重のご請求を防ぐため、確認が終わるまでお待ちください（お支払い履歴で状況をご確認いただけます）。'
        }
      />
    );
  }

  async function pay() {
    if (busy.current || !order) return;
    // Taken before the first await: a second click while the summary loads does not pay twice.
    busy.current = true;
    const [kit, cardChecks] = await Promise.all([summary.prepare(), loadCardHolderChecks()]);
    // Committed at once, so that the summary exists when it is focused.
    let cardErrors = {};
    flushSync(() => {
      cardErrors = card.validate(cardChecks);
      kit.show();
    });
    if (Object.keys(cardErrors).length > 0) {
      busy.current = false;
      kit.focus(summaryRef);
      return;
    }
    setSubmitting(true);
    setFailure('');
    try {
      const chosen = await card.choose();
      // This page offers no card entered earlier in the purchase flow (its token is of that tab).
      if (chosen.kind === 'entered') throw new Error(CHOOSE_CARD_MESSAGE);
      const paidWith: PaymentCard = chosen.kind === 'registered' ? { cardId: chosen.card.id } : { token: chosen.token.id };
      const result = await retryPayment({ paymentId: order.paymentId, card: paidWith, attempt: order.paymentAttempt });
      if (result.status === 'awaiting_3ds') {
        window.location.assign(result.redirectUrl);
        return;
      }
      if (result.status === 'failed' || result.status === 'expired') {
        setFailure(result.failure.message);
        await latest.mutate();
      } else {
        router.push(`/purchase/completion?paymentId=${result.paymentId}`);
        return;
      }
    } catch (error) {
      if (error instanceof ApiError) await latest.mutate();
      setFailure(error instanceof Error ? error.message : 'お支払いを再開できませんでした。');
    }
    busy.current = false;
    setSubmitting(false);
  }

  const deadline = order.paymentDeadline ? formatDateTimeJa(new Date(order.paymentDeadline)) : null;
  return (
    <PurchasePage
      title="お支払いの再開"
      step={2}
      lead="お支払いが完了していないお申込みです。カードを選んで、もう一度お支払いいただけます。"
    >
      {submitting ? <LoadingOverlay message="お支払い手続き中です。画面を閉じずにお待ちください。" /> : null}
      {summary.Summary ? (
        <summary.Summary id="form-errors" message={null} errors={card.errors} fields={CARD_FIELDS} summaryRef={summaryRef} />
      ) : null}
      <div className="notice-box" data-testid="resume-status" style={{ marginBottom: 20 }}>
        <p style={{ margin: 0 }}>
          <strong>{order.statusLabel}</strong>：{order.statusMeaning}
        </p>
        {deadline ? (
          <p style={{ margin: '8px 0 0' }}>お支払い期限：{deadline}まで（期限を過ぎると、このお申込みは無効になります）</p>
        ) : null}
      </div>

      <Section title="ご注文の内容" id="items">
        <p className={orderStyles.company}>
          <span className={orderStyles.companyName}>{order.company.name}</span>
          <br />
          <span className="muted">法人番号 {order.company.corporateNumber}</span>
        </p>
        <OrderLinesTable lines={order.lines} />
        <div className={orderStyles.orderTotal}>
          <div className={orderStyles.totalRow}>
            <span>お支払い金額（税込）</span>
            <span className={orderStyles.totalAmount} data-testid="total" style={{ whiteSpace: 'nowrap' }}>
              {formatYen(order.totalYen)}
            </span>
          </div>
        </div>
        <dl className={orderStyles.dl}>
          <dt>お届け予定</dt>
          <dd>{scheduledDelivery(order)}</dd>
          <dt>お届け先</dt>
          <dd>
            〒{order.destination.destinationZipCode.replace(/^(\d{3})(\d{4})$/, '$1-$2')} {order.destination.destinationPrefecture}
            {order.destination.destinationCity}
            {order.destination.destinationStreet} {order.destination.destinationApartmentEtc}
            <br />
            {honorific ? honorific(order.destination.recipient) : <Pending kind="name" />}
          </dd>
        </dl>
      </Section>

      <CardSection
        card={card}
        unavailable="ただいまカードでのお支払いをご利用いただけません。時間をおいてお試しいただくか、お問い合わせください。"
      />

      {failure ? (
        <p className="error-box" role="alert" id="resume-error" data-testid="order-error">
          {failure}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Link className="button button-secondary" href={HISTORY}>
          お支払い履歴に戻る
        </Link>
        <button
          type="button"
          className="button"
          disabled={submitting || !publicKey}
          aria-describedby={failure ? 'resume-error' : undefined}
          onClick={() => void pay()}
        >
          {submitting ? '処理中…' : `お支払いを再開する（${formatYen(order.totalYen)}）`}
        </button>
      </div>
      <Suspense fallback={null}>
        <CancelUnpaidOrder paymentId={order.paymentId} onDone={() => void latest.mutate()} />
      </Suspense>
    </PurchasePage>
  );
}

function Closed({ title = 'お支払いの再開', message, children }: { title?: string; message: string; children?: React.ReactNode }) {
  return (
    <PurchasePage title={title} step={2}>
      <p className="notice-box" role="status" data-testid="resume-closed">
        {message}
      </p>
      <p>
        {children ? <>{children}　</> : null}
        <Link href={HISTORY}>お支払い履歴に戻る</Link>
      </p>
    </PurchasePage>
  );
}
