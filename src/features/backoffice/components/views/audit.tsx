import Link from '@/components/link';

import { AUDIT_ACTIONS, AUDIT_ACTION_KEYS, AuditQuerySchema } from '@/features/backoffice';
import { AuditChange } from '../audit-change';
import styles from '../admin.module.css';
import { Field } from '../field';
import { FilterActions } from '../filter-actions';
import { listAudit } from '../../server/audit';
import { orderNumbersOf } from '@/features/orders/index.server';
import { listStaff } from '../../server/staff';
import { formatDateTimeJa } from '@/lib/format';
import { ownEntry } from '@/lib/own';
import { StaffTable } from '../staff-table';

const TARGETS: Record<string, string> = { notice: 'お知らせ', staff: 'スタッフ', order: '注文', accounting_month: '会計データ' };

/** Read-only: the page offers no way to change or delete a row, and the server has none either. */
export async function AuditView({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = await searchParams;
  const parsed = AuditQuerySchema.safeParse({
    action: typeof raw.action === 'string' && raw.action ? raw.action : undefined,
    staff: typeof raw.staff === 'string' && raw.staff ? raw.staff : undefined,
    target: typeof raw.target === 'string' && raw.target.trim() ? raw.target.trim() : undefined,
    before: typeof raw.before === 'string' ? raw.before : undefined,
  });
  const query = parsed.success ? parsed.data : {};
  const [{ rows, nextBefore }, staff] = await Promise.all([listAudit(query), listStaff()]);
  // orders named by their HJ number, as staff and members know them (issue 24 §3), not by their internal id
  const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
  const orderNumbers = await orderNumbersOf(
    rows.filter((r) => r.targetType === 'order' && r.targetId && UUID.test(r.targetId)).map((r) => r.targetId ?? ''),
  );
  const filterParams = new URLSearchParams();
  if (query.action) filterParams.set('action', query.action);
  if (query.staff) filterParams.set('staff', query.staff);
  if (query.target) filterParams.set('target', query.target);
  const nextHref = nextBefore ? `/admin/audit?${new URLSearchParams([...filterParams, ['before', String(nextBefore)]])}` : null;
  return (
    <>
      <h1 className={styles.pageTitle}>監査ログ</h1>
      <p className={styles.lead}>
        スタッフの操作とログイン（成功・失敗）の記録です。新しい順に表示します。記録の変更・削除はできません。{' '}
        <Link href="/admin/audit/verify">改ざんの検査</Link>
      </p>
      <form className={styles.filters} method="get" action="/admin/audit" role="search" aria-label="監査ログの絞り込み">
        <Field id="audit-action" label="操作">
          <select id="audit-action" name="action" className={styles.select} defaultValue={query.action ?? ''}>
            <option value="">すべて</option>
            {AUDIT_ACTION_KEYS.map((a) => (
              <option key={a} value={a}>
                {AUDIT_ACTIONS[a]}
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-staff" label="スタッフ">
          <select id="audit-staff" name="staff" className={styles.select} defaultValue={query.staff ?? ''}>
            <option value="">すべて</option>
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.displayName}（{s.email}）
              </option>
            ))}
          </select>
        </Field>
        <Field id="audit-target" label="対象の ID">
          <input id="audit-target" name="target" className={styles.input} defaultValue={query.target ?? ''} maxLength={100} />
        </Field>
        <FilterActions clearHref="/admin/audit" />
      </form>
      <StaffTable
        columns={['日時', 'スタッフ', '操作', '対象', '内容（変更前 → 変更後）', 'IP']}
        className={styles.auditTable}
        testId="audit-table"
        empty={rows.length === 0 ? '条件に合う記録はありません。' : null}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <td>{formatDateTimeJa(r.at, { seconds: true })}</td>
            <td>
              {r.staffName ?? (
                // a refund made at PAY.JP's dashboard has no staff member: PAY.JP made it (decision 0045)
                <span className="muted">{r.staffId ? '—' : r.action === 'order.refund_outside' ? 'PAY.JP' : 'なし'}</span>
              )}
            </td>
            <td>
              {r.action.includes('failed') ? (
                <span className={`${styles.badge} ${styles.badgeDanger}`}>{ownEntry<string>(AUDIT_ACTIONS, r.action) ?? r.action}</span>
              ) : (
                (ownEntry<string>(AUDIT_ACTIONS, r.action) ?? r.action)
              )}
            </td>
            <td className={styles.nowrap}>
              {r.targetType ? (ownEntry(TARGETS, r.targetType) ?? r.targetType) : '—'}
              {r.targetId ? (
                <>
                  {' '}
                  <Link
                    className={styles.shortId}
                    href={`/admin/audit?target=${encodeURIComponent(r.targetId)}`}
                    title={`${r.targetId} の記録だけを表示`}
                  >
                    {orderNumbers.get(r.targetId) ?? r.targetId.slice(0, 8)}
                  </Link>
                </>
              ) : null}
            </td>
            <td>
              <AuditChange before={r.before} after={r.after} />
            </td>
            <td className={`${styles.mono} ${styles.nowrap}`}>{!r.ip ? '—' : r.ip === 'unknown' ? '不明' : r.ip}</td>
          </tr>
        ))}
      </StaffTable>
      <nav className={styles.pager} aria-label="ページ">
        {query.before ? <Link href={`/admin/audit${filterParams.size ? `?${filterParams}` : ''}`}>最新に戻る</Link> : null}
        {nextHref ? <Link href={nextHref}>さらに古い記録</Link> : <span className="muted">これより古い記録はありません。</span>}
      </nav>
    </>
  );
}
