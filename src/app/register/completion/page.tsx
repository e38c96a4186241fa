import type { Metadata } from 'next';
import Link from 'next/link';

import styles from '@/features/accounts/components/accounts.module.css';
import { AuthPage, RegisterSteps } from '@/features/accounts/components/auth-page';

export const metadata: Metadata = { title: '会員登録完了', robots: { index: false } };

export default function RegisterCompletionPage() {
  return (
    <AuthPage>
      <div className={styles.card}>
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
    </AuthPage>
  );
}
