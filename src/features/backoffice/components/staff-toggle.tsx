'use client';

import { setStaffDisabled } from '../client/api';

import styles from './admin.module.css';
import { InlineAlert } from './field';
import { useConfirmedChange } from './form-kit';

/** Enables or disables another staff account (a manager's own row has no button). */
export function StaffToggle({ id, disabled, name }: { id: string; disabled: boolean; name: string }) {
  const { busy, error, change } = useConfirmedChange();
  const toggle = () =>
    change(
      `${name} さんのアカウントを${disabled ? '有効に' : '無効に'}します。よろしいですか？`,
      () => setStaffDisabled(id, !disabled),
      '変更できませんでした。',
    );
  return (
    <>
      <button type="button" className={`${styles.button} ${styles.buttonSecondary}`} onClick={toggle} disabled={busy}>
        {disabled ? '有効にする' : '無効にする'}
      </button>
      <InlineAlert error={error} />
    </>
  );
}
