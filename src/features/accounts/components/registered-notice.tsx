'use client';

import { lazy, Suspense, useEffect, useState } from 'react';

import { APP_STORAGE_KEYS } from '@/lib/app-storage-keys';
import { textValue } from '@/lib/browser-storage';

/** Whether this tab holds a "just registered" flag at all; whether it is fresh is the notice's check. */
const justRegisteredFlag = textValue('session', APP_STORAGE_KEYS.justRegistered, () => true);

const RegisteredNoticeShown = lazy(() => import('./registered-notice-shown').then((m) => ({ default: m.RegisteredNoticeShown })));

/**
 * The member layout's "会員登録が完了しました" notice (registered-notice-shown.tsx), loaded only when this
 * tab holds the flag registration leaves: nearly every visit to a member page has none, and the
 * notice with the accounts styles and the flags' checks cost every purchase step ~1 KiB of its
 * first load (issue 13 §1, docs/decisions/0038). Read after hydration, as the notice itself did.
 */
export function RegisteredNotice() {
  const [flagged, setFlagged] = useState(false);
  useEffect(() => {
    // Reading browser storage is the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (justRegisteredFlag.read() !== null) setFlagged(true);
  }, []);
  if (!flagged) return null;
  return (
    <Suspense fallback={null}>
      <RegisteredNoticeShown />
    </Suspense>
  );
}
