import { cloneElement, isValidElement, type ReactNode } from 'react';

import styles from './admin.module.css';

/*
 * No 'use client': the back office's labelled field serves its client forms (notice-forms,
 * order-actions) and the server-rendered filter forms of its list pages (/admin/orders,
 * /admin/audit, /admin/accounting) alike, without shipping those pages any JavaScript.
 */

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

/** A control's error beside it, said at once (role="alert"): a staff button whose action failed. */
export function InlineAlert({ error }: { error: string | null }) {
  return error ? (
    <span role="alert" className={styles.fieldError}>
      {error}
    </span>
  ) : null;
}
