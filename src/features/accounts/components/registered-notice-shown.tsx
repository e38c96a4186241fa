'use client';

import { usePathname } from 'next/navigation';
import { useEffect, useState } from 'react';

import styles from './accounts.module.css';
import { useJustCompleted } from './use-just-completed';

/**
 * On the page a new member continues to straight after registering (an order they had started):
 * says once that the account was created. Shown by the member layout, above the page, until the
 * member moves on to the next page (the layout itself stays mounted). Loaded by `RegisteredNotice`
 * (registered-notice.tsx) only when this tab holds the flag: the member layout is in the first load
 * of every purchase step, this module, the accounts styles and the flags' checks are not (issue 13 §1).
 */
export function RegisteredNoticeShown() {
  const pathname = usePathname();
  const done = useJustCompleted('registration');
  const [shownOn, setShownOn] = useState<string | null>(null);
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (done && shownOn === null) setShownOn(pathname);
  }, [done, shownOn, pathname]);
  if (!done || (shownOn !== null && shownOn !== pathname)) return null;
  return (
    <div className={`container ${styles.registeredNotice}`}>
      <p className={styles.success} role="status" data-testid="registered-notice">
        会員登録が完了しました。ご登録ありがとうございます。このままお手続きを続けられます。
      </p>
    </div>
  );
}
