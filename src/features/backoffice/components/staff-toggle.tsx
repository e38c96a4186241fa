'use client';

import { useRouter } from 'next/navigation';
import { useState } from 'react';

import { ApiError } from '@/lib/api-client';
import { setStaffDisabled } from '../client/api';

import styles from './admin.module.css';

/** Enables or disables another staff account (a manager's own row has no button). */
export function StaffToggle({ id, disabled, name }: { id: string; disabled: boolean; name: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function toggle() {
    const verb = disabled ? '有効に' : '無効に';
    if (!window.confirm(`${name} さんのアカウントを${verb}します。よろしいですか？`)) return;
    setBusy(true);
    setError(null);
    try {
      await setStaffDisabled(id, !disabled);
      router.refresh();
    } catch (e) {
      setError(e instanceof ApiError ? e.message : '変更できませんでした。');
    } finally {
      setBusy(false);
    }
  }
  return (
    <>
      <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} onClick={toggle} disabled={busy}>
        {disabled ? '有効にする' : '無効にする'}
      </button>
      {error ? (
        <span role="alert" className={styles.fieldError}>
          {error}
        </span>
      ) : null}
    </>
  );
}
