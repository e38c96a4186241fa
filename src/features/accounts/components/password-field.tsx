'use client';

import { useState } from 'react';

import { Field } from '@/components/form/field';
import type { BoundValue, TextFieldProps } from '@/components/form/inputs';

import { PASSWORD_MIN, passwordHint } from '../rules';

import styles from './accounts.module.css';

/**
 * A password in the form kit's Field (docs/decisions/0032), with a 「表示する」 toggle and, for a new
 * password, the strength meter of the accounts' own rule (passwordHint).
 */
export function PasswordField({ meter, ...props }: TextFieldProps & { meter?: { email?: string; serviceName?: string } }) {
  const [shown, setShown] = useState(false);
  const { id, label, support, error, value, onValue, required, inputClassName: _unused, ...rest } = props;
  const hint = meter && value ? passwordHint(value, meter) : null;
  return (
    <Field
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
    </Field>
  );
}

/** Under a new password (change, reset): the rule's minimum and nothing else to obey. */
export const NEW_PASSWORD_SUPPORT = `${PASSWORD_MIN}文字以上。長いほど安全です。`;
/** Under the second entry of a new password. */
const CONFIRM_PASSWORD_SUPPORT = '確認のため、同じパスワードをもう一度入力してください。';

/**
 * The current password asked again before a change only the member may make (e-mail change,
 * unregistering); nothing for an account without a password (signed in with Google), which proves
 * itself by a recent login instead.
 */
export function ReauthPasswordField({
  hasPassword,
  id,
  value,
  onValue,
  error,
}: {
  hasPassword: boolean;
  id: string;
} & BoundValue) {
  if (!hasPassword) return null;
  return (
    <PasswordField
      id={id}
      name="currentPassword"
      label="現在のパスワード"
      autoComplete="current-password"
      required
      support="本人確認のため入力してください。"
      value={value}
      onValue={onValue}
      error={error}
    />
  );
}

/** The second entry of a new password (registering, the reset), under the first. */
export function ConfirmPasswordField({ label, value, onValue, error }: { label: string } & BoundValue) {
  return (
    <PasswordField
      id="passwordConfirmation"
      name="passwordConfirmation"
      label={label}
      autoComplete="new-password"
      required
      support={CONFIRM_PASSWORD_SUPPORT}
      value={value}
      onValue={onValue}
      error={error}
    />
  );
}
