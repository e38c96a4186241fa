import { formatDateTimeJa } from '@/lib/format';

import type { CurrentNotice } from '../server/notices';
import styles from './maintenance-banner.module.css';

/** The current maintenance notice, shown above every page while it is published. */
export function MaintenanceBanner({ notice }: { notice: CurrentNotice }) {
  const start = notice.maintenanceStart ? new Date(notice.maintenanceStart) : null;
  const end = notice.maintenanceEnd ? new Date(notice.maintenanceEnd) : null;
  return (
    <aside className={styles.banner} aria-label="メンテナンスのお知らせ" data-testid="maintenance-banner">
      <div className="container">
        <p className={styles.title}>
          <span className={styles.badge}>お知らせ</span>
          {notice.title}
        </p>
        {start && end ? (
          <p className={styles.period}>
            期間：{formatDateTimeJa(start)} 〜 {formatDateTimeJa(end)}
          </p>
        ) : null}
        <p className={styles.body}>{notice.body}</p>
        {notice.fileUrl ? (
          <p className={styles.link}>
            <a href={notice.fileUrl} target="_blank" rel="noopener">
              詳細（PDF{notice.fileName ? `：${notice.fileName}` : ''}）
            </a>
          </p>
        ) : null}
      </div>
    </aside>
  );
}
