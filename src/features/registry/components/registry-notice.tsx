import styles from './company-search.module.css';

export type RegistryStatus = { available: true; isSample: boolean; builtAt: string } | { available: false };

/** Says when the data is generated sample data or not loaded yet (server-rendered with the page). */
export function RegistryNotice({ status }: { status: RegistryStatus }) {
  if (!status.available) {
    return (
      <div className={`error-box ${styles.notice}`} role="alert">
        <p>会社データを準備しています。しばらくしてからもう一度お試しください。</p>
      </div>
    );
  }
  if (!status.isSample) return null;
  return (
    <div className={`notice-box ${styles.notice}`} data-testid="sample-data-notice">
      <p>
        <strong>現在表示しているのはサンプルデータです。</strong>
        検索結果は自動生成した架空の法人で、実在の法人とは関係ありません。国税庁の法人番号データを取り込むと、実際の法人を検索できます。
      </p>
    </div>
  );
}
