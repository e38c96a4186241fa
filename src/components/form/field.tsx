'use client';

import type { ReactNode } from 'react';

import { FieldError } from './field-error';
import styles from './form.module.css';

export { FieldError };

/**
 * The form kit (docs/decisions/0032), one module per part so a page carries only what it uses:
 * field.tsx (Field and its 必須/任意 marker), field-error.tsx (the error alone), inputs.tsx
 * (TextField, CheckboxField), group.tsx (FieldGroup, Legend), error-summary.tsx (ErrorSummary),
 * use-form-state.ts (submit with the server's schema loaded on submit), form.module.css (the one
 * look).
 *
 * Following domain.md §6: the label above the field with a 「必須」/「任意」 marker, examples as
 * 「例：」 support text (never placeholders), and the error under the field saying what to do. The
 * control is named by its label and described by the support text and the error
 * (`aria-describedby`), and says when it is wrong (`aria-invalid`).
 */

/** What a field's control spreads onto itself: its id, description, validity and the kit's class. */
export interface FieldA11y {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean;
  'aria-required': boolean;
  className: string;
}

export const supportIdOf = (id: string) => `${id}-support`;
export const errorIdOf = (id: string) => `${id}-error`;

/** The 「必須」/「任意」 marker after a label. */
export function RequiredMark({ required }: { required: boolean }) {
  return <span className={required ? styles.required : styles.optional}>{required ? '必須' : '任意'}</span>;
}

interface FieldProps {
  id: string;
  label: string;
  required?: boolean;
  support?: ReactNode;
  error?: string | undefined;
  /** Shown under the control, before the error (e.g. the password strength meter). */
  after?: ReactNode;
  children: (a11y: FieldA11y) => ReactNode;
}

/** One labelled control; `children` renders the control with the a11y props it is given. */
export function Field({ id, label, required = false, support, error, after, children }: FieldProps) {
  const supportId = support ? supportIdOf(id) : undefined;
  const errorId = error ? errorIdOf(id) : undefined;
  const describedBy = [supportId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        <RequiredMark required={required} />
      </label>
      {support ? (
        <p id={supportId} className={styles.support}>
          {support}
        </p>
      ) : null}
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': Boolean(error),
        'aria-required': required,
        className: `input${error ? ` ${styles.invalid}` : ''}`,
      })}
      {after}
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
