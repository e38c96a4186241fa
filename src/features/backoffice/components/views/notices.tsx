import Link from '@/components/link';

import styles from '../admin.module.css';
import { NoticeCreateForm } from '../notice-forms';
import { NoticeStateBadge } from '../notice-state-badge';
import { listNoticesForAdmin } from '../../server/notices';
import { formatDateTimeJa } from '@/lib/format';
import { StaffTable } from '../staff-table';

const PAGE_SIZE = 20;

export async function NoticesView({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const raw = Number((await searchParams).page ?? '1');
  const page = Number.isInteger(raw) && raw >= 1 && raw <= 1000 ? raw : 1;
  const { items, total } = await listNoticesForAdmin(page, PAGE_SIZE);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const when = (iso: string | null) => (iso ? formatDateTimeJa(new Date(iso)) : '—');
  return (
    <>
      <h1 className={styles.pageTitle}>お知らせ</h1>
      <p className={styles.lead}>掲載中のお知らせは、サイトのすべてのページの上部と /api/maintenance/now に表示されます。</p>
      <StaffTable
        columns={['状態', 'タイトル', '掲載開始', '掲載終了', 'メンテナンス期間', 'PDF']}
        empty={items.length === 0 ? 'お知らせはまだありません。' : null}
      >
        {items.map((n) => (
          <tr key={n.id}>
            <td>
              <NoticeStateBadge state={n.state} />
            </td>
            <td>
              <Link href={`/admin/notices/${n.id}`}>{n.title}</Link>
            </td>
            <td className={styles.nowrap}>{when(n.publishFrom)}</td>
            <td className={styles.nowrap}>{n.publishUntil ? when(n.publishUntil) : '終了操作まで'}</td>
            <td>{n.maintenanceStart ? `${when(n.maintenanceStart)} 〜 ${when(n.maintenanceEnd)}` : '—'}</td>
            <td>{n.fileName ? 'あり' : '—'}</td>
          </tr>
        ))}
      </StaffTable>
      {pages > 1 ? (
        <nav className={styles.pager} aria-label="ページ">
          {page > 1 ? <Link href={`/admin/notices?page=${page - 1}`}>前へ</Link> : null}
          <span>
            {page} / {pages} ページ（全 {total} 件）
          </span>
          {page < pages ? <Link href={`/admin/notices?page=${page + 1}`}>次へ</Link> : null}
        </nav>
      ) : null}
      <section className={styles.card} aria-labelledby="create-notice">
        <h2 id="create-notice">お知らせを作成する</h2>
        <NoticeCreateForm />
      </section>
    </>
  );
}
