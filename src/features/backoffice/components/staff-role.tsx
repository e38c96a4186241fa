'use client';

import { useId, useState } from 'react';

import { setStaffRole } from '../client/api';

import styles from './admin.module.css';
import { useConfirmedChange } from './form-kit';

/**
 * Changes another staff account's role (managers; a manager's own row has none — the API refuses a
 * change of one's own account, which keeps at least one manager). The choice is confirmed, and
 * takes effect on that account's next request; the change is audit-logged by the API.
 */
export function StaffRole<R extends string>({
  id,
  role,
  name,
  options,
}: {
  id: string;
  role: R;
  name: string;
  /** the roles in order with their Japanese labels (STAFF_ROLE_LABELS, passed by the page) */
  options: readonly { value: R; label: string }[];
}) {
  const selectId = useId();
  const [chosen, setChosen] = useState<R>(role);
  const { busy, error, change } = useConfirmedChange();
  const labelOf = (value: R) => options.find((o) => o.value === value)?.label ?? value;

  const apply = () =>
    change(
      `${name} さんの権限を「${labelOf(role)}」から「${labelOf(chosen)}」に変更します。よろしいですか？`,
      () => setStaffRole(id, chosen),
      '権限を変更できませんでした。時間をおいてもう一度お試しください。',
    );

  return (
    <div>
      <div className={styles.roleChange}>
        <label htmlFor={selectId} className="visually-hidden">
          {name} さんの権限
        </label>
        <select id={selectId} className={styles.select} value={chosen} onChange={(e) => setChosen(e.target.value as R)} disabled={busy}>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        <button
          type="button"
          className={`${styles.button} ${styles.buttonSecondary}`}
          onClick={apply}
          disabled={busy || chosen === role}
          aria-label="権限を変更"
        >
          変更
        </button>
      </div>
      {error ? (
        // below the controls, wrapping in the cell (the cell itself does not wrap its controls)
        <p role="alert" className={styles.fieldError} style={{ whiteSpace: 'normal', margin: '4px 0 0' }}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
