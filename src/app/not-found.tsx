import Link from '@/components/link';

import styles from './status-page.module.css';

export const metadata = { title: 'ページが見つかりません' };

export default function NotFound() {
  return (
    <div className={`container ${styles.wrap}`}>
      <p className={styles.code}>404</p>
      <h1 className={styles.title}>お探しのページが見つかりませんでした</h1>
      <p>URL に誤りがあるか、ページが移動または削除された可能性があります。</p>
      <ul className={styles.links}>
        <li>
          <Link href="/">トップページへ戻る</Link>
        </li>
        <li>
          <Link href="/search">会社を探す</Link>
        </li>
      </ul>
    </div>
  );
}
