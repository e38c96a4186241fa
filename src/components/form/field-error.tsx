'use client';

import type { ReactNode } from 'react';

import styles from './form.module.css';

/**
 * The error under a field (or a group); `id` is what the control's aria-describedby names. Its own
 * module (re-exported by field.tsx) so a page that shows an error without the kit's Field does not
 * carry Field (docs/decisions/0032).
 */
export function FieldError({ id, children, role }: { id?: string | undefined; children: ReactNode; role?: 'alert' }) {
  return (
    <p id={id} className={styles.fieldError} role={role}>
      {children}
    </p>
  );
}
