import type { Metadata } from 'next';
import Link from '@/components/link';

import { BulkCheck } from '@/features/company-search/components/bulk-check';
import { todayInJapan } from '@/features/registry';

import styles from '../search-page.module.css';

export const metadata: Metadata = { title: '法人番号・インボイス登録の一括確認' };

// Today's date (JST) is the form's default: rendered per request, not at build time.
export const dynamic = 'force-dynamic';

/** /search/bulk (issue 14 item 4): no login; the check itself runs in the browser through the API. */
export default function BulkCheckPage() {
  return (
    <div className={`container ${styles.page}`}>
      <h1 className={styles.title}>法人番号・インボイス登録の一括確認</h1>
      <p className={styles.lead}>
        取引先の法人番号、適格請求書発行事業者の登録番号（T＋13桁）または正式な法人名を、1行に1件ずつ最大1,000件まで貼り付けるか、CSVファイルから読み込んでください。
        法人の現在の名称・所在地、閉鎖（合併による解散など）の有無と承継先、指定した日のインボイス登録状況を確認し、結果をCSVでダウンロードできます。
      </p>
      <p className={styles.lead}>
        <Link href="/search">会社検索に戻る</Link>
      </p>
      <BulkCheck today={todayInJapan()} />
    </div>
  );
}
