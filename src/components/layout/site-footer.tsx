import Link from '@/components/link';

import type { SiteInfo } from '@/config/site';

import styles from './site-footer.module.css';

export function SiteFooter({ site }: { site: SiteInfo }) {
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.inner}`}>
        <nav aria-label="ご利用にあたって">
          <ul className={styles.links}>
            <li>
              <Link href="/help/terms-of-use">利用規約</Link>
            </li>
            <li>
              <Link href="/help/privacy-policy">プライバシーポリシー</Link>
            </li>
            <li>
              <Link href="/help/specified-commercial-transaction-law">特定商取引法に基づく表記</Link>
            </li>
            <li>
              <Link href="/search-service/help/terms-of-use">法人情報照会 利用規約</Link>
            </li>
          </ul>
        </nav>
        <p className={styles.attribution}>
          会社情報の出典：国税庁法人番号公表サイト（国税庁）。当サイトの検索結果は、国税庁が公表するデータを当社が加工して作成したものであり、国税庁が作成したものではありません。
        </p>
        <p className={styles.operator}>
          運営：{site.operator.name}　お問い合わせ：
          <a href={`mailto:${site.operator.supportEmail}`}>{site.operator.supportEmail}</a>
        </p>
        <p className={styles.copyright}>
          © {year} {site.operator.name}
        </p>
      </div>
    </footer>
  );
}
