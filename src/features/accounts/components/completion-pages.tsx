'use client';

import Link from '@/components/link';

import { LoadingOverlay } from '@/components/loading-overlay';

import styles from './accounts.module.css';
import { RegisterSteps } from './auth-page';
import { useJustCompleted } from './use-just-completed';

/**
 * /register/completion: "registered" only right after this tab registered (issue 13). Opened any
 * other way — a bookmark, a shared link, a reload — it says what the page is for instead.
 */
export function RegisterCompletion() {
  const done = useJustCompleted('registration');
  if (done === undefined) return <LoadingOverlay />;
  if (!done) {
    return (
      <div className={`surface ${styles.card}`}>
        <h1 className={styles.title}>会員登録</h1>
        <p className="notice-box" data-testid="completion-neutral">
          このページは、会員登録の手続きが完了したときに表示されます。会員登録がお済みの方は、ログインしてご利用ください。
        </p>
        <div className={`${styles.actions} ${styles.actionsRow}`}>
          <Link className="button" href="/login">
            ログインする
          </Link>
          <Link className="button button-secondary" href="/register">
            会員登録（無料）
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={`surface ${styles.card}`}>
      <h1 className={styles.title}>会員登録が完了しました</h1>
      <RegisterSteps current={3} />
      <p>
        ご登録ありがとうございます。会社を検索して、登記事項証明書をお取り寄せいただけます。ご登録内容はマイページで確認・変更できます。
      </p>
      <div className={`${styles.actions} ${styles.actionsRow}`}>
        <Link className="button" href="/search">
          会社を検索する
        </Link>
        <Link className="button button-secondary" href="/my-page/basic-info">
          マイページを見る
        </Link>
      </div>
    </div>
  );
}

/** /password-reset/completion: "done" only right after this tab set the new password. */
export function PasswordResetCompletion() {
  const done = useJustCompleted('password-reset');
  if (done === undefined) return <LoadingOverlay />;
  if (!done) {
    return (
      <div className={`surface ${styles.card}`}>
        <h1 className={styles.title}>パスワードの再設定</h1>
        <p className="notice-box" data-testid="completion-neutral">
          このページは、パスワードの再設定が完了したときに表示されます。パスワードをお忘れの場合は、再設定をお申し込みください。
        </p>
        <div className={`${styles.actions} ${styles.actionsRow}`}>
          <Link className="button" href="/password-reset">
            パスワードの再設定を申し込む
          </Link>
          <Link className="button button-secondary" href="/login">
            ログイン画面へ
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className={`surface ${styles.card}`}>
      <h1 className={styles.title}>パスワードを再設定しました</h1>
      <p>安全のため、すべての端末でログアウトしました。新しいパスワードでログインしてください。確認のメールをお送りしています。</p>
      <div className={styles.actions}>
        <Link className="button" href="/login">
          ログインする
        </Link>
      </div>
    </div>
  );
}
