'use client';

import Link from '@/components/link';
import { useSearchParams } from 'next/navigation';

import { LoadingOverlay } from '@/components/loading-overlay';
import badges from '@/components/status-badges.module.css';
import { ApiError } from '@/lib/api-client';
import { formatDateTimeJa, formatYen } from '@/lib/format';
import { PAYMENT_HISTORY_PAGE } from '@/lib/page-names';
import { useApi } from '@/lib/use-api';

import { paymentHistoryKey } from '../client/api';
import { HISTORY_PAGE_MAX, HISTORY_PAGE_SIZE_DEFAULT } from '../constants';
import type { PaymentHistoryRow } from '../schemas';

import { pageWindow } from './page-window';
import { ReceiptActions } from './receipt-actions';
import { UnpaidOrderNote } from './unpaid-order-note';
import styles from './payment-history.module.css';

const PAGE_PATH = PAYMENT_HISTORY_PAGE.path;

/** `?page=N` from the address bar (survives reload and back/forward); anything else is page 1. */
function pageFrom(value: string | null): number {
  if (!value || !/^[1-9]\d{0,3}$/.test(value)) return 1;
  return Math.min(Number(value), HISTORY_PAGE_MAX);
}

const hrefFor = (page: number) => (page === 1 ? PAGE_PATH : `${PAGE_PATH}?page=${page}`);

/** /my-page/payment-history: the member's orders, newest first, with receipt downloads. */
export function PaymentHistory() {
  const page = pageFrom(useSearchParams().get('page'));
  const { data, error, isLoading } = useApi(paymentHistoryKey(page, HISTORY_PAGE_SIZE_DEFAULT));

  if (error && !data) {
    return (
      <p className="error-box" role="alert">
        {error instanceof ApiError
          ? error.message
          : `${PAYMENT_HISTORY_PAGE.name}を読み込めませんでした。時間をおいてページを再読み込みしてください。`}
      </p>
    );
  }
  if (!data || (isLoading && data.page !== page)) return <LoadingOverlay message={`${PAYMENT_HISTORY_PAGE.name}を読み込んでいます`} />;

  if (data.total === 0) {
    return (
      <section className={styles.empty} aria-labelledby="history-empty">
        <h2 id="history-empty" className={styles.emptyTitle}>
          {PAYMENT_HISTORY_PAGE.name}はまだありません
        </h2>
        <p>登記事項証明書をご購入いただくと、ここにご注文の内容と領収書（PDF）が表示されます。</p>
        <p>
          <Link href="/search" className="button">
            会社を検索する
          </Link>
        </p>
      </section>
    );
  }

  if (data.histories.length === 0) {
    return (
      <div className="notice-box" role="status">
        <p>
          このページには{PAYMENT_HISTORY_PAGE.name}がありません（全{data.totalPages}ページ）。
        </p>
        <p>
          <Link href={PAGE_PATH}>最初のページへ戻る</Link>
        </p>
      </div>
    );
  }

  const from = (data.page - 1) * data.size + 1;
  const to = from + data.histories.length - 1;
  return (
    <section aria-labelledby="history-title">
      <div className={styles.head}>
        <h2 id="history-title" className={styles.title}>
          {PAYMENT_HISTORY_PAGE.name}
        </h2>
        <p className={styles.count} aria-live="polite">
          全{data.total}件中 {from}〜{to}件目
        </p>
      </div>
      <p className={styles.lead}>
        決済が完了したご注文は領収書（PDF・適格請求書）をダウンロードできます。最初のダウンロードで発行した原本は、何度でも同じ内容でダウンロードできます。
      </p>
      <ol className={styles.list}>
        {data.histories.map((row) => (
          <li key={row.paymentId}>
            <HistoryCard row={row} />
          </li>
        ))}
      </ol>
      <Pagination page={data.page} totalPages={data.totalPages} />
    </section>
  );
}

export function HistoryCard({ row }: { row: PaymentHistoryRow }) {
  const paid = row.orderStatus === 'paid';
  const failed = row.orderStatus === 'failed' || row.orderStatus === 'expired';
  const tone = paid ? badges.ok : failed ? badges.ng : badges.wait;
  const fulfilment = row.fulfilment;
  const orderTone = fulfilment && (fulfilment.status === 'cancelled' || fulfilment.status === 'refunded') ? badges.ng : tone;
  return (
    <article className={styles.card} aria-labelledby={`order-${row.paymentId}`}>
      <header className={styles.cardHead}>
        <h3 id={`order-${row.paymentId}`} className={styles.date}>
          <span className={styles.dateLabel}>ご注文日時</span>
          <time dateTime={row.orderedAt}>{formatDateTimeJa(new Date(row.orderedAt))}</time>
        </h3>
        <ul className={badges.badges} aria-label="状況">
          <li className={`${badges.badge} ${orderTone}`} data-testid="order-status">
            <span className="visually-hidden">注文状況：</span>
            {row.orderStatusLabel}
          </li>
          <li className={`${badges.badge} ${tone}`}>
            <span className="visually-hidden">決済状況：</span>
            {row.paymentStatusLabel}
          </li>
        </ul>
      </header>
      <dl className={styles.facts}>
        <div className={styles.company}>
          <dt>対象法人</dt>
          <dd>
            <span className={styles.companyName}>{row.companyName}</span>
            <span className={styles.corporateNumber}>法人番号 {row.corporateNumber}</span>
          </dd>
        </div>
        <div className={styles.items}>
          <dt>ご注文内容</dt>
          <dd>
            <ul>
              {row.items.map((item) => (
                <li key={item.itemId}>
                  {item.name}
                  <span className={styles.quantity}>× {item.quantity}通</span>
                </li>
              ))}
            </ul>
          </dd>
        </div>
        <div>
          <dt>注文番号</dt>
          <dd className={styles.orderNumber} data-testid="order-number">
            {row.orderNumber}
          </dd>
        </div>
        <div>
          <dt>配送方法</dt>
          <dd>{row.deliverySpeedLabel}</dd>
        </div>
        <div>
          <dt>お支払い金額</dt>
          <dd className={styles.amount}>
            {formatYen(row.amountYen)}（税込）
            {row.isFirstPurchase ? <span data-testid="first-purchase-price">（当社手数料は初回価格）</span> : null}
          </dd>
        </div>
        {row.paidAt ? (
          <div>
            <dt>決済日時</dt>
            <dd>
              <time dateTime={row.paidAt}>{formatDateTimeJa(new Date(row.paidAt))}</time>
            </dd>
          </div>
        ) : null}
      </dl>
      {fulfilment ? <FulfilmentProgress fulfilment={fulfilment} /> : null}
      <footer className={styles.cardFoot}>
        {row.receiptUrl ? (
          <>
            <ReceiptActions row={row} />
            {row.refunds.map((refund) => (
              <a key={refund.refundId} className={`button ${styles.receipt}`} href={refund.statementUrl} target="_blank" rel="noopener">
                返金明細書（PDF）
                <span className="visually-hidden">
                  （{formatDateTimeJa(new Date(refund.refundedAt))}のご返金 {formatYen(refund.amountYen)}、新しいタブで開きます）
                </span>
              </a>
            ))}
          </>
        ) : (
          <UnpaidOrderNote row={row} />
        )}
      </footer>
    </article>
  );
}

/**
 * 受付済み → 法務局へ請求済み → 発送済み → 完了 (the orders feature's steps and labels), the
 * tracking link once shipped, and the amount returned after a refund or cancellation.
 */
function FulfilmentProgress({ fulfilment }: { fulfilment: NonNullable<PaymentHistoryRow['fulfilment']> }) {
  const stopped = fulfilment.status === 'cancelled' || fulfilment.status === 'refunded';
  return (
    <div className={styles.progress}>
      <ol className={styles.steps} aria-label="お届けまでの状況">
        {fulfilment.steps.map((step) => (
          <li
            key={step.status}
            className={step.done ? styles.stepDone : styles.stepTodo}
            aria-current={!stopped && step.status === fulfilment.status ? 'step' : undefined}
          >
            {step.label}
            <span className="visually-hidden">{step.done ? '（済み）' : '（未了）'}</span>
          </li>
        ))}
      </ol>
      {fulfilment.shipment ? (
        <p className={styles.shipment} data-testid="shipment">
          {fulfilment.shipment.carrierLabel} お問い合わせ番号 {fulfilment.shipment.trackingNumber}
          {fulfilment.shipment.trackingUrl ? (
            <>
              {' '}
              <a href={fulfilment.shipment.trackingUrl} target="_blank" rel="noopener noreferrer">
                配送状況を確認する<span className="visually-hidden">（配送業者のサイトが新しいタブで開きます）</span>
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {fulfilment.refundedYen > 0 ? (
        <p className={styles.refund} data-testid="refund">
          {/* the orders feature's words: 「返金済み（1,650円）」, 「発送済み・一部返金（550円）」 */}
          {fulfilment.label}
          ：ご返金はお支払いに使われたクレジットカードへ行われます。
        </p>
      ) : null}
    </div>
  );
}

function Pagination({ page, totalPages }: { page: number; totalPages: number }) {
  if (totalPages <= 1) return null;
  const pages = pageWindow(page, totalPages);
  return (
    <nav className={styles.pagination} aria-label="ページ送り">
      <ul>
        <li>
          {page > 1 ? (
            <Link href={hrefFor(page - 1)} rel="prev">
              前へ
            </Link>
          ) : (
            <span aria-disabled="true">前へ</span>
          )}
        </li>
        {pages.map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={p}>
              <Link href={hrefFor(p)} aria-current={p === page ? 'page' : undefined} aria-label={`${p}ページ目`}>
                {p}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < totalPages ? (
            <Link href={hrefFor(page + 1)} rel="next">
              次へ
            </Link>
          ) : (
            <span aria-disabled="true">次へ</span>
          )}
        </li>
      </ul>
    </nav>
  );
}
