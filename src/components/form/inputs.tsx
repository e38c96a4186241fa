'use client';

import type { InputHTMLAttributes, ReactNode } from 'react';

import { Field, FieldError, errorIdOf } from './field';
import styles from './form.module.css';

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

/** A field's value held by its form, and the error the form shows under it. */
export interface BoundValue {
  value: string;
  onValue: (value: string) => void;
  error: string | undefined;
}

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
