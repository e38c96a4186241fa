'use client';

import Link from '@/components/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';

import { ApiPending } from '@/components/api-pending';
import { PAYMENT_HISTORY_PAGE } from '@/lib/page-names';
import { useApi } from '@/lib/use-api';

import { googleLoginPath, meKey, sendReauthenticated, unregister } from '../client/api';
import {
  NO_UNREGISTER_BLOCK,
  UNREGISTER_DELETED_ITEMS,
  isUnregisterBlocked,
  unregisterBlockedMessage,
  type UnregisterBlock,
} from '../rules';

import styles from './accounts.module.css';
import { applyLogout } from './client-session';
import { accountSchemas } from './lazy-schemas';
import { ErrorSummary } from '@/components/form/error-summary';
import { CheckboxField } from '@/components/form/inputs';
import { useFormState } from '@/components/form/use-form-state';
import { SubmitButton } from '@/components/form/submit-button';

import { ReauthPasswordField } from './password-field';

const FIELDS = {
  confirm: { label: '確認', id: 'confirm' },
  currentPassword: { label: '現在のパスワード', id: 'currentPassword' },
};

/**
 * /my-page/unregister: what is deleted, what is kept, re-authentication, then the account is closed.
 * With an order still in progress or a payment under way (`blocked`, read on the server) the page
 * says why the member cannot leave yet, links each unfinished payment to where it is finished or
 * cancelled, and offers no form (the API refuses it too).
 */
export function UnregisterForm({ blocked = NO_UNREGISTER_BLOCK }: { blocked?: UnregisterBlock }) {
  const isBlocked = isUnregisterBlocked(blocked);
  const { data: me, error } = useApi(meKey());
  const router = useRouter();
  const [confirm, setConfirm] = useState(false);
  const [currentPassword, setCurrentPassword] = useState('');
  const [reauth, setReauth] = useState(false);
  const form = useFormState(FIELDS);

  if (!me) return <ApiPending error={error} failure="会員情報を読み込めませんでした。ページを再読み込みしてください。" />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setReauth(false);
    // The request's own schema: an account with a password sends it (empty is refused), one without does not.
    const input = me.hasPassword ? { confirm, currentPassword } : { confirm };
    void form.submit(
      () => accountSchemas().then((m) => m.UnregisterBodySchema),
      input,
      async (body) => {
        const res = await sendReauthenticated(
          () => unregister(body),
          () => setReauth(true),
        );
        applyLogout(res.csrf_token);
        router.replace('/login?unregistered=true');
      },
    );
  };

  return (
    <section className={`surface ${styles.card}`} aria-labelledby="unregister-title">
      <h2 id="unregister-title" className={styles.sectionTitle}>
        退会の手続き
      </h2>
      {isBlocked ? (
        <div className={`error-box ${styles.status}`} role="status" data-testid="unregister-blocked">
          <p>{unregisterBlockedMessage(blocked)}</p>
          {blocked.paying
            .filter((o) => o.resumable)
            .map((o) => (
              <p key={o.paymentId}>
                <Link href={`/purchase/resume?paymentId=${o.paymentId}`}>注文番号 {o.orderNumber} のお支払いを完了する・取り消す</Link>
              </p>
            ))}
          <p>
            <Link href={PAYMENT_HISTORY_PAGE.path}>{PAYMENT_HISTORY_PAGE.name}を見る</Link>
          </p>
        </div>
      ) : null}
      {me.isDemoUser ? <p className={`notice-box ${styles.status}`}>デモアカウントは退会できません。</p> : null}
      <p>退会すると、次のとおり情報を削除します。退会後に元に戻すことはできません。</p>
      <div className={styles.columns}>
        <div className={styles.boxDeleted}>
          <h3>削除する情報</h3>
          <ul className={styles.list}>
            {UNREGISTER_DELETED_ITEMS.map((item) => (
              <li key={item}>{item}</li>
            ))}
            <li>すべての端末のログイン状態</li>
          </ul>
        </div>
        <div className={styles.boxKept}>
          <h3>保存する情報</h3>
          <ul className={styles.list}>
            <li>ご注文の記録と領収書（法令に基づき7年間保存します）</li>
          </ul>
          <p className={styles.note}>
            詳しくは<Link href="/help/privacy-policy">プライバシーポリシー</Link>をご覧ください。
          </p>
        </div>
      </div>
      <p className="notice-box">
        退会後はマイページにログインできないため、領収書をダウンロードできなくなります。必要な領収書は、退会の前に
        <Link href={PAYMENT_HISTORY_PAGE.path}>{PAYMENT_HISTORY_PAGE.name}</Link>からダウンロードしてください。
      </p>

      <ErrorSummary message={form.message} errors={form.errors} fields={FIELDS} summaryRef={form.summaryRef} />
      {reauth || (!me.hasPassword && !me.isDemoUser) ? (
        <p className={`notice-box ${styles.status}`}>
          Google でログインしている方は、本人確認のため、ログインから10分以内に手続きしてください。時間がたっている場合は
          <a href={googleLoginPath('/my-page/unregister')}>Google でもう一度ログイン</a>してください。
        </p>
      ) : null}
      {isBlocked ? (
        <div className={`${styles.actions} ${styles.actionsRow}`}>
          <Link className="button button-secondary" href="/my-page/basic-info">
            マイページへ戻る
          </Link>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <CheckboxField id="confirm" checked={confirm} onChecked={setConfirm} error={form.errors.confirm}>
            上記の内容を確認し、退会に同意します
          </CheckboxField>
          <ReauthPasswordField
            hasPassword={me.hasPassword}
            id="currentPassword"
            value={currentPassword}
            onValue={setCurrentPassword}
            error={form.errors.currentPassword}
          />
          <div className={`${styles.actions} ${styles.actionsRow}`}>
            <SubmitButton busy={form.busy} busyLabel="手続きしています…" disabled={me.isDemoUser} className={`button ${styles.danger}`}>
              退会する
            </SubmitButton>
            <Link className="button button-secondary" href="/my-page/basic-info">
              マイページへ戻る
            </Link>
          </div>
        </form>
      )}
    </section>
  );
}
