import { formatDateTimeJa } from '@/lib/format';

import orderStyles from './order-summary.module.css';

/**
 * The confirmation page's note on an unfinished order of this screen (back from 3-D Secure, or a
 * payment that failed). Loaded only when there is one, as the cancel panel beside it, so that the
 * page's first-load JavaScript does not carry it (issue 13 §1, docs/decisions/0038).
 * Not the history's statusMeaning: that says again that the payment is not complete and names the
 * history's 「お支払いを再開」 button, not this page's.
 */
export function UnfinishedOrderNotice({ statusLabel, paymentDeadline }: { statusLabel: string; paymentDeadline: string | null }) {
  return (
    <div className={`notice-box ${orderStyles.reason}`} id="unfinished-order" data-testid="unfinished-order">
      <p>
        <strong>前回のお支払い手続きが完了していません（{statusLabel}）。</strong>
      </p>
      {paymentDeadline ? (
        <p>お支払い期限：{formatDateTimeJa(new Date(paymentDeadline))}まで（期限を過ぎると、このお申込みは無効になります）</p>
      ) : null}
      <p>「お支払いを再開する」を押すと、同じご注文のお支払いをやり直します（二重に請求されることはありません）。</p>
    </div>
  );
}
