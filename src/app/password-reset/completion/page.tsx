import type { Metadata } from 'next';
import Link from 'next/link';

import styles from '@/features/accounts/components/accounts.module.css';
import { AuthPage } from '@/features/accounts/components/auth-page';

export const metadata: Metadata = { title: 'パスワードの再設定完了', robots: { index: false } };

export default function PasswordResetCompletionPage() {
  return (
    <AuthPage>
      <div className={styles.card}>
        <h1 className={styles.title}>パスワードを再設定しました</h1>
        <p>安全のため、すべての端末でログアウトしました。新しいパスワードでログインしてください。確認のメールをお送りしています。</p>
        <div className={styles.actions}>
          <Link className="button" href="/login">
            ログインする
          </Link>
        </div>
      </div>
    </AuthPage>
  );
}
