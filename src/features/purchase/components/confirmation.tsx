'use client';

import Link from '@/components/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { lazy, memo, startTransition, Suspense, useCallback, useEffect, useRef, useState } from 'react';

import { displayZipcode } from '@/features/address';
import { destinationFilledIn, loadAddresseeRules, type receiptAddresseeOf, type withHonorific } from '@/features/orders';
import {
  PAYJP_GENERAL_FAILURE,
  latestOrderKey,
  loadCancelUnpaidOrder,
  purchase,
  retryPayment,
  type LatestOrder,
  type PurchaseResult,
} from '@/features/payments';
import { LoadingOverlay } from '@/components/loading-overlay';
import { ApiError } from '@/lib/api-client';
import { getClientState, setPiece, type ClientState } from '@/lib/client-store';
import { formatYen } from '@/lib/format-yen';
import { useApi } from '@/lib/use-api';

import { createOrder, taxKey, type TaxView } from '../client/api';

import { canOrder, readSearchedCorporate, type SearchedCorporate } from './flow-company';
import { Pending, PurchasePage, Section, dateWindow, restartPath } from './flow-parts';
import { purchaseSchemas } from './lazy-schemas';
import orderStyles from './order-summary.module.css';
import styles from './purchase.module.css';

export interface ConfirmationLegal {
  paymentTiming: string[];
  deliveryTiming: string[];
  cancellation: string[];
  validity: string[];
  termsUrl: string;
  lawUrl: string;
  privacyUrl: string;
}

type AddresseeRules = { withHonorific: typeof withHonorific; receiptAddresseeOf: typeof receiptAddresseeOf };
/**
 * The honorific rule (docs/decisions/0024) for the addressee lines, which show only once this tab's
 * storage is read after hydration: imported as the page's code is evaluated, so it arrives with the
 * first load rather than in it (docs/decisions/0047).
 */
const addresseeRules: Promise<AddresseeRules> = loadAddresseeRules();

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const digits = (v: string) => v.normalize('NFKC').replace(/\D/g, '');

/**
 * Whether the order this tab last sent to PAY.JP is the one on the screen (same company, items,
 * delivery and addressee): only then does 「お支払いを再開する」 pay it (docs/decisions/0023).
 * After the buyer changed the order, the screen makes a new order instead.
 */
function sameOrder(order: LatestOrder, state: ClientState, corporateNumber: string): boolean {
  const items = (list: { itemId: string; quantity: number }[]) =>
    list
      .map((i) => `${i.itemId}:${i.quantity}`)
      .sort()
      .join(',');
  const ordered = order.lines.filter((l) => l.kind === 'serviceFee' && l.itemId).map((l) => ({ itemId: l.itemId!, quantity: l.quantity }));
  const d = state.destination;
  return (
    order.company.corporateNumber === corporateNumber &&
    order.deliverySpeed === state.purchaseItemData.deliverySpeed &&
    items(ordered) === items(state.purchaseItemData.userInput) &&
    digits(order.destination.destinationZipCode) === digits(d.destinationZipCode) &&
    order.destination.recipient === d.recipient.normalize('NFKC').trim() &&
    order.destination.receiptRecipient === d.receiptRecipient.normalize('NFKC').trim()
  );
}

/**
 * The words for `?payment_error=` (back from PAY.JP's 3-D Secure page without a payment): loaded
 * when there is one, not with the page (issue 13 §1, docs/decisions/0038).
 */
async function messageFor(code: string): Promise<string> {
  try {
    return (await import('./return-messages')).returnErrorText(code);
  } catch {
    // The words could not be loaded (the network failed after the payment step answered).
    return PAYJP_GENERAL_FAILURE;
  }
}

const FIRST_PURCHASE_NOTICE =
  'このご注文の当社手数料には初回価格が適用されます。初回価格は、会員1名につき最初にお支払いが完了する1件のご注文のみに適用されます（別のご注文のお支払いが先に始まった場合は、お支払いの前に通常価格での金額をご案内します）。';

/** The price table's column heads: the placeholder's and the priced table's. */
function PriceTableHead() {
  return (
    <thead>
      <tr>
        <th scope="col">品目</th>
        <th scope="col" className={styles.num}>
          数量
        </th>
        <th scope="col" className={styles.num}>
          金額
        </th>
      </tr>
    </thead>
  );
}
/**
 * The price table while the price is calculated (or storage not read yet): the same rows, notice and
 * total box with grey lines, so the sections below do not move when the figures arrive (CLS, 0033).
 */
function PricePending({ lines, firstPurchase }: { lines: number; firstPurchase: boolean }) {
  return (
    <div aria-busy="true">
      <p className="visually-hidden">金額を計算しています…</p>
      <table className={styles.priceTable} aria-hidden="true">
        <PriceTableHead />
        <tbody>
          {Array.from({ length: lines }, (_, i) => (
            <tr key={i}>
              <td>
                <Pending lines={2} />
              </td>
              <td className={styles.num}>
                <Pending kind="short" />
              </td>
              <td className={styles.num}>
                <Pending kind="short" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {firstPurchase ? <p className="notice-box">{FIRST_PURCHASE_NOTICE}</p> : null}
      <div className={orderStyles.orderTotal} aria-hidden="true">
        <div className={orderStyles.totalRow}>
          <span>お支払い金額（税込）</span>
          <span className={orderStyles.totalAmount}>—</span>
        </div>
        {/* a tax rate and the non-taxable fees: two lines, as taxSummaryLines gives for every order */}
        <ul className={orderStyles.taxLines}>
          <li>
            <Pending kind="short" />
          </li>
          <li>
            <Pending kind="short" />
          </li>
        </ul>
      </div>
    </div>
  );
}

/*
 * The sections below are memoised: each re-renders only when what it shows changes. The page
 * renders again when storage is read, when the price and the last order arrive and on every tick
 * of the agreement box; re-rendering every section (and each of their links) each time cost
 * 65–92 ms long tasks at Lighthouse's 4× CPU slowdown (docs/decisions/0036).
 */

const CompanySection = memo(function CompanySection({ company }: { company: SearchedCorporate | null }) {
  return (
    <Section title="対象の会社" id="company" change={{ href: '/search', label: '会社を変更する' }}>
      {company ? (
        <p className={orderStyles.company}>
          <span className={orderStyles.companyName}>{company.name}</span>
          <br />
          <span className="muted">法人番号 {company.corporateNumber}</span>
        </p>
      ) : (
        <p className={orderStyles.company} aria-busy="true">
          <Pending kind="name" />
          <Pending />
        </p>
      )}
    </Section>
  );
});

const PriceSection = memo(function PriceSection({
  data,
  error,
  pendingLines,
  firstPurchase,
}: {
  data: TaxView | undefined;
  error: unknown;
  pendingLines: number;
  firstPurchase: boolean;
}) {
  return (
    <Section title="ご注文の証明書と金額" id="items" change={{ href: '/purchase/select', label: '証明書・通数を変更する' }}>
      {data ? (
        <>
          <table className={styles.priceTable}>
            <PriceTableHead />
            <tbody>
              {data.lines.map((l) => (
                <tr key={`${l.kind}-${l.itemId ?? ''}`}>
                  <td>
                    {l.name}
                    <br />
                    <span className="muted">
                      単価 {formatYen(l.unitPriceYen)}
                      {l.taxCategory === 'nonTaxable' ? '（非課税）' : '（税込）'}
                    </span>
                  </td>
                  <td className={styles.num}>{l.kind === 'expressFee' ? '1回' : `${l.quantity}通`}</td>
                  <td className={styles.num}>{formatYen(l.amountYen)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {data.isFirstPurchase ? (
            <p className="notice-box" data-testid="first-purchase-notice">
              {FIRST_PURCHASE_NOTICE}
            </p>
          ) : null}
          <div className={orderStyles.orderTotal}>
            <div className={orderStyles.totalRow}>
              <span>お支払い金額（税込）</span>
              <span className={orderStyles.totalAmount} data-testid="total">
                {formatYen(data.totalYen)}
              </span>
            </div>
            <ul className={orderStyles.taxLines}>
              {data.summaryLines.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </div>
        </>
      ) : error instanceof Error ? (
        <p className="error-box">{error.message}</p>
      ) : (
        <PricePending lines={pendingLines} firstPurchase={firstPurchase} />
      )}
    </Section>
  );
});

function LegalList({ lines }: { lines: string[] }) {
  return (
    <ul className={orderStyles.legalList}>
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  );
}

const DeliverySection = memo(function DeliverySection({
  reading,
  express,
  dates,
  destination: d,
  addressee,
  timing,
}: {
  reading: boolean;
  express: boolean;
  dates: ClientState['purchaseItemData']['scheduledDateMaster'] | undefined;
  destination: ClientState['destination'] | undefined;
  /** the honorific rule, once loaded (a grey line in its place until then) */
  addressee: AddresseeRules | null;
  timing: string[];
}) {
  return (
    <Section title="お届け" id="delivery" change={{ href: '/purchase/recipient-info', label: 'お届け先を変更する' }}>
      <dl className={orderStyles.dl}>
        <dt>配送方法</dt>
        <dd>{reading ? <Pending /> : express ? '速達配送' : '通常配送'}</dd>
        <dt>お届け予定</dt>
        <dd data-testid="delivery-window">
          {!dates ? (
            <Pending />
          ) : express ? (
            dateWindow(dates.expressStartDate, dates.expressEndDate)
          ) : (
            dateWindow(dates.normalStartDate, dates.normalEndDate)
          )}
        </dd>
        <dt>お届け先</dt>
        {d ? (
          <dd>
            {displayZipcode(d.destinationZipCode)}
            <br />
            {d.destinationPrefecture}
            {d.destinationCity}
            {d.destinationStreet}
            {d.destinationApartmentEtc ? ` ${d.destinationApartmentEtc}` : ''}
            <br />
            {addressee ? addressee.withHonorific(d.recipient) : <Pending />}
          </dd>
        ) : (
          <dd aria-busy="true">
            <Pending lines={3} />
          </dd>
        )}
        <dt>領収書の宛名</dt>
        <dd data-testid="receipt-addressee">{d && addressee ? addressee.withHonorific(addressee.receiptAddresseeOf(d)) : <Pending />}</dd>
      </dl>
      <LegalList lines={timing} />
    </Section>
  );
});

const PaymentSection = memo(function PaymentSection({
  reading,
  cardLabel,
  needsCard,
  timing,
}: {
  reading: boolean;
  /** brand and last four digits of the card the order is paid with, when it can be used */
  cardLabel: string | null;
  needsCard: boolean;
  timing: string[];
}) {
  return (
    <Section title="お支払い" id="payment" change={{ href: '/purchase/recipient-info#card-section', label: 'お支払い方法を変更する' }}>
      <dl className={orderStyles.dl}>
        <dt>お支払い方法</dt>
        <dd data-testid="payment-method">
          {reading ? <Pending /> : cardLabel ? `クレジットカード（${cardLabel}）` : 'クレジットカード（カード情報の再入力が必要です）'}
        </dd>
        <dt>お支払い時期</dt>
        <dd>注文確定時（本人認証の完了後）</dd>
      </dl>
      <LegalList lines={timing} />
      {needsCard ? (
        <p className="notice-box">
          安全のため、カード情報は画面を再読み込みすると消去されます。
          <Link href="/purchase/recipient-info#card-section">カード情報を入力し直してください。</Link>
        </p>
      ) : null}
    </Section>
  );
});

const LegalSection = memo(function LegalSection({ title, id, lines }: { title: string; id: string; lines: string[] }) {
  return (
    <Section title={title} id={id}>
      <LegalList lines={lines} />
    </Section>
  );
});

const ValiditySection = memo(function ValiditySection({
  legal,
  agreed,
  reading,
  onAgree,
}: {
  legal: ConfirmationLegal;
  agreed: boolean;
  reading: boolean;
  onAgree: (checked: boolean) => void;
}) {
  return (
    <Section title="お申込みの有効期限" id="validity">
      <LegalList lines={legal.validity} />
      <p className="muted">
        詳しくは<Link href={legal.termsUrl}>利用規約</Link>・<Link href={legal.lawUrl}>特定商取引法に基づく表記</Link>・
        <Link href={legal.privacyUrl}>プライバシーポリシー</Link>をご覧ください。
      </p>
      <label className={styles.agree}>
        <input type="checkbox" checked={agreed} disabled={reading} onChange={(e) => onAgree(e.target.checked)} />
        上記のご注文内容・キャンセル規定・利用規約に同意して注文する
      </label>
    </Section>
  );
});

/** Shown only for an unfinished order, so loaded then (issue 13 §1). */
const CancelUnpaidOrder = lazy(loadCancelUnpaidOrder);
const UnfinishedOrderNotice = lazy(() => import('./unfinished-order-notice').then((m) => ({ default: m.UnfinishedOrderNotice })));

/**
 * Whether the stored address is complete by the server's own DestinationSchema. The schema (and zod
 * with it) loads when the order button is pressed, as the forms' schemas do (issue 13 §1); on
 * arrival only the zod-free `destinationFilledIn` runs (docs/decisions/0033, amendment).
 */
async function destinationComplete(destination: ClientState['destination']): Promise<boolean> {
  const { DestinationSchema } = await purchaseSchemas();
  return DestinationSchema.safeParse(destination).success;
}

/** /purchase/confirmation: the final confirmation screen of 特商法 12条の6 (domain.md §5) with the order button. */
export function Confirmation({ legal }: { legal: ConfirmationLegal }) {
  const router = useRouter();
  const params = useSearchParams();
  const [state, setState] = useState<ClientState | null>(null);
  const [company, setCompany] = useState<SearchedCorporate | null>(null);
  const [agreed, setAgreed] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState('');
  /** the number of the order whose payment just failed, for the member to quote when asking us */
  const [failedOrderNumber, setFailedOrderNumber] = useState('');
  const [notice, setNotice] = useState('');
  const attemptKey = useRef<string | null>(null);
  const busy = useRef(false);
  // The order this tab last sent to PAY.JP (back from the 3-D Secure page: browser back, a closed
  // page, a failed or given-up authentication): 0023.
  const [lastPaymentId, setLastPaymentId] = useState('');
  const last = useApi(UUID.test(lastPaymentId) ? latestOrderKey(lastPaymentId) : null);
  const [addressee, setAddressee] = useState<AddresseeRules | null>(null);
  useEffect(() => {
    let live = true;
    void addresseeRules.then((rules) => {
      if (live) setAddressee(rules);
    });
    return () => {
      live = false;
    };
  }, []);

  // Back from PAY.JP's page out of the browser's back-forward cache: this page is shown as it was
  // left (「処理中…」); start again from what the server and the tab's storage say.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      busy.current = false;
      setSubmitting(false);
      setState(getClientState());
      void last.mutate();
    };
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, [last]);

  /** The check of the stored address against the server's schema, awaited before any order is sent. */

  useEffect(() => {
    let cancelled = false;
    // Browser storage is read after hydration (the server render has the page's shell); reading it is the effect.
    const c = readSearchedCorporate();
    const s = getClientState();
    // Nothing chosen in this tab (a new tab, say): back to the step that asks, saying why (issue 13).
    if (!c || !canOrder(c) || s.purchaseItemData.userInput.length === 0) {
      router.replace(restartPath('/purchase/select'));
      return;
    }
    // What storage holds re-renders the whole page: in a transition, rendered in slices between
    // other work rather than as one task right after hydration (docs/decisions/0053).
    startTransition(() => {
      setState(s);
      setCompany(c);
      setAgreed(s.flags.isAgreement);
      setLastPaymentId(s.newPaymentHistory.paymentId);
    });
    // The address is kept as it is typed; only a complete one may be ordered to. An unfinished one
    // goes back to its step at once; the server's schema checks a finished one when the order
    // button is pressed (loaded then, not on arrival: zod cost ~90 KiB and ~0.4 s on a phone).
    if (!destinationFilledIn(s.destination)) {
      router.replace(restartPath('/purchase/recipient-info'));
      return;
    }
    const code = params.get('payment_error');
    if (code) {
      // The token of a new card is spent by the failed attempt: the card must be entered again.
      if (s.newCard.isSelected) setPiece('newCard', { ...s.newCard, token: '' });
      const spent = getClientState();
      startTransition(() => setState(spent));
      void messageFor(code).then((message) => {
        if (!cancelled) setFailure(message);
      });
    }
    return () => {
      cancelled = true;
    };
  }, [router, params]);

  /** Resolves true when the stored address may be ordered to (else the page is already leaving). */
  async function addressIsComplete(): Promise<boolean> {
    const complete = await destinationComplete(getClientState().destination);
    if (!complete) router.replace(restartPath('/purchase/recipient-info'));
    return complete;
  }

  const selection = state?.purchaseItemData;
  const lastOrder = last.data?.order;
  // An unfinished order of this screen: paid again (same order, new 3-D Secure) rather than re-made.
  const unfinished = lastOrder?.resumable && state && company && sameOrder(lastOrder, state, company.corporateNumber) ? lastOrder : null;
  const checking = lastOrder && (lastOrder.status === 'charging' || lastOrder.status === 'unknown') ? lastOrder : null;
  const otherUnfinished = lastOrder?.resumable && !unfinished ? lastOrder : null;
  // One price on the page, the server's: as the unfinished order's resumed charge while there is one,
  // else as a new order — asked again when that changes (cancelled, paid, expired). Not asked before
  // the tab's last order is known, so a new order's price never shows for a moment (docs/decisions/0041).
  const lastKnown = !UUID.test(lastPaymentId) || last.data !== undefined || last.error !== undefined;
  const tax = useApi(
    selection && lastKnown
      ? taxKey(
          selection.userInput.map((i) => [i.itemId, i.quantity] as const),
          selection.deliverySpeed,
          unfinished?.paymentId,
        )
      : null,
  );

  // Until this tab's storage is read (the server render and hydration), the page is its shell: the
  // headings, the legal texts and grey lines where the stored order will be (docs/decisions/0033).
  const reading = !state || !company || !selection;
  const d = state?.destination;
  const dates = selection?.scheduledDateMaster;
  const express = selection?.deliverySpeed === 'express';
  const card = !state ? null : state.registeredCard.isSelected ? state.registeredCard : state.newCard.isSelected ? state.newCard : null;
  const needsCard = !reading && (!card || (card === state.newCard && !state.newCard.token));
  // Why the order button cannot be pressed, said next to it (issue 13 point 2).
  const blockedBy =
    submitting || reading ? null : checking ? 'checking' : needsCard ? 'card' : !tax.data ? 'price' : !agreed ? 'agreement' : null;

  function cardParam(s: ClientState) {
    return s.registeredCard.isSelected ? { cardId: s.registeredCard.id } : { token: s.newCard.token };
  }

  /** What the server answered to a charge request (a new order's or a resumed one's). */
  async function follow(result: PurchaseResult, s: ClientState, orderNumber: string) {
    if (result.status === 'awaiting_3ds') {
      // PAY.JP's 3-D Secure page; it returns to /api/payments/tds-return.
      window.location.assign(result.redirectUrl);
      return;
    }
    if (result.status === 'failed' || result.status === 'expired') {
      attemptKey.current = null;
      if (s.newCard.isSelected) setPiece('newCard', { ...s.newCard, token: '' });
      const spent = getClientState();
      startTransition(() => setState(spent));
      setFailure(result.failure.message);
      setFailedOrderNumber(orderNumber);
      await last.mutate();
      busy.current = false;
      setSubmitting(false);
      return;
    }
    router.push(`/purchase/completion?paymentId=${result.paymentId}`);
  }

  /** 「お支払いを再開する」: the same order, a new 3-D Secure attempt with the card on the screen. */
  async function resume() {
    if (busy.current || !state || !unfinished) return;
    if (!agreed) {
      setFailure('ご注文内容とキャンセル規定をご確認のうえ、「同意して注文する」にチェックを入れてください。');
      return;
    }
    busy.current = true;
    setSubmitting(true);
    setFailure('');
    if (!(await addressIsComplete())) return; // on the way back to the address step
    try {
      const result = await retryPayment({ paymentId: unfinished.paymentId, card: cardParam(state), attempt: unfinished.paymentAttempt });
      await follow(result, state, unfinished.orderNumber);
    } catch (error) {
      if (error instanceof ApiError) {
        await last.mutate();
        if (error.code === 'price_changed') await tax.mutate();
      }
      setFailure(error instanceof Error ? error.message : 'お支払いを再開できませんでした。');
      busy.current = false;
      setSubmitting(false);
    }
  }

  async function order() {
    if (busy.current || !state || !company || !tax.data) return;
    if (!agreed) {
      setFailure('ご注文内容とキャンセル規定をご確認のうえ、「同意して注文する」にチェックを入れてください。');
      return;
    }
    busy.current = true;
    setSubmitting(true);
    setFailure('');
    setFailedOrderNumber('');
    if (!(await addressIsComplete())) return; // on the way back to the address step
    attemptKey.current ??= crypto.randomUUID();
    try {
      const created = await createOrder({
        idempotencyKey: attemptKey.current,
        // The 法人番号 only: the server takes the name, kind and address from the registry.
        company: { corporateNumber: company.corporateNumber },
        selection: { items: state.purchaseItemData.userInput, deliverySpeed: state.purchaseItemData.deliverySpeed },
        destination: state.destination,
        expectedTotalYen: tax.data.totalYen,
        agreed: true,
      });
      setPiece('newPaymentHistory', { paymentId: created.paymentId });
      setLastPaymentId(created.paymentId);
      const result = await purchase({ paymentId: created.paymentId, card: cardParam(state) });
      await follow(result, state, created.orderNumber);
    } catch (error) {
      // A key the server refused with another body (0058) is not sent again: the next press makes a new one.
      if (error instanceof ApiError && error.code === 'idempotency_key_reused') attemptKey.current = null;
      if (error instanceof ApiError && error.code === 'price_changed') {
        attemptKey.current = null;
        await tax.mutate();
      }
      setFailure(error instanceof Error ? error.message : 'ご注文を受け付けられませんでした。');
      busy.current = false;
      setSubmitting(false);
    }
  }

  const onAgree = useCallback((checked: boolean) => {
    setAgreed(checked);
    setPiece('flags', (f) => ({ ...f, isAgreement: checked }));
  }, []);

  return (
    <PurchasePage
      title="ご注文内容の確認"
      step={2}
      lead="内容をご確認のうえ、ページ下の「注文を確定する」を押してください。まだご注文は確定していません。"
    >
      {submitting ? <LoadingOverlay message="お支払い手続き中です。画面を閉じずにお待ちください。" /> : null}
      {failure ? (
        <div className="error-box" role="alert" data-testid="order-error" style={{ marginBottom: 20 }}>
          <p style={{ margin: 0 }}>{failure}</p>
          {failedOrderNumber ? (
            <p style={{ margin: '8px 0 0' }} data-testid="failed-order-number">
              お支払いできなかったご注文の注文番号：{failedOrderNumber}（お問い合わせの際にお伝えください）
            </p>
          ) : null}
          {needsCard ? (
            <p style={{ margin: '8px 0 0' }}>
              <Link href="/purchase/recipient-info#card-section">カード情報を入力し直す</Link>
            </p>
          ) : null}
        </div>
      ) : null}

      <CompanySection company={company} />
      <PriceSection
        data={tax.data}
        error={tax.error}
        // the 法務局手数料 and 当社手数料 lines of each certificate, and the express fee
        pendingLines={selection ? selection.userInput.length * 2 + (express ? 1 : 0) : 2}
        firstPurchase={selection?.isFirstPayPrice ?? false}
      />
      <DeliverySection
        reading={reading}
        express={express}
        dates={dates}
        destination={d}
        addressee={addressee}
        timing={legal.deliveryTiming}
      />
      <PaymentSection
        reading={reading}
        cardLabel={card && !needsCard ? `${card.brand} 末尾 ${card.last4}` : null}
        needsCard={needsCard}
        timing={legal.paymentTiming}
      />
      <LegalSection title="キャンセル・返品について" id="cancellation" lines={legal.cancellation} />
      <ValiditySection legal={legal} agreed={agreed} reading={reading} onAgree={onAgree} />

      {unfinished ? (
        <Suspense fallback={null}>
          <UnfinishedOrderNotice statusLabel={unfinished.statusLabel} paymentDeadline={unfinished.paymentDeadline ?? null} />
        </Suspense>
      ) : otherUnfinished ? (
        <p className={`notice-box ${orderStyles.reason}`} data-testid="unfinished-order">
          お支払いが完了していない前回のお申込みは、<Link href="/my-page/payment-history">お支払い履歴</Link>
          から再開または取り消しできます。
        </p>
      ) : null}
      {notice && !unfinished ? (
        <p className={`notice-box ${orderStyles.reason}`} role="status" data-testid="order-notice">
          {notice}
        </p>
      ) : null}
      {blockedBy ? (
        <p
          className={`${blockedBy === 'checking' ? 'notice-box' : 'error-box'} ${orderStyles.reason}`}
          id="order-button-reason"
          data-testid="order-button-reason"
        >
          {blockedBy === 'checking' ? (
            <>
              前回のお支払いの結果を確認しています。二重のご請求を防ぐため、結果が出るまでお待ちください。
              <Link href={`/purchase/completion?paymentId=${checking?.paymentId ?? ''}`}>お支払いの状況を見る</Link>
            </>
          ) : blockedBy === 'card' ? (
            <>
              {unfinished ? 'お支払いを再開するには、' : 'ご注文の前に、'}
              カード情報をもう一度入力してください（安全のため、カード情報は画面の移動や再読み込みで消去されます）。
              <Link href="/purchase/recipient-info#card-section">カード情報を入力し直す</Link>
            </>
          ) : blockedBy === 'price' ? (
            'お支払い金額を計算しています。表示されるまでお待ちください。'
          ) : (
            '上の「ご注文内容・キャンセル規定・利用規約に同意して注文する」にチェックを入れると、ボタンを押せるようになります。'
          )}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Link className="button button-secondary" href="/purchase/recipient-info">
          お届け先・お支払いに戻る
        </Link>
        <button
          type="button"
          className="button"
          disabled={submitting || reading || blockedBy !== null}
          aria-describedby={
            [blockedBy ? 'order-button-reason' : '', unfinished ? 'unfinished-order' : ''].filter(Boolean).join(' ') || undefined
          }
          data-testid="order-button"
          onClick={() => void (unfinished ? resume() : order())}
        >
          {submitting
            ? '処理中…'
            : unfinished
              ? `お支払いを再開する${tax.data ? `（${formatYen(tax.data.totalYen)}）` : ''}`
              : `注文を確定する${tax.data ? `（${formatYen(tax.data.totalYen)}を支払う）` : ''}`}
        </button>
      </div>
      {unfinished ? (
        <Suspense fallback={null}>
          <CancelUnpaidOrder
            paymentId={unfinished.paymentId}
            onDone={(cancelled) => {
              if (cancelled) {
                setPiece('newPaymentHistory', { paymentId: '' });
                setFailure('');
                setNotice('前回のお申込みを取り消しました（料金は請求されていません）。このまま新しくご注文いただけます。');
              }
              void last.mutate();
            }}
          />
        </Suspense>
      ) : null}
    </PurchasePage>
  );
}
