'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';

import { setProtectedPage } from '@/lib/api-client';
import { LOGIN_RECHECKS, LOGIN_REDIRECT, isLoggedIn } from '@/lib/auth-state';

import { LoadingOverlay } from './loading-overlay';

/** Interval between the re-checks of spec §4 (10 × 100 ms: storage written by another tab or a just-finished login). */
const RECHECK_INTERVAL_MS = 100;

/**
 * Guards a protected page on the client (spec §4): while the stored expiry is missing or past,
 * the check is retried up to 10 times, then the visitor goes to
 * /login?nextPage=/search&expired=true. The page's data calls are authorised by the server
 * regardless; this only decides what to show.
 */
export function AuthGuard({ children }: { children: ReactNode }) {
  const router = useRouter();
  const pathname = usePathname();
  const [allowed, setAllowed] = useState(false);

  useEffect(() => {
    setProtectedPage(true);
    let attempts = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const check = () => {
      if (isLoggedIn()) {
        setAllowed(true);
        return;
      }
      attempts += 1;
      if (attempts >= LOGIN_RECHECKS) {
        router.replace(LOGIN_REDIRECT);
        return;
      }
      timer = setTimeout(check, RECHECK_INTERVAL_MS);
    };
    setAllowed(false);
    check();
    return () => {
      if (timer) clearTimeout(timer);
      setProtectedPage(false);
    };
  }, [pathname, router]);

  if (!allowed) return <LoadingOverlay />;
  return <>{children}</>;
}
