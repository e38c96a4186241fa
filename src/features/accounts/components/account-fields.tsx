'use client';

import { TextField, type BoundValue } from '@/components/form/inputs';

import styles from './accounts.module.css';

/*
 * The accounts' own fields on the form kit (docs/decisions/0032), each the one place its label,
 * example and input hints are written.
 */

/**
 * The e-mail address of the accounts' forms (login, registration, password reset, the e-mail
 * change), one field with one example and one input mode: `autoComplete="username"` where it
 * identifies an existing account (login), `email` elsewhere.
 */
export function EmailField({
  id = 'email',
  name = 'email',
  label = 'メールアドレス',
  support = '例：taro@example.jp',
  autoComplete = 'email',
  value,
  onValue,
  error,
}: {
  id?: string;
  name?: string;
  label?: string;
  support?: string;
  autoComplete?: 'email' | 'username';
} & BoundValue) {
  return (
    <TextField
      id={id}
      name={name}
      label={label}
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      required
      support={support}
      value={value}
      onValue={onValue}
      error={error}
    />
  );
}

/**
 * The 6-digit code sent by e-mail (registration, the e-mail change). A little longer than the code
 * may be typed (spaces, full-width digits): the schema normalises it and says what is wrong.
 */
export function CodeField({
  id,
  support,
  value,
  onValue,
  error,
}: {
  id: string;
  support: string;
} & BoundValue) {
  return (
    <TextField
      id={id}
      name="code"
      label="確認コード"
      required
      support={support}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={12}
      inputClassName={styles.code}
      value={value}
      onValue={onValue}
      error={error}
    />
  );
}

/**
 * The outcome above an accounts form: what was done (role="status") or what went wrong
 * (role="alert"); nothing while there is no text.
 */
export function FormNote({ kind, text }: { kind: 'success' | 'error'; text: string | null | undefined }) {
  if (!text) return null;
  return kind === 'success' ? (
    <p className={`${styles.success} ${styles.status}`} role="status">
      {text}
    </p>
  ) : (
    <p className={`error-box ${styles.status}`} role="alert">
      {text}
    </p>
  );
}
