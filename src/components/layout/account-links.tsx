'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';

import { isLoggedIn, subscribeAuth } from '@/lib/auth-state';

import styles from './site-header.module.css';

/**
 * ログイン/会員登録 or マイページ. The state is re-checked on every route change (spec §4) and
 * whenever storage changes; until the browser has told us, nothing account-specific is shown so
 * the server render and the first client render agree.
 */
export function AccountLinks() {
  const pathname = usePathname();
  const [loggedIn, setLoggedIn] = useState<boolean | null>(null);

  useEffect(() => {
    setLoggedIn(isLoggedIn());
    return subscribeAuth(() => setLoggedIn(isLoggedIn()));
  }, [pathname]);

  if (loggedIn === null) return <li className={styles.placeholder} aria-hidden="true" />;
  if (loggedIn) {
    return (
      <li>
        <Link href="/my-page/basic-info" className={styles.cta}>
          マイページ
        </Link>
      </li>
    );
  }
  return (
    <>
      <li>
        <Link href="/login">ログイン</Link>
      </li>
      <li>
        <Link href="/register" className={styles.cta}>
          会員登録
        </Link>
      </li>
    </>
  );
}
