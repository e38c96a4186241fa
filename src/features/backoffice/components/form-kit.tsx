'use client';

import { useRouter } from 'next/navigation';
import { useState, type ReactNode } from 'react';

import { ApiError } from '@/lib/api-client';

import styles from './admin.module.css';

/**
 * What a back-office form's action ends with: the message to show (or, for `run(action, success)`,
 * nothing), or a page to go to with the message.
 */
type Outcome = string | void | { redirectTo: string };

/**
 * The back office's form submission: busy flag, the server's message and field errors, the success
 * message, and a refresh of the server-rendered page after a change. `run(action)` shows what the
 * action returns; `run(action, success)` shows `success`.
 */
export function useAdminSubmit() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string | null>(null);
  async function run(action: () => Promise<Outcome>, success?: string) {
    setBusy(true);
    setError(null);
    setFields({});
    setDone(null);
    try {
      const outcome = await action();
      setDone(typeof outcome === 'string' ? outcome : (success ?? null));
      if (typeof outcome === 'object') router.push(outcome.redirectTo);
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError) {
        setError(e.message);
        setFields(e.fields);
      } else setError('処理できませんでした。もう一度お試しください。');
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, fields, done, run };
}

/**
 * A manager's change to another staff account (its role, enabled or not): asked with `confirm`
 * first, then the page is read again; `error` is the API's words, or `failure`.
 */
export function useConfirmedChange() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function change(question: string, action: () => Promise<unknown>, failure: string) {
    if (!window.confirm(question)) return;
    setBusy(true);
    setError(null);
    try {
      await action();
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : failure);
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, change };
}

/** The form's outcome: the error as an alert, or the success as a status message. */
export function Status({ error, done }: { error: string | null; done: string | null }) {
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

const SUBMIT_LOOK = { primary: '', secondary: styles.buttonSecondary, danger: styles.buttonDanger } as const;

/** A staff form's submit button in its actions row, off while the form is busy. */
export function SubmitRow({
  busy,
  disabled = false,
  look = 'primary',
  children,
}: {
  busy: boolean;
  disabled?: boolean;
  look?: keyof typeof SUBMIT_LOOK;
  children: ReactNode;
}) {
  return (
    <div className={styles.actions}>
      <button
        type="submit"
        className={look === 'primary' ? styles.button : `${styles.button} ${SUBMIT_LOOK[look]}`}
        disabled={busy || disabled}
      >
        {children}
      </button>
    </div>
  );
}
