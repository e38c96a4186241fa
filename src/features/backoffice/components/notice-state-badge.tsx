import { NOTICE_STATES, type NoticeState } from '../schemas';

import styles from './admin.module.css';

const CLASS: Record<NoticeState, string | undefined> = {
  live: styles.badgeLive,
  scheduled: styles.badgeScheduled,
  ended: styles.badgeEnded,
};

export function NoticeStateBadge({ state }: { state: NoticeState }) {
  return <span className={`${styles.badge} ${CLASS[state] ?? ''}`}>{NOTICE_STATES[state]}</span>;
}
