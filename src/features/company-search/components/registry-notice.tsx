import styles from './company-search.module.css';

export type RegistryStatus = { available: true; isSample: boolean; builtAt: string } | { available: false };

/**
 * Says when the data is generated sample data (server-rendered with the page). A missing
 * registry is said by CompanySearch itself, next to the search it prevents.
 */
export function RegistryNotice({ status }: { status: RegistryStatus }) {
  if (!status.available || !status.isSample) return null;
  return (
    <div className={`notice-box ${styles.notice}`} data-testid="sample-data-notice">
      <p>
        <strong>現在表示しているのはサンプルデータです。</strong>
        検索結果は自動生成した架空の法人で、実在の法人とは関係ありません。国税庁の法人番号データを取り込むと、実際の法人を検索できます。
      </p>
    </div>
  );
}
