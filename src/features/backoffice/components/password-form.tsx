'use client';

import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';

import { ApiError } from '@/lib/api-client';
import { changeAdminPassword } from '../client/api';
import { SubmitRow } from './form-kit';

import styles from './admin.module.css';

/** Current password + a new one (8 characters or more; typed twice so a slip cannot lock anyone out). */
export function PasswordChangeForm({ required }: { required: boolean }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [fields, setFields] = useState<Record<string, string>>({});

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setError(null);
    setFields({});
    setDone(false);
    if (data.get('newPassword') !== data.get('confirmPassword')) {
      setFields({ confirmPassword: '確認のため、新しいパスワードと同じものを入力してください。' });
      return;
    }
    setBusy(true);
    try {
      await changeAdminPassword({ currentPassword: data.get('currentPassword'), newPassword: data.get('newPassword') });
      form.reset();
      setDone(true);
      if (required) router.replace('/admin');
      router.refresh();
    } catch (e) {
      if (e instanceof ApiError) {
        setError(e.message);
        setFields(e.fields);
      } else setError('変更できませんでした。もう一度お試しください。');
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="パスワードの変更">
      {error ? (
        <p className={styles.alert} role="alert">
          {error}
        </p>
      ) : null}
      {done ? (
        <p className={styles.notice} role="status">
          パスワードを変更しました。ほかの端末のログインは終了しました。
        </p>
      ) : null}
      <div className={styles.field}>
        <label className={styles.label} htmlFor="currentPassword">
          今のパスワード
        </label>
        <input id="currentPassword" name="currentPassword" type="password" autoComplete="current-password" className={styles.input} />
        {fields.currentPassword ? <span className={styles.fieldError}>{fields.currentPassword}</span> : null}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="newPassword">
          新しいパスワード
        </label>
        <input id="newPassword" name="newPassword" type="password" autoComplete="new-password" className={styles.input} />
        <span className={styles.hint}>8文字以上。よく使われるパスワードやサービス名を含むものは使えません。</span>
        {fields.newPassword ? <span className={styles.fieldError}>{fields.newPassword}</span> : null}
      </div>
      <div className={styles.field}>
        <label className={styles.label} htmlFor="confirmPassword">
          新しいパスワード（確認）
        </label>
        <input id="confirmPassword" name="confirmPassword" type="password" autoComplete="new-password" className={styles.input} />
        {fields.confirmPassword ? <span className={styles.fieldError}>{fields.confirmPassword}</span> : null}
      </div>
      <SubmitRow busy={busy}>変更する</SubmitRow>
    </form>
  );
}
