import { formatIsoDateJa } from '@/lib/format';
import styles from './company-search.module.css';

export type RegistryStatus = { available: true; isSample: boolean; builtAt: string; dataDate: string | null } | { available: false };

/**
 * Says how current the data is (データ更新日, moved forward by the daily update) and when it is
 * generated sample data (server-rendered with the page). A missing registry is said by
 * CompanySearch itself, next to the search it prevents.
 */
export function RegistryNotice({ status }: { status: RegistryStatus }) {
  if (!status.available) return null;
  return (
    <>
      {status.dataDate !== null ? (
        <p className={styles.dataDate} data-testid="registry-data-date">
          データ更新日：<time dateTime={status.dataDate}>{formatIsoDateJa(status.dataDate)}</time>
        </p>
      ) : null}
      {status.isSample ? (
        <div className={`notice-box ${styles.notice}`} data-testid="sample-data-notice">
          <p>
            <strong>現在表示しているのはサンプルデータです。</strong>
            {/* Folded away while the visitor searches on a phone (SEARCH_COMPACT_ATTRIBUTE); the sentence above stays. */}
            <span className={styles.noticeDetail}>
              検索結果は自動生成した架空の法人で、実在の法人とは関係ありません。国税庁の法人番号データを取り込むと、実際の法人を検索できます。
            </span>
          </p>
        </div>
      ) : null}
    </>
  );
}
