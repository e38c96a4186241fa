'use client';

import Link from '@/components/link';
import { Suspense, lazy, useState } from 'react';
import { loadWatchButton } from '@/features/watch';

import { ORDER_BUTTON_LABEL, orderabilityOf } from '@/features/orders';
import type { CompanySummary } from '@/features/registry';
import styles from './company-search.module.css';
import { addressText, closedLabel, formatPostCode, groupedNumber, matchNote, referenceHref } from './result-format';

/**
 * 「この法人をウォッチ」 depends on the browser's login state, so the server never renders it (its
 * server snapshot is null) and it appears once the page runs. Its code is loaded after the first
 * paint instead of with the page (docs/decisions/0037): React.lazy, rendered once the search says
 * the page is running (`watch`), so /search's first load carries neither it nor its styles, and
 * the 20 buttons mount once with the browser's state instead of hydrating as nothing and rendering
 * again inside the hydration.
 */
const WatchButton = lazy(loadWatchButton);

/** One search result as a card (phones and tablets): who the company is, where, its state, and what the visitor can do next. */
export function CompanyResultItem({
  company: c,
  onChoose,
  watch = true,
}: {
  company: CompanySummary;
  onChoose: (c: CompanySummary) => void;
  /** show 「この法人をウォッチ」 (false while the page hydrates: CompanySearch turns it on after) */
  watch?: boolean;
}) {
  const [copied, setCopied] = useState(false);
  const titleId = `company-${c.corporateNumber}`;
  // The one rule of what can be ordered (orders feature, docs/decisions/0014), also the server's.
  const orderability = orderabilityOf(c);
  const note = matchNote(c);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(c.corporateNumber);
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      // Clipboard refused (permissions, insecure context): the number stays selectable on screen.
    }
  };

  return (
    <li className={styles.item} aria-labelledby={titleId} data-corporate-number={c.corporateNumber}>
      <div className={styles.itemHead}>
        <h3 id={titleId} className={styles.name}>
          {c.name}
        </h3>
        <div className={styles.badges}>
          <span className={styles.kindBadge}>{c.kindLabel}</span>
          {c.closed ? <span className={styles.closedBadge}>{closedLabel(c)}</span> : null}
        </div>
      </div>
      {c.furigana !== null ? <p className={styles.furigana}>{c.furigana}</p> : null}
      {note !== null ? <p className={styles.formerHit}>{note}</p> : null}
      {c.match === 'former_name' && c.matchedFormerName !== null ? null : c.formerNames.length > 0 ? (
        <p className={styles.formerNames}>
          旧商号：{c.formerNames.slice(0, 2).join('、')}
          {c.formerNames.length > 2 ? ` ほか${c.formerNames.length - 2}件` : ''}
        </p>
      ) : null}
      <dl className={styles.facts}>
        <div>
          <dt>所在地</dt>
          <dd>
            {formatPostCode(c.postCode)}
            {addressText(c)}
          </dd>
        </div>
        <div>
          <dt>法人番号</dt>
          <dd className={styles.number}>
            <span aria-label={groupedNumber(c.corporateNumber)}>{c.corporateNumber}</span>
            {/* the name holds the visible text (WCAG 2.5.3), in both states */}
            <button
              type="button"
              className={styles.copy}
              onClick={() => void copy()}
              aria-label={`法人番号 ${c.corporateNumber} を${copied ? 'コピーしました' : 'コピー'}`}
            >
              {copied ? 'コピーしました' : 'コピー'}
            </button>
            {/* only when there is something to say: an empty status region in each of 20 results was noise (issue 24) */}
            {copied ? (
              <span className="visually-hidden" role="status">
                法人番号をコピーしました
              </span>
            ) : null}
          </dd>
        </div>
        {c.closed && c.closeCauseLabel !== null ? (
          <div>
            <dt>閉鎖の事由</dt>
            <dd>{c.closeCauseLabel}</dd>
          </div>
        ) : null}
      </dl>
      <div className={styles.actions}>
        {orderability.orderable ? (
          <button type="button" className="button" onClick={() => onChoose(c)} aria-describedby={titleId}>
            {ORDER_BUTTON_LABEL}
          </button>
        ) : (
          <p className={styles.notOrderable}>
            {c.kindLabel}：{orderability.message}
          </p>
        )}
        <Link href={referenceHref(c.corporateNumber)} className={styles.refLink} aria-describedby={titleId}>
          法人情報を見る（無料）
        </Link>
        {watch ? (
          <Suspense fallback={null}>
            <WatchButton corporateNumber={c.corporateNumber} compact companyName={c.name} />
          </Suspense>
        ) : null}
      </div>
    </li>
  );
}
