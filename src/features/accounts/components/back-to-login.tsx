import Link from '@/components/link';

import styles from './accounts.module.css';

/** 「ログイン画面へ戻る」 under a form or a message of the login and password-reset pages. */
export function BackToLogin() {
  return (
    <ul className={styles.links}>
      <li>
        <Link href="/login">ログイン画面へ戻る</Link>
      </li>
    </ul>
  );
}
