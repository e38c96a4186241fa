'use client';

import { flushSync } from 'react-dom';
import { useCallback, useRef, useState, type InputHTMLAttributes, type MouseEvent, type ReactNode, type RefObject } from 'react';
import type { z } from 'zod';

import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/field-errors';

import { passwordHint } from '../rules';

import styles from './accounts.module.css';

/**
 * Form parts of the accounts pages, following domain.md §6: the label above the field, a
 * 「必須」/「任意」 marker, examples as 「例：」 support text (never placeholders), the error under the
 * field saying what to do, and a summary at the top that links to each field.
 */
export type FieldErrors = Record<string, string>;

interface FieldShellProps {
  id: string;
  label: string;
  required?: boolean;
  support?: ReactNode;
  error?: string | undefined;
  children: (a11y: {
    id: string;
    'aria-describedby': string | undefined;
    'aria-invalid': boolean;
    'aria-required': boolean;
    className: string;
  }) => ReactNode;
  after?: ReactNode;
}

export function FieldShell({ id, label, required = false, support, error, children, after }: FieldShellProps) {
  const supportId = support ? `${id}-support` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [supportId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.label}>
        {label}
        <span className={required ? styles.required : styles.optional}>{required ? '必須' : '任意'}</span>
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
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange' | 'value'> & {
  id: string;
  label: string;
  support?: ReactNode;
  error?: string | undefined;
  value: string;
  onValue: (value: string) => void;
  inputClassName?: string;
};

export function TextField({ id, label, support, error, value, onValue, required, inputClassName, ...rest }: InputProps) {
  return (
    <FieldShell id={id} label={label} required={required} support={support} error={error}>
      {(a11y) => (
        <input
          {...rest}
          {...a11y}
          className={`${a11y.className}${inputClassName ? ` ${inputClassName}` : ''}`}
          value={value}
          onChange={(e) => onValue(e.target.value)}
        />
      )}
    </FieldShell>
  );
}

export function PasswordField({ meter, ...props }: InputProps & { meter?: { email?: string; serviceName?: string } }) {
  const [shown, setShown] = useState(false);
  const { id, label, support, error, value, onValue, required, ...rest } = props;
  const hint = meter && value ? passwordHint(value, meter) : null;
  return (
    <FieldShell
      id={id}
      label={label}
      required={required}
      support={support}
      error={error}
      after={
        hint ? (
          <div className={styles.meter} aria-live="polite">
            <div className={styles.meterBar} data-level={hint.level} aria-hidden="true">
              <span />
              <span />
              <span />
            </div>
            <span className={styles.meterLabel}>パスワードの強さ：{hint.label}</span>　{hint.message}
          </div>
        ) : null
      }
    >
      {(a11y) => (
        <div className={styles.passwordWrap}>
          <input
            {...rest}
            {...a11y}
            type={shown ? 'text' : 'password'}
            value={value}
            onChange={(e) => onValue(e.target.value)}
            autoCapitalize="none"
            spellCheck={false}
          />
          <button type="button" className={styles.reveal} aria-pressed={shown} aria-controls={id} onClick={() => setShown((s) => !s)}>
            {shown ? '隠す' : '表示する'}
          </button>
        </div>
      )}
    </FieldShell>
  );
}

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
  const errorId = error ? `${id}-error` : undefined;
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
      {error ? (
        <p id={errorId} className={styles.fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Field name (as in the request body) → its label and element id. */
export type FieldMap = Record<string, { label: string; id: string }>;

/** The summary at the top: the general message and one link per field error. Focused after a failed submit. */
export function ErrorSummary({
  message,
  errors,
  fields,
  summaryRef,
}: {
  message: string | null;
  errors: FieldErrors;
  fields: FieldMap;
  summaryRef: RefObject<HTMLDivElement | null>;
}) {
  const entries = Object.entries(errors).filter(([key]) => key in fields);
  if (!message && entries.length === 0) return null;
  return (
    <div ref={summaryRef} className={`error-box ${styles.summary}`} role="alert" tabIndex={-1}>
      <h2>{message ?? '入力内容に誤りがあります。各項目をご確認ください。'}</h2>
      {entries.length > 0 ? (
        <ul>
          {entries.map(([key, text]) => (
            <li key={key}>
              <a href={`#${fields[key]?.id ?? ''}`} onClick={(e) => focusField(e, fields[key]?.id ?? '')}>
                {fields[key]?.label}：{text}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const el = document.getElementById(id);
  if (el) {
    event.preventDefault();
    el.focus();
  }
}

/**
 * Submit handling shared by every form: client-side zod validation, the call, and the mapping of
 * the server's `{ error: { message, fields } }` back onto the fields (the form's field names are
 * the request body's, so a server error lands under the right field).
 */
/**
 * A form's schema, or a loader of it: the public forms pass `() => import('../schemas')…` so zod
 * arrives when the visitor submits, not with the page (issue 13). Same schema as the server's.
 */
export type SchemaSource<S extends z.ZodType> = S | (() => Promise<S>) | null;

export function useFormState(fields: FieldMap) {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const summaryRef = useRef<HTMLDivElement | null>(null);

  const focusSummary = () => requestAnimationFrame(() => summaryRef.current?.focus());

  const submit = useCallback(
    async <S extends z.ZodType>(source: SchemaSource<S>, input: unknown, action: (data: z.output<S>) => Promise<void>) => {
      if (busy) return;
      setMessage(null);
      let data = input as z.output<S>;
      let schema: S | null;
      try {
        schema = typeof source === 'function' ? await source() : source;
      } catch {
        // The schema's chunk could not be fetched (offline, a new deployment): say so, send nothing.
        flushSync(() => setMessage('通信できませんでした。インターネット接続を確認して、もう一度お試しください。'));
        focusSummary();
        return;
      }
      if (schema) {
        const parsed = schema.safeParse(input);
        if (!parsed.success) {
          // Committed at once: after the schema loader's `await` this is no longer the submit event's
          // synchronous update, and the summary must be in the page before it is focused.
          flushSync(() => setErrors(fieldErrors(parsed.error)));
          focusSummary();
          return;
        }
        data = parsed.data;
      }
      setErrors({});
      setBusy(true);
      try {
        await action(data);
      } catch (error) {
        if (error instanceof ApiError) {
          setErrors(Object.fromEntries(Object.entries(error.fields).filter(([k]) => k in fields)));
          setMessage(error.message);
        } else {
          setMessage('エラーが発生しました。時間をおいてもう一度お試しください。');
        }
        focusSummary();
      } finally {
        setBusy(false);
      }
    },
    [busy, fields],
  );

  return { errors, setErrors, message, setMessage, busy, submit, summaryRef, fields };
}
