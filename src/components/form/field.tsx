'use client';

import type { InputHTMLAttributes, ReactNode } from 'react';

import styles from './form.module.css';

/**
 * The form kit's fields (docs/decisions/0032), following domain.md §6: the label above the field
 * with a 「必須」/「任意」 marker, examples as 「例：」 support text (never placeholders), and the error
 * under the field saying what to do. The control is named by its label and described by the support
 * text and the error (`aria-describedby`), and says when it is wrong (`aria-invalid`).
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

/** The error under a field (or a group); `id` is what the control's aria-describedby names. */
export function FieldError({ id, children, role }: { id?: string | undefined; children: ReactNode; role?: 'alert' }) {
  return (
    <p id={id} className={styles.fieldError} role={role}>
      {children}
    </p>
  );
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

type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  support?: ReactNode;
  error?: string | undefined;
  value: string;
  onValue: (value: string) => void;
  inputClassName?: string;
};

export type { TextFieldProps };

/** A text input in a Field. */
export function TextField({ id, label, support, error, value, onValue, required, inputClassName, ...rest }: TextFieldProps) {
  return (
    <Field id={id} label={label} required={required} support={support} error={error}>
      {(a11y) => (
        <input
          {...rest}
          {...a11y}
          className={`${a11y.className}${inputClassName ? ` ${inputClassName}` : ''}`}
          value={value}
          onChange={(e) => onValue(e.target.value)}
        />
      )}
    </Field>
  );
}

/** A checkbox whose label is its text (an agreement, a confirmation), with 必須 and its error. */
export function CheckboxField({
  id,
  checked,
  onChecked,
  error,
  required = true,
  children,
}: {
  id: string;
  checked: boolean;
  onChecked: (v: boolean) => void;
  error?: string | undefined;
  required?: boolean;
  children: ReactNode;
}) {
  const errorId = error ? errorIdOf(id) : undefined;
  return (
    <div className={styles.field}>
      <label className={styles.checkbox} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(e) => onChecked(e.target.checked)}
          aria-invalid={Boolean(error)}
          aria-describedby={errorId}
          aria-required={required}
        />
        <span>
          {children} {required ? <span className={styles.required}>必須</span> : null}
        </span>
      </label>
      {error ? <FieldError id={errorId}>{error}</FieldError> : null}
    </div>
  );
}
