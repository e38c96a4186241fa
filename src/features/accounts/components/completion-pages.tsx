'use client';

import Link from '@/components/link';
import type { ReactNode } from 'react';

import { LoadingOverlay } from '@/components/loading-overlay';

import styles from './accounts.module.css';
import { RegisterSteps } from './auth-page';
import type { JustCompleted } from './client-session';
import { useJustCompleted } from './use-just-completed';

type Way = { href: string; label: string };

/**
 * A completion page (issue 13): its card says "done" (`children`) only right after this tab
 * completed `kind`. Opened any other way — a bookmark, a shared link, a reload — it says what the
 * page is for instead, with the two ways on.
 */
function CompletionCard({
  kind,
  neutral,
  children,
}: {
  kind: JustCompleted;
  neutral: { title: string; text: string; primary: Way; secondary: Way };
  children: ReactNode;
}) {
  const done = useJustCompleted(kind);
  if (done === undefined) return <LoadingOverlay />;
  if (!done) {
    return (
      <div className={`surface ${styles.card}`}>
        <h1 className={styles.title}>{neutral.title}</h1>
        <p className="notice-box" data-testid="completion-neutral">
          {neutral.text}
        </p>
        <div className={`${styles.actions} ${styles.actionsRow}`}>
          <Link className="button" href={neutral.primary.href}>
            {neutral.primary.label}
          </Link>
          <Link className="button button-secondary" href={neutral.secondary.href}>
            {neutral.secondary.label}
          </Link>
        </div>
      </div>
    );
  }
  return <div className={`surface ${styles.card}`}>{children}</div>;
}

/** /register/completion. */
export function RegisterCompletion() {
  return (
    <CompletionCard
      kind="registration"
      neutral={{
        title: '会員登録',
        text: 'このページは、会員登録の手続きが完了したときに表示されます。会員登録がお済みの方は、ログインしてご利用ください。',
        primary: { href: '/login', label: 'ログインする' },
        secondary: { href: '/register', label: '会員登録（無料）' },
      }}
    >
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
    </CompletionCard>
  );
}

/** /password-reset/completion: "done" only right after this tab set the new password. */
export function PasswordResetCompletion() {
  return (
    <CompletionCard
      kind="password-reset"
      neutral={{
        title: 'パスワードの再設定',
        text: 'このページは、パスワードの再設定が完了したときに表示されます。パスワードをお忘れの場合は、再設定をお申し込みください。',
        primary: { href: '/password-reset', label: 'パスワードの再設定を申し込む' },
        secondary: { href: '/login', label: 'ログイン画面へ' },
      }}
    >
      <h1 className={styles.title}>パスワードを再設定しました</h1>
      <p>安全のため、すべての端末でログアウトしました。新しいパスワードでログインしてください。確認のメールをお送りしています。</p>
      <div className={styles.actions}>
        <Link className="button" href="/login">
          ログインする
        </Link>
      </div>
    </CompletionCard>
  );
}
