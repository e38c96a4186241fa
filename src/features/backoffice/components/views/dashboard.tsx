import Link from '@/components/link';

import { AUDIT_ACTIONS, STAFF_ROLE_LABELS, type AuditAction } from '@/features/backoffice';
import styles from '../admin.module.css';
import { listAudit } from '../../server/audit';
import { queueCounts } from '../../server/orders';
import { getCurrentNotice } from '@/features/site/index.server';
import { formatDateTimeJa } from '@/lib/format';
import type { StaffSession } from '@/server/auth/staff-session';

/** The order queue's counts on the dashboard, each a link to the queue filtered to it. */
const QUEUE_COUNTS = [
  { key: 'untouched', label: '未対応', href: '/admin/orders?status=accepted' },
  { key: 'express', label: '速達（発送前）', href: '/admin/orders?status=accepted&status=requested&express=1' },
  { key: 'overdue', label: '期限超過（発送前）', href: '/admin/orders?status=accepted&status=requested' },
] as const;

export async function DashboardView({ session }: { session: StaffSession }) {
  const manager = session.staff.role === 'manager';
  // what the site's banner shows right now (the same query as the banner itself)
  const [current, mine, counts] = await Promise.all([
    manager ? getCurrentNotice() : null,
    listAudit({ staff: session.staff.id }, 5),
    queueCounts(),
  ]);
  return (
    <>
      <h1 className={styles.pageTitle}>ダッシュボード</h1>
      <p className={styles.lead}>
        {session.staff.displayName} さん（{STAFF_ROLE_LABELS[session.staff.role]}
        ）としてログインしています。操作はすべて監査ログに記録されます。
      </p>
      <section className={styles.card} aria-labelledby="dash-counts" data-testid="queue-counts">
        <h2 id="dash-counts">いまの注文</h2>
        <ul className={styles.countList}>
          {QUEUE_COUNTS.map(({ key, label, href }) => (
            <li key={key}>
              <Link href={href}>
                <span className={styles.countLabel}>{label}</span>
                <strong
                  className={key === 'overdue' && counts.overdue > 0 ? `${styles.countValue} ${styles.countDanger}` : styles.countValue}
                  data-testid={`count-${key}`}
                >
                  {counts[key].toLocaleString('ja-JP')}件
                </strong>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div className={styles.cards}>
        <Link href="/admin/orders" className={`${styles.card} ${styles.cardLink}`}>
          <h2>注文</h2>
          <p className="muted">お支払い済みの注文を速達・お届け期限の近い順に確認し、法務局への請求・発送・完了を記録します。</p>
        </Link>
        {manager ? (
          <Link href="/admin/accounting" className={`${styles.card} ${styles.cardLink}`}>
            <h2>会計データ</h2>
            <p className="muted">月ごとの売上と返金を CSV（Excel で開けます）で出力します。</p>
          </Link>
        ) : null}
        {manager ? (
          <>
            <Link href="/admin/notices" className={`${styles.card} ${styles.cardLink}`}>
              <h2>お知らせ</h2>
              <p className="muted">メンテナンスのお知らせを作成し、掲載期間を予約・変更・終了します。PDF も添付できます。</p>
            </Link>
            <Link href="/admin/audit" className={`${styles.card} ${styles.cardLink}`}>
              <h2>監査ログ</h2>
              <p className="muted">スタッフの操作とログインの記録を確認します（閲覧のみ）。</p>
            </Link>
            <Link href="/admin/staff" className={`${styles.card} ${styles.cardLink}`}>
              <h2>スタッフ</h2>
              <p className="muted">アカウントの一覧と、有効・無効の切り替え。</p>
            </Link>
          </>
        ) : null}
      </div>
      {manager ? null : (
        <div className={styles.card}>
          <h2>ご利用いただける機能</h2>
          <p>
            注文の対応（法務局への請求・発送・完了の記録）ができます。返金・会計データ・お知らせ・監査ログ・スタッフ管理はマネージャーが担当します。
          </p>
        </div>
      )}
      {manager ? (
        <div className={styles.card}>
          <h2>サイトに表示中のお知らせ</h2>
          {current ? (
            <p>
              <Link href={`/admin/notices/${current.id}`}>{current.title}</Link>
            </p>
          ) : (
            <p className="muted">いまサイトに表示されているお知らせはありません。</p>
          )}
        </div>
      ) : null}
      <div className={styles.card}>
        <h2>あなたの最近の記録</h2>
        {mine.rows.length === 0 ? (
          <p className="muted">まだ記録はありません。</p>
        ) : (
          <ul>
            {mine.rows.map((r) => (
              <li key={r.id}>
                <span className={styles.nowrap}>{formatDateTimeJa(r.at, { seconds: true })}</span>{' '}
                {AUDIT_ACTIONS[r.action as AuditAction] ?? r.action}
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
