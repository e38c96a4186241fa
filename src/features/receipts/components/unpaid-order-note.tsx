'use client';

import Link from '@/components/link';
import { useSWRConfig } from 'swr';

import { CancelUnpaidOrder } from '@/features/payments';
import { formatDateTimeJa } from '@/lib/format';

import { isPaymentHistoryKey } from '../client/api';
import type { PaymentHistoryRow } from '../schemas';

import styles from './payment-history.module.css';

/**
 * The footer of an unpaid order in the payment history (docs/decisions/0023): what its state means
 * (the orders feature's words), and until the payment deadline お支払いを再開 and この申込みを取り消す.
 */
export function UnpaidOrderNote({ row }: { row: PaymentHistoryRow }) {
  const { mutate } = useSWRConfig();
  const reload = () => void mutate(isPaymentHistoryKey);
  const when = formatDateTimeJa(new Date(row.orderedAt));
  return (
    <div className={styles.unpaid} data-testid="unpaid-order">
      {row.statusMeaning ? <p className={styles.meaning}>{row.statusMeaning}</p> : null}
      {row.resumable && row.paymentDeadline ? (
        <>
          <p className={styles.deadline}>
            お支払い期限：<time dateTime={row.paymentDeadline}>{formatDateTimeJa(new Date(row.paymentDeadline))}</time>まで
          </p>
          <div className={styles.unpaidActions}>
            {/* A plain link: the resume page loads the order from the server. */}
            <Link className={`button ${styles.receipt}`} href={`/purchase/resume?paymentId=${row.paymentId}`}>
              お支払いを再開
              <span className="visually-hidden">（{when}のご注文）</span>
            </Link>
            <CancelUnpaidOrder paymentId={row.paymentId} onDone={reload} label="この申込みを取り消す" />
          </div>
        </>
      ) : (
        <p className={styles.receiptNote}>領収書は決済が完了したご注文にのみ発行できます。</p>
      )}
    </div>
  );
}
