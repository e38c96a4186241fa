'use client';

import { useRouter, useSearchParams } from 'next/navigation';
import { useEffect, useRef, useState } from 'react';

import { LoadingOverlay } from '@/components/loading-overlay';
import { ApiError } from '@/lib/api-client';

import { DEFAULT_NEXT_PAGE, nextPageOrNull } from '../rules';
import { fetchMe } from '../client/api';

import styles from './accounts.module.css';
import { afterRegistration, applyLogin } from './client-session';
import { BackToLogin } from './back-to-login';

/**
 * Where the Google callback lands. The session cookie is HttpOnly, so this page asks
 * GET /api/users/me for what the client keeps (auth_expire_time, csrf_token, user_email and the
 * flags), stores it, and continues to nextPage (same-site paths only). After a Google registration
 * (`registered=true`) it continues like the e-mail registration does (afterRegistration).
 */
export function SocialComplete() {
  const router = useRouter();
  const params = useSearchParams();
  const registered = params.get('registered') === 'true';
  const nextPage = nextPageOrNull(params.get('nextPage'));
  const [failed, setFailed] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fetchMe()
      .then((me) => {
        applyLogin(me);
        router.replace(registered ? afterRegistration(nextPage) : (nextPage ?? DEFAULT_NEXT_PAGE));
      })
      .catch((error: unknown) => setFailed(error instanceof ApiError ? error.message : 'ログインを完了できませんでした。'));
  }, [nextPage, registered, router]);

  if (!failed) return <LoadingOverlay message="ログインしています" />;
  return (
    <div className={`surface ${styles.card}`}>
      <h1 className={styles.title}>ログインを完了できませんでした</h1>
      <p className="error-box" role="alert">
        {failed}
      </p>
      <BackToLogin />
    </div>
  );
}
