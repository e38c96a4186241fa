'use client';

import { usePathname, useRouter } from 'next/navigation';
import { useEffect, useState, useSyncExternalStore, type ReactNode } from 'react';

import { setProtectedPage } from '@/lib/api-client';
import {
  LOGIN_RECHECKS,
  currentPage,
  isLoggedIn,
  loginEndedHereRecently,
  loginHasExpired,
  loginRedirect,
  subscribeAuth,
} from '@/lib/auth-state';

import { LoadingOverlay } from './loading-overlay';

/** Interval between the re-checks of spec §4 (10 × 100 ms: storage written by another tab or a just-finished login). */
const RECHECK_INTERVAL_MS = 100;

/**
 * Guards a protected page on the client (spec §4): while the stored expiry is missing or past,
 * the check is retried up to 10 times, then the visitor goes to /login, continuing to this page
 * afterwards, with `expired=true` only if a login really ended (docs/decisions/0022). The page's
 * data calls are authorised by the server regardless; this only decides what to show.
 */
export function AuthGuard({
  children,
  serverLoggedIn = false,
  prerenderPrefixes = [],
}: {
  children: ReactNode;
  /** whether the server found a live session cookie for this request */
  serverLoggedIn?: boolean;
  /**
   * Pages (path prefixes) whose server render already shows the page when the server found a
   * session: their markup before hydration is a shell that waits for browser storage by itself
   * (the purchase steps, docs/decisions/0033). Elsewhere the server render is the loading overlay.
   */
  prerenderPrefixes?: readonly string[];
}) {
  const router = useRouter();
  const pathname = usePathname();
  const [, rerender] = useState(0);
  const prerender = serverLoggedIn && prerenderPrefixes.some((p) => pathname.startsWith(p));
  // Re-read on every render, so every route change re-checks (spec §4). The server (and hydration)
  // uses what the server knows; right after hydration the stored expiry decides, as before.
  const loggedIn = useSyncExternalStore(
    subscribeAuth,
    () => isLoggedIn(),
    () => prerender,
  );

  useEffect(() => {
    setProtectedPage(true);
    return () => setProtectedPage(false);
  }, []);

  useEffect(() => {
    if (loggedIn) return;
    let attempts = 0;
    const timer = setInterval(() => {
      attempts += 1;
      if (isLoggedIn()) {
        clearInterval(timer);
        rerender((n) => n + 1);
      } else if (attempts >= LOGIN_RECHECKS && !loginEndedHereRecently()) {
        // (a logout or unregister in this tab navigates on by itself: the guard waits for it)
        clearInterval(timer);
        // (loginRedirect says so when another tab logged out of the login this page had: issue 24 §4)
        router.replace(loginRedirect({ expired: loginHasExpired(), here: currentPage() }));
      }
    }, RECHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [loggedIn, pathname, router]);

  if (!loggedIn) return <LoadingOverlay />;
  return <>{children}</>;
}
