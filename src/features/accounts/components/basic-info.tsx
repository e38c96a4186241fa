'use client';

import Link from '@/components/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';

import { ApiPending } from '@/components/api-pending';
import { storeUserEmail } from '@/lib/auth-state';
import { formatDateJa } from '@/lib/format';
import { useApi } from '@/lib/use-api';

import type { CodeRequestResponse, MeResponse } from '../schemas';
import { changePassword, googleLoginPath, meKey, requestEmailChange, sendReauthenticated, verifyEmailChange } from '../client/api';

import styles from './accounts.module.css';
import { applyLogin } from './client-session';
import { logoutNow } from './logout-now';
import { accountSchemas } from './lazy-schemas';
import { ErrorSummary } from '@/components/form/error-summary';
import { useFormState } from '@/components/form/use-form-state';
import { SubmitButton } from '@/components/form/submit-button';

import { CodeField, EmailField, FormNote } from './account-fields';
import { NEW_PASSWORD_SUPPORT, PasswordField, ReauthPasswordField } from './password-field';

const METHOD_LABELS = { password: 'メールアドレスとパスワード', google: 'Google アカウント' } as const;

/** /my-page/basic-info: what we hold about the member, password and e-mail changes, logout. */
export function BasicInfo({ serviceName }: { serviceName: string }) {
  const { data: me, error, mutate } = useApi(meKey());
  const router = useRouter();
  const [loggingOut, setLoggingOut] = useState(false);

  const logout = async () => {
    setLoggingOut(true);
    router.replace(await logoutNow());
  };

  if (!me) return <ApiPending error={error} failure="会員情報を読み込めませんでした。ページを再読み込みしてください。" />;

  return (
    <div className={styles.stack}>
      <section className={`surface ${styles.card}`} aria-labelledby="info-title">
        <h2 id="info-title" className={styles.sectionTitle}>
          基本情報
        </h2>
        {me.isDemoUser ? (
          <p className={`notice-box ${styles.status}`}>
            デモアカウントでログインしています。メールアドレス・パスワードの変更と退会はできません。
          </p>
        ) : null}
        <dl className={styles.info}>
          <div>
            <dt>メールアドレス</dt>
            <dd>{me.user_email}</dd>
          </div>
          <div>
            <dt>会員登録日</dt>
            <dd>{formatDateJa(new Date(me.createdAt))}</dd>
          </div>
          <div>
            <dt>ログイン方法</dt>
            <dd>{me.signInMethods.map((m) => METHOD_LABELS[m]).join('、') || '—'}</dd>
          </div>
        </dl>
        <div className={`${styles.actions} ${styles.actionsRow}`}>
          <button type="button" className="button button-secondary" onClick={() => void logout()} disabled={loggingOut}>
            {loggingOut ? 'ログアウトしています…' : 'ログアウトする'}
          </button>
        </div>
      </section>

      {me.isDemoUser ? null : (
        <>
          <ChangePassword me={me} serviceName={serviceName} />
          <ChangeEmail me={me} onChanged={() => void mutate()} />
        </>
      )}
    </div>
  );
}

const PASSWORD_FIELDS = {
  currentPassword: { label: '現在のパスワード', id: 'cp-current' },
  newPassword: { label: '新しいパスワード', id: 'cp-new' },
  newPasswordConfirmation: { label: '新しいパスワード（確認）', id: 'cp-confirm' },
};

function ChangePassword({ me, serviceName }: { me: MeResponse; serviceName: string }) {
  const [values, setValues] = useState({ currentPassword: '', newPassword: '', newPasswordConfirmation: '' });
  const [done, setDone] = useState(false);
  const form = useFormState(PASSWORD_FIELDS);
  const set = (key: keyof typeof values) => (value: string) => setValues((v) => ({ ...v, [key]: value }));

  if (!me.hasPassword) {
    return (
      <section className={`surface ${styles.card}`} aria-labelledby="cp-title">
        <h2 id="cp-title" className={styles.sectionTitle}>
          パスワード
        </h2>
        <p>
          Google アカウントでログインしているため、パスワードは設定されていません。パスワードでもログインしたい場合は、
          <Link href="/password-reset">パスワードの再設定</Link>から設定できます。
        </p>
      </section>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    void form.submit(
      () => accountSchemas().then((m) => m.ChangePasswordFormSchema),
      values,
      async (data) => {
        const res = await changePassword({ currentPassword: data.currentPassword, newPassword: data.newPassword });
        applyLogin(res);
        setValues({ currentPassword: '', newPassword: '', newPasswordConfirmation: '' });
        setDone(true);
      },
    );
  };

  return (
    <section className={`surface ${styles.card}`} aria-labelledby="cp-title">
      <h2 id="cp-title" className={styles.sectionTitle}>
        パスワードの変更
      </h2>
      <p className={styles.lead}>変更すると、この端末以外ではログアウトします。確認のメールをお送りします。</p>
      <FormNote kind="success" text={done ? 'パスワードを変更しました。' : null} />
      <ErrorSummary message={form.message} errors={form.errors} fields={PASSWORD_FIELDS} summaryRef={form.summaryRef} />
      <form onSubmit={onSubmit} noValidate>
        <PasswordField
          id="cp-current"
          name="currentPassword"
          label="現在のパスワード"
          autoComplete="current-password"
          required
          value={values.currentPassword}
          onValue={set('currentPassword')}
          error={form.errors.currentPassword}
        />
        <PasswordField
          id="cp-new"
          name="newPassword"
          label="新しいパスワード"
          autoComplete="new-password"
          required
          support={NEW_PASSWORD_SUPPORT}
          value={values.newPassword}
          onValue={set('newPassword')}
          error={form.errors.newPassword}
          meter={{ email: me.user_email ?? undefined, serviceName }}
        />
        <PasswordField
          id="cp-confirm"
          name="newPasswordConfirmation"
          label="新しいパスワード（確認）"
          autoComplete="new-password"
          required
          value={values.newPasswordConfirmation}
          onValue={set('newPasswordConfirmation')}
          error={form.errors.newPasswordConfirmation}
        />
        <div className={`${styles.actions} ${styles.actionsRow}`}>
          <SubmitButton busy={form.busy} busyLabel="変更しています…">
            パスワードを変更する
          </SubmitButton>
        </div>
      </form>
    </section>
  );
}

const EMAIL_FIELDS = {
  newEmail: { label: '新しいメールアドレス', id: 'ce-email' },
  currentPassword: { label: '現在のパスワード', id: 'ce-password' },
  code: { label: '確認コード', id: 'ce-code' },
};

function ChangeEmail({ me, onChanged }: { me: MeResponse; onChanged: () => void }) {
  const [newEmail, setNewEmail] = useState('');
  const [currentPassword, setCurrentPassword] = useState('');
  const [code, setCode] = useState('');
  const [request, setRequest] = useState<CodeRequestResponse | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [reauth, setReauth] = useState(false);
  const form = useFormState(EMAIL_FIELDS);

  const onStart = (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setReauth(false);
    // The request's own schema: an account with a password sends it (empty is refused), one without does not.
    const body = me.hasPassword ? { newEmail, currentPassword } : { newEmail };
    void form.submit(
      () => accountSchemas().then((m) => m.ChangeEmailBodySchema),
      body,
      async (data) => {
        setRequest(
          await sendReauthenticated(
            () => requestEmailChange(data),
            () => setReauth(true),
          ),
        );
        setCurrentPassword('');
      },
    );
  };

  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    if (!request) return;
    const body = { requestId: request.requestId, code };
    void form.submit(
      () => accountSchemas().then((m) => m.ChangeEmailVerifyBodySchema),
      body,
      async (data) => {
        const res = await verifyEmailChange(data);
        storeUserEmail(res.user_email);
        setRequest(null);
        setNewEmail('');
        setCode('');
        setDone(`メールアドレスを ${res.user_email} に変更しました。`);
        onChanged();
      },
    );
  };

  return (
    <section className={`surface ${styles.card}`} aria-labelledby="ce-title">
      <h2 id="ce-title" className={styles.sectionTitle}>
        メールアドレスの変更
      </h2>
      <FormNote kind="success" text={done} />
      <ErrorSummary message={form.message} errors={form.errors} fields={EMAIL_FIELDS} summaryRef={form.summaryRef} />
      {reauth ? (
        <p className={`notice-box ${styles.status}`}>
          <a href={googleLoginPath('/my-page/basic-info')}>Google でもう一度ログインする</a>
          と、10分間メールアドレスを変更できます。
        </p>
      ) : null}
      {request ? (
        <form onSubmit={onVerify} noValidate>
          <p className={styles.lead}>
            <strong>{request.email}</strong> 宛てに確認コード（6桁）をお送りしました。有効期限は10分です。
          </p>
          <CodeField id="ce-code" support="例：012345" value={code} onValue={setCode} error={form.errors.code} />
          <div className={`${styles.actions} ${styles.actionsRow}`}>
            <SubmitButton busy={form.busy} busyLabel="確認しています…">
              変更を確定する
            </SubmitButton>
            <button type="button" className="button button-secondary" onClick={() => setRequest(null)}>
              やり直す
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={onStart} noValidate>
          <p className={styles.lead}>
            新しいメールアドレスに確認コードをお送りします。変更すると、これまでのメールアドレスにお知らせが届きます。
          </p>
          <EmailField
            id="ce-email"
            name="newEmail"
            label="新しいメールアドレス"
            support="例：hanako@example.jp"
            value={newEmail}
            onValue={setNewEmail}
            error={form.errors.newEmail}
          />
          <ReauthPasswordField
            hasPassword={me.hasPassword}
            id="ce-password"
            value={currentPassword}
            onValue={setCurrentPassword}
            error={form.errors.currentPassword}
          />
          <div className={`${styles.actions} ${styles.actionsRow}`}>
            <SubmitButton busy={form.busy} busyLabel="送信しています…">
              確認コードを送信する
            </SubmitButton>
          </div>
        </form>
      )}
    </section>
  );
}
