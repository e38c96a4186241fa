'use client';

import { useRouter } from 'next/navigation';
import { cloneElement, isValidElement, useState, type ReactNode } from 'react';

import { AdminApiError } from '../client/admin-fetch';

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

/**
 * A labelled control with its hint and the server's message for it. The control (the one child
 * element) is marked `aria-invalid` while it has an error and described by the error and the hint,
 * so a screen reader reads the message on the field, as the site's form kit does (0032).
 */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const control = isValidElement<{ 'aria-invalid'?: boolean; 'aria-describedby'?: string }>(children)
    ? cloneElement(children, { 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })
    : children;
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {control}
      {hint ? (
        <span id={hintId} className={styles.hint}>
          {hint}
        </span>
      ) : null}
      {error ? (
        <span id={errorId} className={styles.fieldError}>
          {error}
        </span>
      ) : null}
    </div>
  );
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
