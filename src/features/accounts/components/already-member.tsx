import Link from '@/components/link';

import styles from './accounts.module.css';

/**
 * A registration page opened by a member who is logged in (the back button after registering, a
 * bookmark): said so, with where a member goes — the page they were on their way to (an order
 * started while logged out), else my page — and the search; not a form for a second account.
 */
export function AlreadyMember({ title, note, nextPage = null }: { title: string; note: string; nextPage?: string | null }) {
  return (
    <div className={`surface ${styles.card}`} data-testid="already-member">
      <h1 className={styles.title}>{title}</h1>
      <p className="notice-box">会員登録はお済みで、ログインしています。{note}</p>
      <div className={styles.actions}>
        {nextPage ? (
          <Link className="button" href={nextPage}>
            {nextPage.startsWith('/purchase/') ? '証明書の申請に進む' : 'ご覧になっていたページへ'}
          </Link>
        ) : (
          <Link className="button" href="/my-page/basic-info">
            マイページへ
          </Link>
        )}
        <Link className="button button-secondary" href="/search">
          法人を検索する
        </Link>
      </div>
    </div>
  );
}
