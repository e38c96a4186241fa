'use client';

import Link from '@/components/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useState, useSyncExternalStore, type FormEvent } from 'react';

import { isLoggedIn, subscribeAuth } from '@/lib/auth-state';
import { setPiece, useClientState } from '@/lib/client-store';

import { PASSWORD_MIN, loginPath, loginReason, nextPageOrNull, socialErrorMessage } from '../rules';
import { googleRegisterPath, register } from '../client/api';

import styles from './accounts.module.css';
import { AlreadyMember } from './already-member';
import { RegisterSteps } from './auth-page';
import { savePendingRegistration } from './client-session';
import { ErrorSummary } from '@/components/form/error-summary';
import { CheckboxField } from '@/components/form/inputs';
import { useFormState } from '@/components/form/use-form-state';
import { SubmitButton } from '@/components/form/submit-button';

import { EmailField, FormNote } from './account-fields';
import { ConfirmPasswordField, PasswordField } from './password-field';
import { GoogleButton } from './google-button';
import { accountSchemas } from './lazy-schemas';

const FIELDS = {
  email: { label: 'メールアドレス', id: 'email' },
  password: { label: 'パスワード', id: 'password' },
  passwordConfirmation: { label: 'パスワード（確認）', id: 'passwordConfirmation' },
  agreement: { label: '利用規約とプライバシーポリシーへの同意', id: 'agreement' },
};

/** Where the visitor is going once registered: said on the registration page too. */
const REGISTER_REASON = {
  order: '会員登録が完了すると、そのまま証明書の申請にお進みいただけます。',
  watch: '会員登録が完了すると、ご覧になっていた法人をそのままウォッチリストに追加します。',
  member: '会員登録が完了すると、そのままご覧になっていたページにお進みいただけます。',
} as const;

export function RegisterForm({ serviceName }: { serviceName: string }) {
  const router = useRouter();
  const params = useSearchParams();
  const socialError = socialErrorMessage(params.get('error'));
  // Where to continue once registered (an order started while logged out); kept through the code step.
  const nextPage = nextPageOrNull(params.get('nextPage'));
  const reason = loginReason(nextPage, false)?.kind;
  // The agreement is the spec's isAgreement flag; Google registration also needs it.
  const { isAgreement } = useClientState('flags');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [passwordConfirmation, setPasswordConfirmation] = useState('');
  const form = useFormState(FIELDS);
  // Known once hydrated (the server renders the form): a member already logged in is not offered a second account.
  const loggedIn = useSyncExternalStore(
    subscribeAuth,
    () => isLoggedIn(),
    () => false,
  );

  const setAgreement = (value: boolean) => {
    setPiece('flags', (prev) => ({ ...prev, isAgreement: value }));
    if (value && form.errors.agreement) form.setErrors(({ agreement: _, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void form.submit(
      () => accountSchemas().then((m) => m.RegisterFormSchema),
      { email, password, passwordConfirmation, agreement: isAgreement },
      async (data) => {
        const res = await register({
          email: data.email,
          password: data.password,
          agreement: true,
          ...(nextPage === null ? {} : { nextPage }),
        });
        savePendingRegistration(res, nextPage);
        router.push('/temporary-auth');
      },
    );
  };

  if (loggedIn) {
    return (
      <AlreadyMember
        title="会員登録（無料）"
        note="別のメールアドレスで登録する場合は、ログアウトしてからお手続きください。"
        nextPage={nextPage}
      />
    );
  }

  return (
    <div className={`surface ${styles.card}`}>
      <h1 className={styles.title}>会員登録（無料）</h1>
      <RegisterSteps current={1} />
      <p className={styles.lead}>メールアドレスとパスワードを入力してください。入力したメールアドレスに確認コードをお送りします。</p>
      {reason && reason !== 'expired' && reason !== 'password_changed' && reason !== 'logged_out_elsewhere' && !socialError ? (
        <p className={`notice-box ${styles.status}`} role="status" data-testid="login-reason">
          {REGISTER_REASON[reason]}
        </p>
      ) : null}
      <FormNote kind="error" text={socialError} />
      <ErrorSummary message={form.message} errors={form.errors} fields={FIELDS} summaryRef={form.summaryRef} />
      <form onSubmit={onSubmit} noValidate>
        <EmailField value={email} onValue={setEmail} error={form.errors.email} />
        <PasswordField
          id="password"
          name="password"
          label="パスワード"
          autoComplete="new-password"
          required
          support={`${PASSWORD_MIN}文字以上。記号や文字の種類の決まりはありません。長いほど安全です（例：好きな言葉をいくつかつなげたもの）。`}
          value={password}
          onValue={setPassword}
          error={form.errors.password}
          meter={{ email, serviceName }}
        />
        <ConfirmPasswordField
          label="パスワード（確認）"
          value={passwordConfirmation}
          onValue={setPasswordConfirmation}
          error={form.errors.passwordConfirmation}
        />
        <CheckboxField id="agreement" checked={isAgreement} onChecked={setAgreement} error={form.errors.agreement}>
          <Link href="/help/terms-of-use" target="_blank" rel="noopener">
            利用規約
          </Link>
          と
          <Link href="/help/privacy-policy" target="_blank" rel="noopener">
            プライバシーポリシー
          </Link>
          に同意します（リンクは新しいタブで開きます）
        </CheckboxField>
        <div className={styles.actions}>
          <SubmitButton busy={form.busy} busyLabel="送信しています…">
            確認コードを送信する
          </SubmitButton>
        </div>
      </form>

      <div className={styles.divider}>または</div>
      <GoogleButton
        href={googleRegisterPath(nextPage)}
        label="Google で登録する"
        disabled={!isAgreement}
        onBlocked={() => {
          form.setErrors({ agreement: 'Google で登録する場合も、利用規約とプライバシーポリシーへの同意が必要です。' });
          document.getElementById('agreement')?.focus();
        }}
      />
      <ul className={styles.links}>
        <li>
          すでに会員の方は <Link href={loginPath({ nextPage })}>ログイン</Link>
        </li>
      </ul>
    </div>
  );
}
