'use client';

import { useEffect, useState } from 'react';

import { takeJustCompleted, type JustCompleted } from './client-session';

/**
 * Whether this tab has just completed `kind` (the one-time flag of client-session.ts); undefined
 * until read after hydration (sessionStorage exists only in the browser).
 */
export function useJustCompleted(kind: JustCompleted): boolean | undefined {
  const [done, setDone] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    // Reading browser storage is the effect.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setDone(takeJustCompleted(kind));
  }, [kind]);
  return done;
}
