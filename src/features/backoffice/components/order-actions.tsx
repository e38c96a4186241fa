'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent, type ReactNode } from 'react';

import { CARRIERS, CARRIER_IDS, FULFILMENT_LABELS, type FulfilmentStatus } from '@/features/orders';

import { AdminApiError, adminFetch } from '../client';

import styles from './admin.module.css';

/**
 * The order page's actions: the next fulfilment step (法務局へ請求済み with the application
 * number, 発送済み with the carrier and tracking number, 完了), a note, and resending the shipped
 * mail. Each form sends the state the page showed (`expectedFrom`): if someone else moved the
 * order meanwhile, the server answers 409 and the message asks to reload.
 */
function useSubmit() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  async function run(action: () => Promise<string>) {
    setBusy(true);
    setError(null);
    setFields({});
    setDone(null);
    try {
      setDone(await action());
      router.refresh();
    } catch (e) {
      if (e instanceof AdminApiError) {
        setError(e.message);
        setFields(e.fields);
      } else setError('処理できませんでした。もう一度お試しください。');
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, fields, done, run };
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {children}
      {error ? <span className={styles.fieldError}>{error}</span> : null}
    </div>
  );
}

function Status({ error, done }: { error: string | null; done: string | null }) {
  if (error)
    return (
      <p className={styles.alert} role="alert">
        {error}
      </p>
    );
  if (done)
    return (
      <p className={styles.notice} role="status">
        {done}
      </p>
    );
  return null;
}

const str = (data: FormData, key: string) => String(data.get(key) ?? '');

type Step = 'requested' | 'shipped' | 'completed';
const NEXT: Partial<Record<FulfilmentStatus, Step>> = { accepted: 'requested', requested: 'shipped', shipped: 'completed' };
const BUTTON: Record<Step, string> = {
  requested: '法務局へ請求済みにする',
  shipped: '発送済みにする（会員にメールを送ります）',
  completed: '完了にする',
};

export function FulfilmentForm({ orderId, status }: { orderId: string; status: FulfilmentStatus }) {
  const { busy, error, fields, done, run } = useSubmit();
  const to = NEXT[status];
  if (!to) return <p className={styles.muted}>「{FULFILMENT_LABELS[status]}」の注文に次の対応はありません。</p>;
  const step = to;
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    void run(async () => {
      const body: Record<string, string> = { to: step, expectedFrom: status, note: str(data, 'note') };
      if (step === 'requested') body.applicationNumber = str(data, 'applicationNumber');
      if (step === 'shipped') {
        body.carrier = str(data, 'carrier');
        body.trackingNumber = str(data, 'trackingNumber');
      }
      const res = await adminFetch<{ mailSent: boolean | null }>(`/api/admin/orders/${orderId}/fulfilment`, { method: 'POST', body });
      if (res.mailSent === false) {
        throw new AdminApiError(
          200,
          'mail_failed',
          '発送済みにしましたが、会員へのメールを送信できませんでした。画面を再読み込みして「発送メールを再送する」を押してください。',
        );
      }
      return `「${FULFILMENT_LABELS[step]}」にしました。${res.mailSent ? '会員に発送のお知らせメールを送信しました。' : ''}`;
    });
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="対応状況の変更">
      <Status error={error} done={done} />
      {step === 'requested' ? (
        <Field id="applicationNumber" label="申請番号（登記・供託オンライン申請システム）" error={fields.applicationNumber}>
          <input id="applicationNumber" name="applicationNumber" className={styles.input} maxLength={40} autoComplete="off" required />
        </Field>
      ) : null}
      {step === 'shipped' ? (
        <div className={styles.row}>
          <Field id="carrier" label="配送業者" error={fields.carrier}>
            <select id="carrier" name="carrier" className={styles.select} defaultValue="japanpost">
              {CARRIER_IDS.map((c) => (
                <option key={c} value={c}>
                  {CARRIERS[c].label}
                </option>
              ))}
            </select>
          </Field>
          <Field id="trackingNumber" label="追跡番号（お問い合わせ番号）" error={fields.trackingNumber}>
            <input
              id="trackingNumber"
              name="trackingNumber"
              className={styles.input}
              maxLength={40}
              inputMode="numeric"
              autoComplete="off"
              required
            />
          </Field>
        </div>
      ) : null}
      <Field id="stepNote" label="メモ（任意・タイムラインに残ります）" error={fields.note}>
        <input id="stepNote" name="note" className={styles.input} maxLength={1000} autoComplete="off" />
      </Field>
      <div className={styles.actions}>
        <button type="submit" className={styles.button} disabled={busy}>
          {BUTTON[step]}
        </button>
      </div>
    </form>
  );
}

export function OrderNoteForm({ orderId }: { orderId: string }) {
  const { busy, error, fields, done, run } = useSubmit();
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    void run(async () => {
      await adminFetch(`/api/admin/orders/${orderId}/notes`, { method: 'POST', body: { note: str(data, 'note') } });
      form.reset();
      return 'メモを追加しました。';
    });
  }
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="メモの追加">
      <Status error={error} done={done} />
      <Field id="note" label="メモ" error={fields.note}>
        <textarea id="note" name="note" className={styles.textarea} maxLength={1000} rows={3} required />
      </Field>
      <div className={styles.actions}>
        <button type="submit" className={`${styles.button} ${styles.buttonSecondary}`} disabled={busy}>
          メモを追加する
        </button>
      </div>
    </form>
  );
}

export function ResendShippedMailButton({ orderId }: { orderId: string }) {
  const { busy, error, done, run } = useSubmit();
  return (
    <div>
      <Status error={error} done={done} />
      <button
        type="button"
        className={styles.button}
        disabled={busy}
        onClick={() =>
          void run(async () => {
            const res = await adminFetch<{ mailSent: boolean }>(`/api/admin/orders/${orderId}/shipped-mail`, { method: 'POST' });
            if (!res.mailSent)
              throw new AdminApiError(200, 'mail_failed', 'メールを送信できませんでした。しばらくしてからもう一度お試しください。');
            return '発送のお知らせメールを送信しました。';
          })
        }
      >
        発送メールを再送する
      </button>
    </div>
  );
}
