'use client';

import Link from '@/components/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

import { latestOrderKey, retryPayment, type PaymentCard } from '@/features/payments/client/api';
import { cardsKey, fetchPayjpPublicKey } from '@/features/payments/client/cards';
import { payjpBuyerMessageText } from '@/features/payments/client/card-form';
import { CancelUnpaidOrder } from '@/features/payments/index.client';
import { Field } from '@/components/form/field';
import { FieldGroup, Legend } from '@/components/form/group';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ApiError } from '@/lib/api-client';
import { storedUserEmail } from '@/lib/browser-storage';
import { useStoredValue } from '@/lib/use-stored-value';
import { formatDateTimeJa, formatYen } from '@/lib/format';
import { useApi } from '@/lib/use-api';

import { PurchasePage, Section, dateWindow } from './flow-parts';
import { getPayjp, type PayjpCardElement, type PayjpInstance } from './payjp-js';
import styles from './purchase.module.css';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const CARD_NAME = /^[A-Za-z0-9 .-]{1,45}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const HISTORY = '/my-page/payment-history';

/**
 * /purchase/resume?paymentId=…: お支払いの再開 of an unpaid order from the payment history
 * (docs/decisions/0023) — the order as the server keeps it (not this tab's purchase state), the
 * same or another card, a new 3-D Secure attempt, or この申込みを取り消す.
 */
export function ResumePayment({ payjpJsUrl }: { payjpJsUrl: string }) {
  const router = useRouter();
  const params = useSearchParams();
  const paymentId = params.get('paymentId') ?? '';
  const errorCode = params.get('payment_error');
  const latest = useApi(UUID.test(paymentId) ? latestOrderKey(paymentId) : null);
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const cards = useApi(publicKey ? cardsKey() : null);
  const [mode, setMode] = useState<'registered' | 'new'>('new');
  const [selectedCard, setSelectedCard] = useState('');
  const [cardName, setCardName] = useState('');
  // The account's address from browser storage (read once hydrated) until the buyer types another.
  const storedEmail = useStoredValue(storedUserEmail);
  const [typedEmail, setCardEmail] = useState<string | null>(null);
  const cardEmail = typedEmail ?? storedEmail ?? '';
  const [failure, setFailure] = useState('');
  // What PAY.JP's return reported (?payment_error=…), until something here replaces it; its words
  // are loaded on demand (not on the page's first load).
  useEffect(() => {
    if (!errorCode) return;
    let current = true;
    void payjpBuyerMessageText(errorCode).then((message) => {
      if (current) setFailure(message);
    });
    return () => {
      current = false;
    };
  }, [errorCode]);
  const [submitting, setSubmitting] = useState(false);
  const payjpRef = useRef<PayjpInstance | null>(null);
  const elementRef = useRef<PayjpCardElement | null>(null);
  const mountRef = useRef<HTMLDivElement | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    // The public key is read after hydration.
    void fetchPayjpPublicKey()
      .then((r) => setPublicKey(typeof r.result === 'string' ? r.result : ''))
      .catch(() => setPublicKey(''));
  }, []);

  // A registered card is preferred once the list arrives.
  useEffect(() => {
    const list = cards.data?.cards ?? [];
    if (list.length > 0 && !selectedCard) {
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setSelectedCard((list.find((c) => c.isDefault) ?? list[0])!.id);
      setMode('registered');
    }
  }, [cards.data, selectedCard]);

  const order = latest.data?.order;
  const open = order?.resumable === true;

  // PAY.JP's card iframe while the new-card option is shown.
  useEffect(() => {
    if (!publicKey || mode !== 'new' || !open || !mountRef.current) return;
    let cancelled = false;
    let element: PayjpCardElement | null = null;
    void getPayjp(payjpJsUrl, publicKey)
      .then((payjp) => {
        if (cancelled || !mountRef.current) return;
        payjpRef.current = payjp;
        element = payjp.elements().create('card');
        element.mount(mountRef.current);
        elementRef.current = element;
      })
      .catch(() => setFailure('カード情報の入力欄を読み込めませんでした。ページを再読み込みしてください。'));
    return () => {
      cancelled = true;
      element?.destroy();
      elementRef.current = null;
    };
  }, [publicKey, mode, open, payjpJsUrl]);

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
    const registered = cards.data?.cards ?? [];
    if (mode === 'registered' && !registered.some((c) => c.id === selectedCard)) {
      setFailure('お支払いに使うカードを選択してください。');
      return;
    }
    if (mode === 'new' && !CARD_NAME.test(cardName.trim())) {
      setFailure('カード名義は半角英字（45文字以内）で、カードに記載のとおり入力してください。');
      return;
    }
    if (mode === 'new' && !EMAIL.test(cardEmail.trim())) {
      setFailure('本人認証（3Dセキュア）に使うメールアドレスを入力してください。');
      return;
    }
    busy.current = true;
    setSubmitting(true);
    setFailure('');
    try {
      let card: PaymentCard;
      if (mode === 'registered') {
        card = { cardId: selectedCard };
      } else {
        const payjp = payjpRef.current;
        const element = elementRef.current;
        if (!payjp || !element) throw new Error('カード情報の入力欄を読み込めませんでした。ページを再読み込みしてください。');
        const token = await payjp.createToken(element, { card: { name: cardName.trim().toUpperCase(), email: cardEmail.trim() } });
        if ('error' in token) throw new Error(token.error.code ? await payjpBuyerMessageText(token.error.code) : token.error.message);
        card = { token: token.id };
      }
      const result = await retryPayment({ paymentId: order.paymentId, card });
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
  const registered = cards.data?.cards ?? [];
  return (
    <PurchasePage
      title="お支払いの再開"
      step={2}
      lead="お支払いが完了していないお申込みです。カードを選んで、もう一度お支払いいただけます。"
    >
      {submitting ? <LoadingOverlay message="お支払い手続き中です。画面を閉じずにお待ちください。" /> : null}
      <div className="notice-box" data-testid="resume-status" style={{ marginBottom: 20 }}>
        <p style={{ margin: 0 }}>
          <strong>{order.statusLabel}</strong>：{order.statusMeaning}
        </p>
        {deadline ? (
          <p style={{ margin: '8px 0 0' }}>お支払い期限：{deadline}まで（期限を過ぎると、このお申込みは無効になります）</p>
        ) : null}
      </div>

      <Section title="ご注文の内容" id="items">
        <p className={styles.company}>
          <span className={styles.companyName}>{order.company.name}</span>
          <br />
          <span className={styles.muted}>法人番号 {order.company.corporateNumber}</span>
        </p>
        <table className={styles.priceTable}>
          <tbody>
            {order.lines.map((l) => (
              <tr key={`${l.kind}-${l.itemId ?? ''}`}>
                <td>{l.name}</td>
                <td className={styles.num}>{l.kind === 'expressFee' ? '1回' : `${l.quantity}通`}</td>
                <td className={styles.num}>{formatYen(l.amountYen)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className={styles.orderTotal}>
          <div className={styles.totalRow}>
            <span>お支払い金額（税込）</span>
            <span className={styles.totalAmount} data-testid="total" style={{ whiteSpace: 'nowrap' }}>
              {formatYen(order.totalYen)}
            </span>
          </div>
        </div>
        <dl className={styles.dl}>
          <dt>お届け予定</dt>
          <dd>
            {dateWindow(order.scheduledStartDate, order.scheduledEndDate)}（{order.deliverySpeed === 'express' ? '速達' : '通常'}配送）
          </dd>
          <dt>お届け先</dt>
          <dd>
            〒{order.destination.destinationZipCode.replace(/^(\d{3})(\d{4})$/, '$1-$2')} {order.destination.destinationPrefecture}
            {order.destination.destinationCity}
            {order.destination.destinationStreet} {order.destination.destinationApartmentEtc}
            <br />
            {order.destination.recipient} 様
          </dd>
        </dl>
      </Section>

      <Section title="お支払い方法（クレジットカード）" id="card-section">
        {publicKey === null ? <p className={styles.muted}>読み込み中…</p> : null}
        {publicKey === '' ? (
          <p className="notice-box" role="alert">
            ただいまカードでのお支払いをご利用いただけません。時間をおいてお試しいただくか、お問い合わせください。
          </p>
        ) : null}
        {publicKey ? (
          <>
            {registered.length > 0 ? (
              <fieldset className={styles.cardList}>
                <Legend>登録済みのカード</Legend>
                {registered.map((c) => (
                  <label key={c.id} className={styles.radioCard}>
                    <input
                      type="radio"
                      name="card"
                      checked={mode === 'registered' && selectedCard === c.id}
                      onChange={() => {
                        setMode('registered');
                        setSelectedCard(c.id);
                      }}
                    />
                    <span>
                      <span className={styles.radioTitle}>
                        {c.brand}　**** {c.last4}
                      </span>
                      有効期限 {String(c.expDate.month).padStart(2, '0')}/{c.expDate.year}
                    </span>
                  </label>
                ))}
                <label className={styles.radioCard}>
                  <input type="radio" name="card" checked={mode === 'new'} onChange={() => setMode('new')} />
                  <span className={styles.radioTitle}>新しいカードを使う</span>
                </label>
              </fieldset>
            ) : null}
            {mode === 'new' ? (
              <div>
                <FieldGroup
                  id="card-element"
                  label="カード情報"
                  required
                  support="カード番号・有効期限・セキュリティコードは決済代行会社（PAY.JP）の入力欄に直接入力され、当社には送信されません。"
                >
                  <div ref={mountRef} className={styles.cardElement} data-testid="card-element" />
                </FieldGroup>
                <Field id="cardName" label="カード名義（半角英字）" required support="例：TARO YAMADA（カードに記載のとおり）">
                  {(a) => <input {...a} autoComplete="cc-name" value={cardName} onChange={(e) => setCardName(e.target.value)} />}
                </Field>
                <Field
                  id="cardEmail"
                  label="メールアドレス（本人認証用）"
                  required
                  support="3Dセキュア（本人認証）でカード会社に伝えるメールアドレスです。"
                >
                  {(a) => (
                    <input {...a} type="email" autoComplete="email" value={cardEmail} onChange={(e) => setCardEmail(e.target.value)} />
                  )}
                </Field>
              </div>
            ) : null}
          </>
        ) : null}
      </Section>

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
      <CancelUnpaidOrder paymentId={order.paymentId} onDone={() => void latest.mutate()} />
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
