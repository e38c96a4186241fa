import type { Metadata } from 'next';

import { getSiteInfo } from '@/config/site';
import { AdminShell } from '@/features/backoffice/components/admin-shell';
import styles from '@/features/backoffice/components/admin.module.css';
import { LogoutButton } from '@/features/backoffice/components/logout-button';
import { requireStaffPage } from '@/features/backoffice/server/page-session';

export const metadata: Metadata = { title: 'ログアウト（管理画面）' };

/** Logging out changes state, so it is a button (POST), never a GET of this page. */
export default async function AdminLogoutPage() {
  const { session } = await requireStaffPage();
  return (
    <AdminShell session={session} serviceName={getSiteInfo().serviceName}>
      <h1 className={styles.pageTitle}>ログアウト</h1>
      <div className={styles.card}>
        <p>管理画面からログアウトします。共有の端末では、作業が終わったら必ずログアウトしてください。</p>
        <LogoutButton className={styles.button} />
      </div>
    </AdminShell>
  );
}
