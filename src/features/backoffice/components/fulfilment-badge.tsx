import { fulfilmentLabel, type FulfilmentStatus } from '@/features/orders';

import styles from './admin.module.css';

/** The order's state as the queue and the detail show it, with 一部返金 when money went back (the orders feature's words). */
const CLASS: Record<FulfilmentStatus, string | undefined> = {
  accepted: styles.badgeScheduled, // waiting for us: the request to the bureau
  requested: styles.badgeProgress,
  shipped: styles.badgeProgress,
  completed: styles.badgeLive,
  cancelled: styles.badgeEnded,
  refunded: styles.badgeEnded,
};

export function FulfilmentBadge({ status, refundedYen }: { status: FulfilmentStatus; refundedYen: number }) {
  return (
    <span className={`${styles.badge} ${CLASS[status] ?? ''}`} data-testid="fulfilment-status">
      {fulfilmentLabel(status, refundedYen)}
    </span>
  );
}

export function ExpressBadge() {
  return <span className={`${styles.badge} ${styles.badgeExpress}`}>速達</span>;
}
