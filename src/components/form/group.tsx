'use client';

import type { ReactNode } from 'react';

import { FieldError, RequiredMark, errorIdOf, supportIdOf } from './field';
import styles from './form.module.css';

/**
 * A labelled part that is not one native control (PAY.JP's card iframe, a list of radio cards): the
 * same label, marker and support text, as a group named by the label.
 */
export function FieldGroup({
  id,
  label,
  required = false,
  support,
  error,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  support?: ReactNode;
  error?: string | undefined;
  children: ReactNode;
}) {
  const supportId = support ? supportIdOf(id) : undefined;
  const errorId = error ? errorIdOf(id) : undefined;
  return (
    <div
      className={styles.field}
      role="group"
      aria-labelledby={`${id}-label`}
      aria-describedby={[supportId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <span id={`${id}-label`} className={styles.label}>
        {label}
        <RequiredMark required={required} />
      </span>
      {support ? (
        <p id={supportId} className={styles.support}>
          {support}
        </p>
      ) : null}
      {children}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}

/** A fieldset's legend in the look of a field label. */
export function Legend({ children }: { children: ReactNode }) {
  return <legend className={styles.label}>{children}</legend>;
}
