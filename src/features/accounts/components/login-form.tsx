'use client';

import Link from '@/components/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, type FormEvent } from 'react';

import {
  DEFAULT_NEXT_PAGE,
  LOGGED_OUT_ELSEWHERE_PARAM,
  PASSWORD_CHANGED_PARAM,
  loginReason,
  nextPageOrNull,
  registerPath,
  socialErrorMessage,
} from '../rules';
import { googleLoginPath, login as loginRequest } from '../client/api';

import styles from './accounts.module.css';
import { applyLogin } from './client-session';
import { ErrorSummary } from '@/components/form/error-summary';
import { useFormState } from '@/components/form/use-form-state';

import { EmailField, FormNote } from './account-fields';
import { PasswordField } from './password-field';
import { GoogleButton } from './google-button';
import { accountSchemas } from './lazy-schemas';

const FIELDS = {
  email: { label: 'メールアドレス', id: 'email' },
  password: { label: 'パスワード', id: 'password' },
};

export function LoginForm({ demo }: { demo: { email: string; password: string } | null }) {
  const router = useRouter();
  const params = useSearchParams();
  // Where to continue: the page the visitor was going to (validated in one place, src/lib/next-page.ts).
  const destination = nextPageOrNull(params.get('nextPage'));
  const nextPage = destination ?? DEFAULT_NEXT_PAGE;
  // expired=true only for a login that really ended; a first visit gets a neutral "log in first".
  const reason = loginReason(
    destination,
    params.get('expired') === 'true',
    params.get(PASSWORD_CHANGED_PARAM) === 'true',
    params.get(LOGGED_OUT_ELSEWHERE_PARAM) === 'true',
  );
  const notice =
    params.get('loggedOut') === 'true'
      ? 'ログアウトしました。'
      : params.get('unregistered') === 'true'
        ? '退会手続きが完了しました。ご利用ありがとうございました。'
        : null;
  const socialError = socialErrorMessage(params.get('error'));

  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const form = useFormState(FIELDS);
  const [demoBusy, setDemoBusy] = useState(false);

  const login = async (body: { email: string; password: string }) => {
    const data = await loginRequest(body);
    applyLogin(data);
    router.replace(nextPage);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(() => accountSchemas().then((m) => m.LoginBodySchema), { email, password }, login);
  };

  const onDemo = async () => {
    if (!demo) return;
    setDemoBusy(true);
    await form.submit(() => accountSchemas().then((m) => m.LoginBodySchema), demo, login);
    setDemoBusy(false);
  };

  // Only a real destination travels on (a refused attempt comes back to /login with it).
  const google = googleLoginPath(destination);

  return (
    <div className={`surface ${styles.card}`}>
      <h1 className={styles.title}>ログイン</h1>
      {reason ? (
        <p className={`notice-box ${styles.status}`} role="status" data-testid="login-reason">
          {reason.message}
        </p>
      ) : null}
      <FormNote kind="success" text={notice} />
      <FormNote kind="error" text={socialError} />
      <ErrorSummary message={form.message} errors={form.errors} fields={FIELDS} summaryRef={form.summaryRef} />

      <form onSubmit={onSubmit} noValidate>
        <EmailField autoComplete="username" value={email} onValue={setEmail} error={form.errors.email} />
        <PasswordField
          id="password"
          name="password"
          label="パスワード"
          autoComplete="current-password"
          required
          value={password}
          onValue={setPassword}
          error={form.errors.password}
        />
        <div className={styles.actions}>
          <button type="submit" className="button" disabled={form.busy}>
            {form.busy && !demoBusy ? 'ログインしています…' : 'ログインする'}
          </button>
        </div>
      </form>
      <ul className={styles.links}>
        <li>
          <Link href="/password-reset">パスワードをお忘れの方</Link>
        </li>
        <li>
          はじめての方は <Link href={registerPath(destination)}>会員登録（無料）</Link>
        </li>
      </ul>

      <div className={styles.divider}>または</div>
      <GoogleButton href={google} label="Google でログイン" />

      {demo ? (
        <section className={styles.demo} aria-labelledby="demo-title">
          <h2 id="demo-title">デモアカウントで試す</h2>
          <p>
            会員登録をせずに、マイページや証明書の注文（テスト用カード）をお試しいただけます。メールアドレス・パスワードの変更と退会はできません。
          </p>
          <dl>
            <dt>メールアドレス</dt>
            <dd>{demo.email}</dd>
            <dt>パスワード</dt>
            <dd>{demo.password}</dd>
          </dl>
          <button type="button" className="button button-secondary" onClick={() => void onDemo()} disabled={form.busy}>
            {demoBusy ? 'ログインしています…' : 'デモアカウントでログインする'}
          </button>
        </section>
      ) : null}
    </div>
  );
}
