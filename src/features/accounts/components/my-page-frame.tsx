import type { ReactNode } from 'react';

import styles from './accounts.module.css';
import { AuthPage } from './auth-page';
import { MyPageNav } from './my-page-nav';

/** The frame of every マイページ page: the wide frame, the page's one 「マイページ」 heading and its tabs. */
export function MyPageFrame({ children }: { children: ReactNode }) {
  return (
    <AuthPage width="wide">
      <h1 className={styles.title}>マイページ</h1>
      <MyPageNav />
      {children}
    </AuthPage>
  );
}
