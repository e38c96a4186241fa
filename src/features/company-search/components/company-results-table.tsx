'use client';

import Link from '@/components/link';
import { useRouter } from 'next/navigation';
import type { MouseEvent } from 'react';

import { ORDER_BUTTON_SHORT_LABEL, orderabilityOf } from '@/features/orders';
import { formatIsoDateJa } from '@/lib/format';

import type { CompanySummary } from '@/features/registry';
import styles from './company-search.module.css';
import { addressText, matchNote, referenceHref } from './result-format';
import { groupDigits } from '@/lib/digits';

interface Props {
  companies: CompanySummary[];
  /** The next results are loading: the rows shown belong to the previous query. */
  stale: boolean;
  onChoose: (c: CompanySummary) => void;
}

/**
 * The results as a dense table on a desktop (issue 13 point 2: 20 cards took 5,500 px; 20 rows fit
 * in ~1,100 px). The company name, a row header, links to its record page — the keyboard's way
 * in; a mouse may click anywhere on the row. The phone keeps the cards (CompanyResultItem); which
 * one is shown is CSS alone (company-search.module.css), so the server's first paint is already right.
 * No 「ウォッチ」 button in the rows: a second button made every row taller (20 rows in ~1,700 px
 * instead of ~1,100); on a desktop the company is watched from its record page (one click away).
 */
export function CompanyResultsTable({ companies, stale, onChoose }: Props) {
  const router = useRouter();

  const openRow = (e: MouseEvent<HTMLTableRowElement>, href: string) => {
    // Links and buttons act by themselves; a modified click is the link's business (new tab);
    // selecting text (a number, an address to copy) is not a click on the row.
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    if (e.target instanceof Element && e.target.closest('a, button') !== null) return;
    if ((window.getSelection()?.toString() ?? '') !== '') return;
    router.push(href);
  };

  return (
    <table className={styles.table} aria-busy={stale} data-stale={stale ? 'true' : undefined}>
      <caption className="visually-hidden">検索結果（{groupDigits(companies.length)}件を表示）</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.colName}>
            商号／フリガナ
          </th>
          <th scope="col" className={styles.colNumber}>
            法人番号
          </th>
          <th scope="col">所在地</th>
          <th scope="col" className={styles.colKind}>
            法人種別
          </th>
          <th scope="col" className={styles.colStatus}>
            状態
          </th>
          <th scope="col" className={styles.colAction}>
            お申し込み
          </th>
        </tr>
      </thead>
      <tbody>
        {companies.map((c) => {
          const href = referenceHref(c.corporateNumber);
          const orderability = orderabilityOf(c);
          const note = matchNote(c);
          return (
            <tr key={c.corporateNumber} className={styles.row} data-corporate-number={c.corporateNumber} onClick={(e) => openRow(e, href)}>
              <th scope="row" className={styles.nameCell}>
                <Link href={href} className={styles.rowName}>
                  {c.name}
                </Link>
                {c.furigana !== null ? <span className={styles.rowSub}>{c.furigana}</span> : null}
                {note !== null ? <span className={styles.rowHit}>{note}</span> : null}
              </th>
              <td className={styles.numberCell}>{c.corporateNumber}</td>
              {/* No postal code here (it is on the card and the record page): one line per address. */}
              <td>{addressText(c)}</td>
              <td>{c.kindLabel}</td>
              <td>
                {c.closed ? (
                  <>
                    {/* The card's 「閉鎖（日付）」 on lines of its own, to fit the narrow column. */}
                    <span className={styles.closedBadge}>閉鎖</span>
                    {c.closeDate !== null ? <span className={styles.rowSub}>{formatIsoDateJa(c.closeDate)}</span> : null}
                    {c.closeCauseLabel !== null ? <span className={styles.rowSub}>{c.closeCauseLabel}</span> : null}
                  </>
                ) : (
                  <span className={styles.rowOpen}>存続</span>
                )}
              </td>
              <td>
                {orderability.orderable ? (
                  <button
                    type="button"
                    className={`button ${styles.rowButton}`}
                    onClick={() => onChoose(c)}
                    aria-label={`${c.name}の証明書を申請する`}
                  >
                    {ORDER_BUTTON_SHORT_LABEL}
                  </button>
                ) : (
                  <span className={styles.rowSub} title={orderability.message}>
                    取り寄せできません
                    <span className="visually-hidden">（{orderability.message}）</span>
                  </span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
