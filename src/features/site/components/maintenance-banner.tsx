import { formatDateTimeJa } from '@/lib/format';

import type { CurrentNotice } from '../server/notices';
import styles from './maintenance-banner.module.css';

/**
 * Longer than this (or on several lines), the text may not fit the two lines a phone shows of it,
 * and 「続きを読む」 is offered there (about 22 characters a line on a 320 px screen at 13 px).
 */
export const PHONE_PREVIEW_CHARS = 44;

/**
 * The current maintenance notice, shown above every page while it is published. On a phone the
 * text is cut to two lines; 「続きを読む」 — a native disclosure (<details>: keyboard and screen
 * readers know it, no JavaScript, closed in the server's HTML so nothing moves on load) — shows all
 * of it, beside the PDF link. Screen readers read the whole text either way (the cut is visual).
 */
export function MaintenanceBanner({ notice }: { notice: CurrentNotice }) {
  const long = [...notice.body].length > PHONE_PREVIEW_CHARS || notice.body.includes('\n');
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
        <p className={styles.body} id="maintenance-notice-body">
          {notice.body}
        </p>
        {long || notice.fileUrl ? (
          <div className={styles.actions}>
            {long ? (
              <details className={styles.more} data-testid="maintenance-more">
                <summary aria-controls="maintenance-notice-body">
                  <span className={styles.whenClosed}>続きを読む</span>
                  <span className={styles.whenOpen}>閉じる</span>
                </summary>
              </details>
            ) : null}
            {notice.fileUrl ? (
              <p className={styles.link}>
                <a href={notice.fileUrl} target="_blank" rel="noopener">
                  詳細（PDF{notice.fileName ? `：${notice.fileName}` : ''}）
                </a>
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
    </aside>
  );
}
