'use client';

import Link from '@/components/link';
import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';

import { LoadingOverlay } from '@/components/loading-overlay';
import { ApiError } from '@/lib/api-client';
import { useStoredValue } from '@/lib/use-stored-value';

import { requestPasswordReset, resetPassword, verifyResetToken } from '../client/api';

import styles from './accounts.module.css';
import { markJustCompleted, saveResetEmail, storedResetEmail } from './client-session';
import { ErrorSummary } from '@/components/form/error-summary';
import { useFormState } from '@/components/form/use-form-state';
import { SubmitButton } from '@/components/form/submit-button';

import { EmailField } from './account-fields';
import { ConfirmPasswordField, NEW_PASSWORD_SUPPORT, PasswordField } from './password-field';
import { accountSchemas } from './lazy-schemas';
import { BackToLogin } from './back-to-login';
import { MailCatcherNote } from './mail-catcher-note';

const REQUEST_FIELDS = { email: { label: 'メールアドレス', id: 'email' } };

/** /password-reset: the address to send the link to. */
export function PasswordResetRequestForm() {
  const router = useRouter();
  const [email, setEmail] = useState('');
  const form = useFormState(REQUEST_FIELDS);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      () => accountSchemas().then((m) => m.ResetRequestBodySchema),
      { email },
      async (body) => {
        await requestPasswordReset(body.email);
        saveResetEmail(body.email);
        router.push('/password-reset/sending');
      },
    );
  };

  return (
    <div className={`surface ${styles.card}`}>
      <h1 className={styles.title}>パスワードの再設定</h1>
      <p className={styles.lead}>ご登録のメールアドレスを入力してください。パスワードを再設定するためのリンクをお送りします。</p>
      <ErrorSummary message={form.message} errors={form.errors} fields={REQUEST_FIELDS} summaryRef={form.summaryRef} />
      <form onSubmit={onSubmit} noValidate>
        <EmailField value={email} onValue={setEmail} error={form.errors.email} />
        <div className={styles.actions}>
          <SubmitButton busy={form.busy} busyLabel="送信しています…">
            再設定用のメールを送信する
          </SubmitButton>
        </div>
      </form>
      <BackToLogin />
    </div>
  );
}

/** /password-reset/sending */
export function PasswordResetSending({ mailCatcherUrl }: { mailCatcherUrl: string | null }) {
  // Until read in the browser (the server render has no storage): "the address you entered".
  const email = useStoredValue(storedResetEmail);
  return (
    <div className={`surface ${styles.card}`}>
      <h1 className={styles.title}>メールを送信しました</h1>
      <p>
        {email ? <strong>{email}</strong> : '入力されたメールアドレス'}
        が会員登録されている場合は、パスワード再設定用のリンクをお送りしました。メールに記載されたリンクを開き、新しいパスワードを設定してください。
      </p>
      <ul className={styles.list}>
        <li>リンクの有効期限は1時間で、一度だけ使えます。</li>
        <li>
          数分たってもメールが届かない場合は、迷惑メールフォルダをご確認のうえ、メールアドレスに誤りがないか確かめて、もう一度お申し込みください。
        </li>
        <li>Google でログインしている方も、ここからパスワードを設定できます。</li>
        <MailCatcherNote url={mailCatcherUrl} rest="をご覧ください。" />
      </ul>
      <div className={`${styles.actions} ${styles.actionsRow}`}>
        <Link className="button button-secondary" href="/password-reset">
          もう一度申し込む
        </Link>
        <Link className="button" href="/login">
          ログイン画面へ
        </Link>
      </div>
    </div>
  );
}

const NEW_FIELDS = {
  password: { label: '新しいパスワード', id: 'password' },
  passwordConfirmation: { label: '新しいパスワード（確認）', id: 'passwordConfirmation' },
};

/**
 * /password-reset/new-password#token=… — the token comes in the fragment (never sent to a server,
 * never in a Referer) and is removed from the address bar as soon as it is read.
 */
export function NewPasswordForm({ serviceName }: { serviceName: string }) {
  const router = useRouter();
  const token = useRef<string | null>(null);
  const [state, setState] = useState<{ kind: 'checking' } | { kind: 'invalid'; message: string } | { kind: 'ready'; email: string }>({
    kind: 'checking',
  });
  const [password, setPassword] = useState('');
  const [passwordConfirmation, setPasswordConfirmation] = useState('');
  const form = useFormState(NEW_FIELDS);

  useEffect(() => {
    const fromHash = new URLSearchParams(window.location.hash.slice(1)).get('token');
    const fromQuery = new URLSearchParams(window.location.search).get('token');
    const value = token.current ?? fromHash ?? fromQuery;
    token.current = value;
    if (fromHash || fromQuery) window.history.replaceState(null, '', window.location.pathname);
    const invalidLink = () =>
      setState({
        kind: 'invalid',
        message: 'リンクが正しくありません。メールに記載された URL をもう一度開くか、再設定をもう一度お申し込みください。',
      });
    if (!value) {
      invalidLink();
      return;
    }
    accountSchemas()
      .then(async ({ ResetTokenSchema }) => {
        if (!ResetTokenSchema.safeParse(value).success) return invalidLink();
        const res = await verifyResetToken(value);
        setState({ kind: 'ready', email: res.email });
      })
      .catch((error: unknown) =>
        setState({ kind: 'invalid', message: error instanceof ApiError ? error.message : 'リンクを確認できませんでした。' }),
      );
  }, []);

  if (state.kind === 'checking') return <LoadingOverlay message="リンクを確認しています" />;
  if (state.kind === 'invalid') {
    return (
      <div className={`surface ${styles.card}`}>
        <h1 className={styles.title}>新しいパスワードの設定</h1>
        <p className="error-box" role="alert">
          {state.message}
        </p>
        <div className={styles.actions}>
          <Link className="button" href="/password-reset">
            再設定をもう一度申し込む
          </Link>
        </div>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      () => accountSchemas().then((m) => m.NewPasswordFormSchema),
      { password, passwordConfirmation },
      async (data) => {
        // The form is shown only once the token was verified, so it is set here.
        await resetPassword({ token: token.current ?? '', password: data.password });
        markJustCompleted('password-reset');
        router.replace('/password-reset/completion');
      },
    );
  };

  return (
    <div className={`surface ${styles.card}`}>
      <h1 className={styles.title}>新しいパスワードの設定</h1>
      <p className={styles.lead}>
        {state.email} のアカウントの新しいパスワードを入力してください。設定すると、すべての端末でログアウトします。
      </p>
      <ErrorSummary message={form.message} errors={form.errors} fields={NEW_FIELDS} summaryRef={form.summaryRef} />
      <form onSubmit={onSubmit} noValidate>
        <PasswordField
          id="password"
          name="password"
          label="新しいパスワード"
          autoComplete="new-password"
          required
          support={NEW_PASSWORD_SUPPORT}
          value={password}
          onValue={setPassword}
          error={form.errors.password}
          meter={{ serviceName }}
        />
        <ConfirmPasswordField
          label="新しいパスワード（確認）"
          value={passwordConfirmation}
          onValue={setPasswordConfirmation}
          error={form.errors.passwordConfirmation}
        />
        <div className={styles.actions}>
          <SubmitButton busy={form.busy} busyLabel="設定しています…">
            パスワードを設定する
          </SubmitButton>
        </div>
      </form>
    </div>
  );
}
