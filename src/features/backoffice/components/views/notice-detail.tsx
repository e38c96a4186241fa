import Link from '@/components/link';
import { notFound } from 'next/navigation';

import { NoticeIdParamsSchema } from '@/features/backoffice';
import styles from '../admin.module.css';
import { NoticeEndButton, NoticeFileForm, NoticeScheduleForm } from '../notice-forms';
import { NoticeStateBadge } from '../notice-state-badge';
import { getNoticeForAdmin } from '../../server/notices';
import { formatDateTimeJa } from '@/lib/format';
import { AppError } from '@/server/http/app-error';

export async function NoticeDetailView({ params }: { params: Promise<{ id: string }> }) {
  const parsed = NoticeIdParamsSchema.safeParse(await params);
  if (!parsed.success) notFound();
  const notice = await getNoticeForAdmin(parsed.data.id).catch((e: unknown) => {
    if (e instanceof AppError && e.code === 'not_found') notFound();
    throw e;
  });
  const when = (iso: string | null) => (iso ? formatDateTimeJa(new Date(iso)) : '—');
  return (
    <>
      <p>
        <Link href="/admin/notices">← お知らせの一覧</Link>
      </p>
      <h1 className={styles.pageTitle}>
        {notice.title} <NoticeStateBadge state={notice.state} />
      </h1>
      <div className={styles.card}>
        <dl className={styles.dl}>
          <dt>本文</dt>
          <dd>{notice.body}</dd>
          <dt>掲載期間</dt>
          <dd>
            {when(notice.publishFrom)} 〜 {notice.publishUntil ? when(notice.publishUntil) : '終了操作まで'}
          </dd>
          <dt>メンテナンス</dt>
          <dd>{notice.maintenanceStart ? `${when(notice.maintenanceStart)} 〜 ${when(notice.maintenanceEnd)}` : '—'}</dd>
          <dt>PDF</dt>
          <dd>
            {notice.fileUrl ? (
              <a href={notice.fileUrl} target="_blank" rel="noopener">
                {notice.fileName}
              </a>
            ) : (
              'なし'
            )}
          </dd>
        </dl>
      </div>
      {/* Rendered after the end too: the button's confirmation must survive the page's refresh. */}
      <section className={styles.card} aria-labelledby="end-notice">
        <h2 id="end-notice">掲載の終了</h2>
        <p className="muted">
          {notice.state === 'ended'
            ? 'このお知らせは掲載を終了しています。'
            : 'サイトのお知らせ表示と /api/maintenance/now から直ちに消えます。'}
        </p>
        <NoticeEndButton id={notice.id} ended={notice.state === 'ended'} />
      </section>
      <section className={styles.card} aria-labelledby="schedule-notice">
        <h2 id="schedule-notice">掲載期間・メンテナンス期間の変更</h2>
        <NoticeScheduleForm notice={notice} />
      </section>
      <section className={styles.card} aria-labelledby="file-notice">
        <h2 id="file-notice">PDF の添付</h2>
        <NoticeFileForm id={notice.id} current={notice.fileName} />
      </section>
    </>
  );
}
