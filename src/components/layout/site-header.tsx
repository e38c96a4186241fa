import Link from '@/components/link';
import { Suspense, type ReactNode } from 'react';

import { AccountLinks } from './account-links';
import styles from './site-header.module.css';

/** `logout`: shown beside マイページ to a logged-in member (the root layout passes the accounts feature's button). */
export function SiteHeader({ serviceName, logout }: { serviceName: string; logout?: ReactNode }) {
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <Link href="/" className={styles.logo} aria-label={`${serviceName} トップページ`}>
          <span className={styles.mark} aria-hidden="true">
            法
          </span>
          <span className={styles.name}>{serviceName}</span>
          <span className={styles.tagline}>会社検索・登記簿取得</span>
        </Link>
        <nav aria-label="メインメニュー" className={styles.nav}>
          <ul className={styles.menu}>
            <li>
              <Link href="/search">会社を探す</Link>
            </li>
            <li>
              <Link href="/search-service">法人情報照会</Link>
            </li>
            {/* useSearchParams: static pages render the placeholder and fill the links in on the client */}
            <Suspense fallback={<li className={styles.placeholder} aria-hidden="true" />}>
              <AccountLinks logout={logout} />
            </Suspense>
          </ul>
        </nav>
      </div>
    </header>
  );
}
