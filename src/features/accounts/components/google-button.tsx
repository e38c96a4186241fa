import type { MouseEvent } from 'react';

import styles from './accounts.module.css';

/**
 * A link (not a form): the start of Google sign-in is a top-level GET navigation to our own
 * /api/users/*-social, which redirects to the provider.
 */
export function GoogleButton({
  href,
  label,
  disabled = false,
  onBlocked,
}: {
  href: string;
  label: string;
  disabled?: boolean;
  onBlocked?: () => void;
}) {
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (disabled) {
      event.preventDefault();
      onBlocked?.();
    }
  };
  return (
    <a className={styles.google} href={href} onClick={onClick} aria-disabled={disabled}>
      <span className={styles.googleMark} aria-hidden="true">
        G
      </span>
      {label}
    </a>
  );
}
