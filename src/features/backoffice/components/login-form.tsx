'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';

import { ApiError } from '@/lib/api-client';

import { setAdminCsrf } from '../client/staff-client';
import { adminLogin, adminLoginCode, fetchEnrolment } from '../client/api';
import type { EnrolmentResponse } from '../schemas';

import styles from './admin.module.css';

type Step = { kind: 'password' } | { kind: 'totp' } | { kind: 'enrol'; enrolment: EnrolmentResponse | null };

/** Step 1: e-mail + password. Step 2: the authenticator's code (with the QR first when not yet enrolled). */
export function AdminLoginForm({ initialMessage }: { initialMessage: string | null }) {
  const router = useRouter();
  const [step, setStep] = useState<Step>({ kind: 'password' });
  const [message, setMessage] = useState<string | null>(initialMessage);
  const [error, setError] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  function fail(e: unknown) {
    setMessage(null);
    if (e instanceof ApiError) {
      setError(e.message);
      setFields(e.fields);
      // the half-login expired (5 minutes) or was refused: start again
      if (e.status === 401 && e.code === 'unauthorized') setStep({ kind: 'password' });
    } else setError('ログインできませんでした。もう一度お試しください。');
  }

  /** A step's form sent: busy, the last error cleared; its fields. */
  function begin(event: FormEvent<HTMLFormElement>): FormData {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setFields({});
    return new FormData(event.currentTarget);
  }

  async function submitPassword(event: FormEvent<HTMLFormElement>) {
    const data = begin(event);
    try {
      const res = await adminLogin({ email: data.get('email'), password: data.get('password') });
      setAdminCsrf(res.csrf_token);
      if (res.next === 'enrol') {
        setStep({ kind: 'enrol', enrolment: null });
        const enrolment = await fetchEnrolment();
        setStep({ kind: 'enrol', enrolment });
      } else setStep({ kind: 'totp' });
    } catch (e) {
      fail(e);
    } finally {
      setBusy(false);
    }
  }

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    const data = begin(event);
    try {
      const res = await adminLoginCode(data.get('code'));
      setAdminCsrf(res.csrf_token);
      router.replace('/admin');
      router.refresh();
    } catch (e) {
      fail(e);
      setBusy(false);
    }
  }

  return (
    <div className={styles.loginCard}>
      <h1>管理画面ログイン</h1>
      <p className="muted">スタッフ専用です。会員の方は通常のログイン画面をご利用ください。</p>
      {message ? <p className={styles.notice}>{message}</p> : null}
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
      {step.kind === 'password' ? (
        // keyed: React must not reuse the password input's DOM node (and its value) for the code
        <form key="password" className={styles.form} onSubmit={submitPassword} noValidate>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="admin-email">
              メールアドレス
            </label>
            <input id="admin-email" name="email" type="email" autoComplete="username" className={styles.input} required />
            {fields.email ? <span className={styles.fieldError}>{fields.email}</span> : null}
          </div>
          <div className={styles.field}>
            <label className={styles.label} htmlFor="admin-password">
              パスワード
            </label>
            <input id="admin-password" name="password" type="password" autoComplete="current-password" className={styles.input} required />
            {fields.password ? <span className={styles.fieldError}>{fields.password}</span> : null}
          </div>
          <button type="submit" className={styles.button} disabled={busy}>
            次へ
          </button>
        </form>
      ) : (
        <form key="code" className={styles.form} onSubmit={submitCode} noValidate>
          {step.kind === 'enrol' ? (
            <div>
              <p>
                初回ログインです。認証アプリ（Google Authenticator など）でこの QR
                コードを読み取り、表示された6桁の確認コードを入力してください。
              </p>
              {step.enrolment ? (
                <>
                  {/* a data: URL generated on the server; next/image adds nothing here */}
                  {/* eslint-disable-next-line @next/next/no-img-element */}
                  <img className={styles.qr} src={step.enrolment.qrDataUrl} alt="認証アプリ登録用の QR コード" />
                  <p className={styles.hint}>読み取れない場合は、次のキーを手入力してください。</p>
                  <p className={styles.key} data-testid="admin-totp-key">
                    {step.enrolment.manualKey}
                  </p>
                </>
              ) : (
                <p className="muted">QR コードを準備しています…</p>
              )}
            </div>
          ) : (
            <p>認証アプリに表示されている6桁の確認コードを入力してください。</p>
          )}
          <div className={styles.field}>
            <label className={styles.label} htmlFor="admin-code">
              確認コード
            </label>
            <input
              id="admin-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={8}
              className={`${styles.input} ${styles.codeInput}`}
              required
            />
            {fields.code ? <span className={styles.fieldError}>{fields.code}</span> : null}
          </div>
          <button type="submit" className={styles.button} disabled={busy}>
            ログイン
          </button>
        </form>
      )}
    </div>
  );
}
