import type { Metadata } from 'next';
import { redirect } from 'next/navigation';

import { AdminLoginForm } from '@/features/backoffice/components/login-form';
import styles from '@/features/backoffice/components/admin.module.css';
import { currentStaffSession } from '@/features/backoffice/server/page-session';

export const metadata: Metadata = { title: '管理画面ログイン' };

export default async function AdminLoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await currentStaffSession()) redirect('/admin');
  const params = await searchParams;
  const message = params.loggedOut
    ? 'ログアウトしました。'
    : params.expired
      ? 'ログインの有効期限が切れたか、ログインしていません。もう一度ログインしてください。'
      : null;
  return (
    <main id="main" className={styles.loginWrap}>
      <AdminLoginForm initialMessage={message} />
    </main>
  );
}
