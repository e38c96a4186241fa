'use client';

import Link from '@/components/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore, type FormEvent } from 'react';

import { LoadingOverlay } from '@/components/loading-overlay';
import { ApiError } from '@/lib/api-client';
import { isLoggedIn, subscribeAuth } from '@/lib/auth-state';
import { useStoredValue } from '@/lib/use-stored-value';

import { registerPath } from '../rules';

import { AlreadyMember } from './already-member';
import { confirmRegistration, resendRegistrationCode } from '../client/api';

import styles from './accounts.module.css';
import { RegisterSteps } from './auth-page';
import {
  afterRegistration,
  applyLogin,
  clearPendingRegistration,
  savePendingRegistration,
  storedPendingRegistration,
  type PendingCode,
} from './client-session';
import { ErrorSummary } from '@/components/form/error-summary';
import { useFormState } from '@/components/form/use-form-state';
import { SubmitButton } from '@/components/form/submit-button';
import { CodeField, FormNote } from './account-fields';
import { accountSchemas } from './lazy-schemas';
import { MailCatcherNote } from './mail-catcher-note';

const FIELDS = { code: { label: '確認コード', id: 'code' } };

/** Seconds until the resend button works again, ticking once a second. */
function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
}

export function TemporaryAuthForm({ mailCatcherUrl }: { mailCatcherUrl: string | null }) {
  const router = useRouter();
  // Read from this tab's storage once in the browser (undefined until then), and kept current by
  // the resend below. Once registered, the request is cleared from storage while the page moves
  // on: what was pending stays on screen meanwhile instead of "not found".
  const stored = useStoredValue(storedPendingRegistration);
  const [completed, setCompleted] = useState<PendingCode | null>(null);
  const pending = completed ?? stored;
  const [code, setCode] = useState('');
  const [resent, setResent] = useState<string | null>(null);
  const [resending, setResending] = useState(false);
  const form = useFormState(FIELDS);
  const wait = useCountdown(pending ? pending.sentAt + pending.resendAfterSeconds * 1000 : null);
  // A member already logged in has nothing to confirm here (a bookmark, the back button after
  // registering): said so, with where a member goes — not sent to register again.
  const loggedIn = useSyncExternalStore<boolean | null>(
    subscribeAuth,
    () => isLoggedIn(),
    () => null,
  );

  if (pending === undefined || (pending === null && loggedIn === null)) return <LoadingOverlay />;
  if (pending === null && loggedIn) return <AlreadyMember title="確認コードの入力" note="確認コードの入力は必要ありません。" />;
  if (pending === null) {
    return (
      <div className={`surface ${styles.card}`}>
        <h1 className={styles.title}>確認コードの入力</h1>
        <p className="notice-box">お申し込みの情報が見つかりませんでした。お手数ですが、会員登録の最初からやり直してください。</p>
        <div className={styles.actions}>
          <Link className="button" href="/register">
            会員登録へ
          </Link>
        </div>
      </div>
    );
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setResent(null);
    void form.submit(
      () => accountSchemas().then((m) => m.TempAuthBodySchema),
      { requestId: pending.requestId, code },
      async (body) => {
        const data = await confirmRegistration(body);
        applyLogin(data);
        setCompleted(pending);
        clearPendingRegistration();
        router.replace(afterRegistration(pending.nextPage ?? null));
      },
    );
  };

  const onResend = async () => {
    setResending(true);
    setResent(null);
    form.setMessage(null);
    try {
      const res = await resendRegistrationCode(pending.requestId, pending.nextPage ?? null);
      savePendingRegistration(res, pending.nextPage ?? null);
      setCode('');
      form.setErrors({});
      setResent('確認コードを再送しました。新しいメールに記載されたコードを入力してください（以前のコードは使えなくなりました）。');
    } catch (error) {
      form.setMessage(error instanceof ApiError ? error.message : '再送できませんでした。時間をおいてもう一度お試しください。');
    } finally {
      setResending(false);
    }
  };

  return (
    <div className={`surface ${styles.card}`}>
      <h1 className={styles.title}>確認コードの入力</h1>
      <RegisterSteps current={2} />
      <p className={styles.lead}>
        <strong>{pending.email}</strong>{' '}
        宛てに確認コード（6桁の数字）をお送りしました。メールに記載されたコードを入力してください。コードの有効期限は10分です。
      </p>
      <FormNote kind="success" text={resent} />
      <ErrorSummary message={form.message} errors={form.errors} fields={FIELDS} summaryRef={form.summaryRef} />
      <form onSubmit={onSubmit} noValidate>
        <CodeField
          id="code"
          support="例：012345（半角・全角どちらでも入力できます）"
          value={code}
          onValue={setCode}
          error={form.errors.code}
        />
        <div className={styles.actions}>
          <SubmitButton busy={form.busy} busyLabel="確認しています…">
            登録を完了する
          </SubmitButton>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void onResend()}
            disabled={wait > 0 || resending}
            aria-describedby="resend-wait"
          >
            {resending ? '再送しています…' : '確認コードを再送する'}
          </button>
          <p id="resend-wait" className={styles.note} aria-live="polite">
            {wait > 0 ? `あと${wait}秒で再送できます。` : '再送は1時間に5回までです。'}
          </p>
        </div>
      </form>
      <h2 className={styles.sectionTitle}>メールが届かない場合</h2>
      <ul className={styles.list}>
        <li>迷惑メールフォルダに振り分けられていないかご確認ください。</li>
        <li>
          メールアドレスに誤りがある場合は、<Link href={registerPath(pending.nextPage)}>会員登録の画面</Link>から入力し直してください。
        </li>
        <MailCatcherNote url={mailCatcherUrl} rest="で確認コードをご覧ください。" />
      </ul>
    </div>
  );
}
