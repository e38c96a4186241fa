'use client';

import Link from 'next/link';
import { useState } from 'react';

import { orderabilityOf } from '@/features/orders/index.client';
import { WatchButton } from '@/features/watch/index.client';
import { formatIsoDateJa } from '@/lib/format';

import type { CompanySummary } from '@/features/registry';
import styles from './company-search.module.css';

function formatPostCode(code: string | null): string {
  return code !== null && /^\d{7}$/.test(code) ? `〒${code.slice(0, 3)}-${code.slice(3)} ` : '';
}

/** 法人番号 in groups of 1-4-4-4 for reading aloud; copied without separators. */
function groupedNumber(n: string): string {
  return `${n.slice(0, 1)} ${n.slice(1, 5)} ${n.slice(5, 9)} ${n.slice(9)}`;
}

/** One search result: who the company is, where, its state, and what the visitor can do next. */
export function CompanyResultItem({ company: c, onChoose }: { company: CompanySummary; onChoose: (c: CompanySummary) => void }) {
  const [copied, setCopied] = useState(false);
  const titleId = `company-${c.corporateNumber}`;
  // The one rule of what can be ordered (orders feature, docs/decisions/0014), also the server's.
  const orderability = orderabilityOf(c);

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
          {c.closed ? (
            <span className={styles.closedBadge}>閉鎖{c.closeDate !== null ? `（${formatIsoDateJa(c.closeDate)}）` : ''}</span>
          ) : null}
        </div>
      </div>
      {c.furigana !== null ? <p className={styles.furigana}>{c.furigana}</p> : null}
      {c.match === 'en_name' && c.enName !== null ? <p className={styles.formerHit}>英語表記「{c.enName}」で一致しました</p> : null}
      {c.match === 'former_name' && c.matchedFormerName !== null ? (
        <p className={styles.formerHit}>旧商号「{c.matchedFormerName}」で一致しました</p>
      ) : c.formerNames.length > 0 ? (
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
            {c.address !== '' ? c.address : '（記載なし）'}
          </dd>
        </div>
        <div>
          <dt>法人番号</dt>
          <dd className={styles.number}>
            <span aria-label={groupedNumber(c.corporateNumber)}>{c.corporateNumber}</span>
            <button type="button" className={styles.copy} onClick={() => void copy()} aria-label={`法人番号 ${c.corporateNumber} をコピー`}>
              {copied ? 'コピーしました' : 'コピー'}
            </button>
            <span className="visually-hidden" role="status">
              {copied ? '法人番号をコピーしました' : ''}
            </span>
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
            この法人の証明書を申請する
          </button>
        ) : (
          <p className={styles.notOrderable}>
            {c.kindLabel}：{orderability.message}
          </p>
        )}
        <Link href={`/search-service/result?corporateNumber=${c.corporateNumber}`} className={styles.refLink} aria-describedby={titleId}>
          法人情報を見る（無料）
        </Link>
        <WatchButton corporateNumber={c.corporateNumber} compact />
      </div>
    </li>
  );
}
