import { STAFF_ROLE_LABELS, STAFF_ROLES } from '@/features/backoffice';
import styles from '../admin.module.css';
import { StaffRole } from '../staff-role';
import { StaffToggle } from '../staff-toggle';
import { listStaff } from '../../server/staff';
import { formatDateTimeJa } from '@/lib/format';
import type { StaffSession } from '@/server/auth/staff-session';
import { StaffTable } from '../staff-table';

export async function StaffView({ session }: { session: StaffSession }) {
  const staff = await listStaff();
  const roleOptions = STAFF_ROLES.map((value) => ({ value, label: STAFF_ROLE_LABELS[value] }));
  return (
    <>
      <h1 className={styles.pageTitle}>スタッフ</h1>
      <p className={styles.lead}>
        アカウントの作成と認証アプリの再登録はサーバーのコマンド（<code>npm run admin:create</code>
        ）で行います。無効にしたアカウントはすぐにログアウトされます。権限の変更は、そのスタッフの次の操作から反映されます。自分のアカウントは変更できません（マネージャーが1人もいなくなることはありません）。
      </p>
      <StaffTable columns={['表示名', 'メールアドレス', '権限', '認証アプリ', '状態', '作成日時', '操作']}>
        {staff.map((s) => (
          <tr key={s.id}>
            <td className={styles.nameCell}>{s.displayName}</td>
            {/* one line each: on a phone the table scrolls sideways instead of breaking マネージャー per character */}
            <td className={styles.nowrap}>{s.email}</td>
            <td className={styles.nowrap}>
              {s.id === session.staff.id ? (
                STAFF_ROLE_LABELS[s.role]
              ) : (
                <StaffRole id={s.id} role={s.role} name={s.displayName} options={roleOptions} />
              )}
            </td>
            <td className={styles.nowrap}>
              {s.totpConfirmed ? '登録済み' : <span className={`${styles.badge} ${styles.badgeScheduled}`}>未登録</span>}
            </td>
            <td className={styles.nowrap}>{s.disabled ? <span className={`${styles.badge} ${styles.badgeDanger}`}>無効</span> : '有効'}</td>
            <td className={styles.nowrap}>{formatDateTimeJa(s.createdAt)}</td>
            <td className={styles.nowrap}>
              {s.id === session.staff.id ? (
                <span className="muted">（自分）</span>
              ) : (
                <StaffToggle id={s.id} disabled={s.disabled} name={s.displayName} />
              )}
            </td>
          </tr>
        ))}
      </StaffTable>
    </>
  );
}
