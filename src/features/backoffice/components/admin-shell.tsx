import Link from '@/components/link';
import type { ReactNode } from 'react';

import type { StaffSession } from '@/server/auth/staff-session';

import { STAFF_ROLE_LABELS } from '../schemas';

import { AdminNav, type NavItem } from './admin-nav';
import styles from './admin.module.css';
import { LogoutButton } from './logout-button';

/**
 * The frame of every signed-in back-office page. Sections a role cannot use are not listed (the
 * server refuses them anyway).
 */
export function AdminShell({ session, serviceName, children }: { session: StaffSession; serviceName: string; children: ReactNode }) {
  const manager = session.staff.role === 'manager';
  const items: NavItem[] = [
    { href: '/admin', label: 'ダッシュボード' },
    { href: '/admin/orders', label: '注文' },
    ...(manager
      ? [
          { href: '/admin/accounting', label: '会計データ' },
          { href: '/admin/notices', label: 'お知らせ' },
          { href: '/admin/audit', label: '監査ログ' },
          { href: '/admin/staff', label: 'スタッフ' },
        ]
      : []),
    { href: '/admin/password', label: 'パスワードの変更' },
  ];
  return (
    <div className={styles.shell}>
      <header className={styles.topbar}>
        <Link href="/admin" className={styles.brand}>
          {serviceName}
          <span className={styles.brandTag}>管理画面</span>
        </Link>
        <div className={styles.who}>
          <span data-testid="admin-staff-name">{session.staff.displayName}</span>
          <span className={styles.role}>{STAFF_ROLE_LABELS[session.staff.role]}</span>
          <LogoutButton />
        </div>
      </header>
      <div className={styles.body}>
        <AdminNav items={items} />
        <main id="main" className={styles.main}>
          {children}
        </main>
      </div>
    </div>
  );
}

/** What a staff member sees on a manager-only page. */
export function ManagerOnly() {
  return (
    <div className={styles.card}>
      <h1 className={styles.pageTitle}>このページを表示する権限がありません</h1>
      <p>このページはマネージャーだけが利用できます。必要な場合はマネージャーに依頼してください。</p>
      <p>
        <Link href="/admin">ダッシュボードに戻る</Link>
      </p>
    </div>
  );
}
