'use client';

import { useId, useState } from 'react';

import { cancelOrder } from '../client/api';

import styles from './unpaid-order.module.css';

/**
 * この申込みを取り消す (docs/decisions/0023): a link-styled button that asks once more, then calls
 * POST /api/payments/cancel and tells the member the outcome (nothing charged, or — when PAY.JP
 * had completed the payment after all — that the order was accepted). `onDone` reloads the
 * caller's view of the order (`cancelled`: whether it is now cancelled).
 */
export function CancelUnpaidOrder({
  paymentId,
  onDone,
  label,
}: {
  paymentId: string;
  onDone: (cancelled: boolean) => void;
  label?: string;
}) {
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const id = useId();

  async function cancel() {
    setBusy(true);
    let cancelled = false;
    try {
      await cancelOrder(paymentId);
      setMessage({ ok: true, text: 'お申込みを取り消しました。料金は請求されていません。' });
      cancelled = true;
    } catch (error) {
      setMessage({
        ok: false,
        text: error instanceof Error ? error.message : 'お申込みを取り消せませんでした。時間をおいてお試しください。',
      });
    }
    setAsking(false);
    setBusy(false);
    onDone(cancelled);
  }

  return (
    <div className={styles.cancel}>
      {asking ? (
        <div className={styles.confirm} role="group" aria-labelledby={`${id}-q`}>
          <p id={`${id}-q`}>このお申込みを取り消しますか？料金は請求されません。取り消したお申込みは元に戻せません。</p>
          <div className={styles.buttons}>
            <button type="button" className="button" disabled={busy} onClick={() => void cancel()}>
              {busy ? '取り消しています…' : '取り消す'}
            </button>
            <button type="button" className="button button-secondary" disabled={busy} onClick={() => setAsking(false)}>
              やめる
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className={styles.linkButton} onClick={() => setAsking(true)} data-testid="cancel-unpaid-order">
          {label ?? 'この申込みを取り消す'}
        </button>
      )}
      {message ? (
        <p className={message.ok ? `notice-box ${styles.done}` : `error-box ${styles.done}`} role={message.ok ? 'status' : 'alert'}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
