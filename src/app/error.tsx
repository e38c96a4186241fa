'use client';

import Link from '@/components/link';

import styles from './status-page.module.css';

export default function ErrorPage({ reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className={`container ${styles.wrap}`}>
      <p className={styles.code}>エラー</p>
      <h1 className={styles.title}>ページを表示できませんでした</h1>
      <p>一時的な問題が発生しています。お手数ですが、しばらくしてからもう一度お試しください。</p>
      <ul className={styles.links}>
        <li>
          <button type="button" className="button" onClick={() => reset()}>
            もう一度読み込む
          </button>
        </li>
        <li>
          <Link href="/">トップページへ戻る</Link>
        </li>
      </ul>
    </div>
  );
}
