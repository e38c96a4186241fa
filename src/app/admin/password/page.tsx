import type { Metadata } from 'next';

import { getSiteInfo } from '@/config/site';
import { AdminShell } from '@/features/backoffice/components/admin-shell';
import styles from '@/features/backoffice/components/admin.module.css';
import { PasswordChangeForm } from '@/features/backoffice/components/password-form';
import { requireStaffPage } from '@/features/backoffice/server/page-session';

export const metadata: Metadata = { title: 'パスワードの変更（管理画面）' };

export default async function AdminPasswordPage() {
  const { session } = await requireStaffPage('staff', { passwordPage: true });
  const required = session.staff.passwordChangeRequired;
  return (
    <AdminShell session={session} serviceName={getSiteInfo().serviceName}>
      <h1 className={styles.pageTitle}>パスワードの変更</h1>
      {required ? (
        <p className={styles.notice} role="status">
          初回ログインです。発行されたパスワードを、ご自身だけが知っているパスワードに変更してください。変更するまで、ほかの画面は使えません。
        </p>
      ) : null}
      <div className={styles.card}>
        <PasswordChangeForm required={required} />
      </div>
    </AdminShell>
  );
}
