'use client';

import Link from '@/components/link';
import { usePathname, useSearchParams } from 'next/navigation';
import { useSyncExternalStore, type ReactNode } from 'react';

import { isLoggedIn, subscribeAuth } from '@/lib/auth-state';
import { loginPath, registerPath, returnHere } from '@/lib/next-page';

import styles from './site-header.module.css';

/**
 * ログイン/会員登録 or マイページ. The state is re-read on every route change (spec §4: the
 * pathname changes, the component re-renders, the snapshot is read again) and whenever storage
 * changes. The server render shows nothing account-specific, so both renders agree.
 * ログイン / 会員登録 carry the page the visitor is on (issue 13 §2), as `nextPage` checked by
 * src/lib/next-page.ts; the search page's query is kept in step through useSearchParams, which
 * Next updates on history.replaceState too. The header renders this inside a Suspense boundary.
 * `logout`: the member's ログアウト button beside マイページ (the accounts feature's HeaderLogout,
 * passed in by the root layout: shared UI does not import features).
 */
export function AccountLinks({ logout }: { logout?: ReactNode }) {
  const pathname = usePathname();
  const search = useSearchParams().toString();
  const loggedIn = useSyncExternalStore<boolean | null>(
    subscribeAuth,
    () => isLoggedIn(),
    () => null,
  );

  if (loggedIn === null) return <li className={styles.placeholder} aria-hidden="true" />;
  if (loggedIn) {
    return (
      <>
        <li>
          <Link href="/my-page/basic-info" className={styles.cta}>
            マイページ
          </Link>
        </li>
        {logout ? <li>{logout}</li> : null}
      </>
    );
  }
  const here = returnHere(pathname, search);
  return (
    <>
      <li>
        <Link href={loginPath({ nextPage: here })}>ログイン</Link>
      </li>
      <li>
        <Link href={registerPath(here)} className={styles.cta}>
          会員登録
        </Link>
      </li>
    </>
  );
}
