'use client';

import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useSyncExternalStore } from 'react';

import { isLoggedIn, subscribeAuth } from '@/lib/auth-state';

import styles from './site-header.module.css';

/**
 * ログイン/会員登録 or マイページ. The state is re-read on every route change (spec §4: the
 * pathname changes, the component re-renders, the snapshot is read again) and whenever storage
 * changes. The server render shows nothing account-specific, so both renders agree.
 */
export function AccountLinks() {
  usePathname();
  const loggedIn = useSyncExternalStore<boolean | null>(
    subscribeAuth,
    () => isLoggedIn(),
    () => null,
  );

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
