'use client';

import Link from '@/components/link';
import { useRouter } from 'next/navigation';
import { startTransition, useEffect, useMemo, useState, type ReactNode } from 'react';

import { FieldError } from '@/components/form/field-error';
import { LoadingOverlay } from '@/components/loading-overlay';
import { CLOSED_COMPANY_ITEM_MESSAGE, ORDER_BUTTON_SHORT_LABEL } from '@/features/orders';
import { getClientState, setPiece } from '@/lib/client-store';
import { storedSearchedCorporate } from '@/lib/stored-search-choice';
import { formatYen } from '@/lib/format-yen';
import { useApi } from '@/lib/use-api';

import { MAX_QUANTITY_PER_ITEM } from '../rules';
import { itemsKey, taxKey } from '../client/api';
import type { ItemsAll } from '../server/items';
import type { SelectedCompany } from '../server/selected-company';

import { canOrder, canOrderItem, orderabilityOfSearched, readSearchedCorporate, type SearchedCorporate } from './flow-company';
import { Pending, PurchasePage, Section, dateWindow } from './flow-parts';
import { MissingStateNotice, takeMissingStateFlag } from './missing-state';
import orderStyles from './order-summary.module.css';
import styles from './purchase.module.css';

type Speed = 'normal' | 'express';

function notOrderableMessage(company: SearchedCorporate): string {
  const o = orderabilityOfSearched(company);
  return o.orderable ? '' : o.message;
}

/**
 * /purchase/select: the company from search, certificates and copies, delivery speed, live total.
 * `initialItems` is GET /api/items/all for this member, rendered by the server (null when the
 * server had no session or could not read it): the page paints with the certificates at once.
 * `selected` is the company the page was opened for (`?corporateNumber=`, where the order buttons
 * go), looked up in the registry by the server: it is rendered on the server too and written to
 * storage (`searched_corporate`) once hydrated — the URL wins over a different stored company;
 * when it cannot be used, the page says why (the stored company is not used instead).
 * Without it (null) the company is the stored one, read after hydration (docs/decisions/0033).
 */
export function SelectItems({
  initialItems = null,
  selected = null,
  feeCoverage = null,
}: {
  initialItems?: ItemsAll | null;
  selected?: SelectedCompany | null;
  /** What the 当社手数料 covers (`<FeeCoverage />`, rendered by the server page), under the prices. */
  feeCoverage?: ReactNode;
}) {
  const router = useRouter();
  const [company, setCompany] = useState<SearchedCorporate | null | undefined>(selected?.status === 'found' ? selected.company : undefined);
  // Why the company named in the URL cannot be shown (an unknown or malformed number, the registry unreadable).
  const problem = selected !== null && selected.status !== 'found' ? selected.message : null;
  // Whether this tab's storage (certificates, delivery) has been read: the controls wait for it.
  const [storageRead, setStorageRead] = useState(false);
  const [quantities, setQuantities] = useState<Record<string, number>>({});
  const [speed, setSpeed] = useState<Speed>('normal');
  const [error, setError] = useState('');
  // Sent back here by a later step that found nothing in this tab: say so (issue 13).
  const [restarted, setRestarted] = useState(false);

  useEffect(() => {
    // Browser storage and the address are read after hydration (the server render has none); reading them is the effect.
    const restarted = takeMissingStateFlag();
    // The spec's hand-over stays the contract: the later steps read the company from storage.
    const stored = selected === null ? readSearchedCorporate() : undefined;
    if (selected !== null && selected.status === 'found')
      storedSearchedCorporate.write({ ...selected.company, selectedAt: new Date().toISOString() });
    const saved = getClientState().purchaseItemData;
    // What storage holds re-renders the whole step: in a transition, rendered in slices between
    // other work rather than as one task right after hydration (docs/decisions/0053).
    startTransition(() => {
      setRestarted(restarted);
      if (stored !== undefined) setCompany(stored);
      setQuantities(Object.fromEntries(saved.userInput.map((i) => [i.itemId, i.quantity])));
      setSpeed(saved.deliverySpeed);
      setStorageRead(true);
    });
  }, [selected]);

  const items = useApi(itemsKey(), initialItems ? { fallbackData: initialItems } : {});
  // Until storage is read (the server render and hydration) the controls are disabled; while the
  // company is not known yet the shell shows every certificate, as for an open company.
  const reading = !storageRead;
  // Only certificates the company has (a closed company: 閉鎖事項全部証明書 only) — the server's rule too.
  const selection = useMemo(
    () => (company ? Object.entries(quantities).filter(([id, q]) => q > 0 && canOrderItem(company, id)) : []),
    [quantities, company],
  );
  const priced = selection.length > 0;
  const tax = useApi(priced ? taxKey(selection, speed) : null);

  // (not `isLoading`: the server render does not fetch, so it would show the error box)
  if (!items.data && !items.error) return <LoadingOverlay />;

  if (problem !== null || company === null || (company !== undefined && !canOrder(company))) {
    return (
      <PurchasePage title="証明書の選択" step={0}>
        {restarted ? <MissingStateNotice step="/purchase/select" /> : null}
        <div className="notice-box" role="status">
          {problem !== null ? (
            <p data-testid="company-problem">{problem}</p>
          ) : !company ? (
            <p>
              証明書を取り寄せる会社が選ばれていません。会社を検索して、検索結果か会社のページにある「{ORDER_BUTTON_SHORT_LABEL}
              」のボタンを押してください。
            </p>
          ) : (
            <p>
              {company.name}
              {company.kindLabel ? `（${company.kindLabel}）` : ''}：{notOrderableMessage(company)}
              株式会社・合同会社などの会社を選んでください。
            </p>
          )}
          <p>
            <Link href="/search">会社を検索する</Link>
          </p>
        </div>
      </PurchasePage>
    );
  }

  if (items.error || !items.data) {
    return (
      <PurchasePage title="証明書の選択" step={0}>
        <p className="error-box" role="alert">
          {items.error instanceof Error ? items.error.message : '証明書の情報を読み込めませんでした。'}
        </p>
      </PurchasePage>
    );
  }
  const data = items.data;
  const dates = data.scheduledDateMaster;

  function toggle(itemId: string, on: boolean) {
    setQuantities((q) => ({ ...q, [itemId]: on ? Math.max(1, q[itemId] ?? 1) : 0 }));
    setError('');
  }

  async function next() {
    if (selection.length === 0) {
      setError('証明書を1種類以上選択してください。');
      // The message is under the heading, above the list: with the heading at the top it is on a
      // phone's screen (centred, it was four items below it, out of sight), and the keyboard goes on
      // from the first certificate rather than from a button now off the screen.
      document.getElementById('items-heading')?.scrollIntoView({ block: 'start' });
      document.querySelector<HTMLInputElement>('#items input[type="checkbox"]')?.focus({ preventScroll: true });
      return;
    }
    setPiece('purchaseItemData', {
      userInput: selection.map(([itemId, quantity]) => ({ itemId, quantity })),
      scheduledDateMaster: dates,
      isFirstPayPrice: data.isFirstPayPrice,
      deliverySpeed: speed,
    });
    router.push('/purchase/recipient-info');
  }

  return (
    <PurchasePage title="証明書の選択" step={0} lead="取り寄せる証明書と通数、配送方法を選んでください。表示の金額はすべて税込です。">
      {restarted ? <MissingStateNotice step="/purchase/select" /> : null}
      <Section title="対象の会社" id="company" change={{ href: '/search', label: '会社を選び直す' }}>
        {/* Three short blocks, each smaller than the step's server-rendered text: read from storage after
            hydration, the company is not what the page's largest paint waits for (LCP, docs/decisions/0038);
            the grey lines before it have the same heights. */}
        {company === undefined ? (
          <div className={orderStyles.company} aria-busy="true">
            <Pending kind="name" />
            <p className="muted">
              <Pending />
            </p>
            <p className="muted">
              <Pending />
            </p>
          </div>
        ) : (
          <div className={orderStyles.company}>
            <p className={orderStyles.companyName} data-testid="company-name">
              {company.name}
            </p>
            <p className="muted" data-testid="company-number">
              法人番号 {company.corporateNumber}
            </p>
            {company.address ? (
              <p className="muted" data-testid="company-address">
                {company.address}
              </p>
            ) : null}
          </div>
        )}
        {company?.closed ? <p className="notice-box">{CLOSED_COMPANY_ITEM_MESSAGE}</p> : null}
      </Section>

      <Section title="証明書と通数" id="items">
        {data.isFirstPayPrice ? (
          <p className="notice-box" data-testid="first-price">
            初回ご注文のため、当社手数料が初回価格になります。
          </p>
        ) : null}
        {error ? <FieldError role="alert">{error}</FieldError> : null}
        <ul className={orderStyles.itemList}>
          {data.items
            .filter((item) => company === undefined || canOrderItem(company, item.itemId))
            .map((item) => {
              const q = quantities[item.itemId] ?? 0;
              const checkboxId = `item-${item.itemId}`;
              return (
                <li key={item.itemId} className={orderStyles.item}>
                  <input
                    type="checkbox"
                    id={checkboxId}
                    checked={q > 0}
                    disabled={reading}
                    onChange={(e) => toggle(item.itemId, e.target.checked)}
                  />
                  <label htmlFor={checkboxId} className={orderStyles.itemName}>
                    {item.name}
                  </label>
                  <span className={orderStyles.itemPrice}>
                    1通 {formatYen(item.unitTotalYen)}（税込）
                    <br />
                    法務局手数料 {formatYen(item.ministryFeeYen)}（非課税）＋ 当社手数料 {formatYen(item.serviceFeeYen)}（税込）
                    {item.serviceFeeYen !== item.regularServiceFeeYen ? `　通常 ${formatYen(item.regularServiceFeeYen)}` : ''}
                  </span>
                  <span className={orderStyles.quantity}>
                    <label htmlFor={`${checkboxId}-q`}>通数</label>
                    <select
                      id={`${checkboxId}-q`}
                      className="input"
                      value={q}
                      disabled={reading || q === 0}
                      onChange={(e) => setQuantities((prev) => ({ ...prev, [item.itemId]: Number(e.target.value) }))}
                    >
                      {q === 0 ? <option value={0}>—</option> : null}
                      {Array.from({ length: MAX_QUANTITY_PER_ITEM }, (_, i) => i + 1).map((n) => (
                        <option key={n} value={n}>
                          {n}通
                        </option>
                      ))}
                    </select>
                  </span>
                </li>
              );
            })}
        </ul>
        {feeCoverage}
      </Section>

      <Section title="配送方法" id="delivery">
        <fieldset className={orderStyles.radioGroup}>
          <legend className="visually-hidden">配送方法</legend>
          {(
            [
              ['normal', '通常配送（追加料金なし）', dateWindow(dates.normalStartDate, dates.normalEndDate)],
              ['express', `速達配送（＋${formatYen(data.expressFeeYen)}・税込）`, dateWindow(dates.expressStartDate, dates.expressEndDate)],
            ] as const
          ).map(([value, title, window]) => (
            <label key={value} className={styles.radioCard}>
              <input
                type="radio"
                name="speed"
                value={value}
                checked={speed === value}
                disabled={reading}
                onChange={() => setSpeed(value)}
              />
              <span>
                <span className={styles.radioTitle}>{title}</span>
                お届け予定：<span data-testid={`${value}-window`}>{window}</span>
              </span>
            </label>
          ))}
        </fieldset>
        <p className="muted">お届け予定日は、ご注文が今確定した場合の目安です（土日祝日・年末年始を除く営業日で計算）。</p>
      </Section>

      <section className={`surface ${styles.section} ${orderStyles.summary}`} aria-live="polite" aria-label="合計金額">
        <div className={orderStyles.totalRow}>
          <span>合計（税込）</span>
          <span className={orderStyles.totalAmount} data-testid="total">
            {tax.data && priced ? formatYen(tax.data.totalYen) : '—'}
          </span>
        </div>
        {tax.data && priced ? (
          <ul className={orderStyles.taxLines}>
            {tax.data.summaryLines.map((l) => (
              <li key={l}>{l}</li>
            ))}
          </ul>
        ) : (
          <p className="muted">証明書を選ぶと合計金額が表示されます。</p>
        )}
        {tax.error instanceof Error ? <FieldError>{tax.error.message}</FieldError> : null}
      </section>

      <div className={styles.actions}>
        <Link className="button button-secondary" href="/search">
          検索結果に戻る
        </Link>
        <button type="button" className="button" disabled={reading} onClick={() => void next()}>
          お届け先の入力へ進む
        </button>
      </div>
    </PurchasePage>
  );
}
