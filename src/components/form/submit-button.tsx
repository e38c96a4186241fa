import type { ReactNode } from 'react';

/**
 * A form's submit button (docs/decisions/0032): the site's button, pressed once — disabled and
 * saying what it does (`busyLabel`, 「送信しています…」) while the form is being sent.
 */
export function SubmitButton({
  busy,
  busyLabel,
  disabled = false,
  className = 'button',
  children,
}: {
  busy: boolean;
  busyLabel: string;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <button type="submit" className={className} disabled={busy || disabled}>
      {busy ? busyLabel : children}
    </button>
  );
}
