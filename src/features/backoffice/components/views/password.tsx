import styles from '../admin.module.css';
import { PasswordChangeForm } from '../password-form';
import type { StaffSession } from '@/server/auth/staff-session';

export function PasswordView({ session }: { session: StaffSession }) {
  const required = session.staff.passwordChangeRequired;
  return (
    <>
      <h1 className={styles.pageTitle}>パスワードの変更</h1>
      {required ? (
        <p className={styles.notice} role="status">
          初回ログインです。発行されたパスワードを、ご自身だけが知っているパスワードに変更してください。変更するまで、ほかの画面は使えません。
        </p>
      ) : null}
      <div className={styles.card}>
        <PasswordChangeForm required={required} />
      </div>
    </>
  );
}
