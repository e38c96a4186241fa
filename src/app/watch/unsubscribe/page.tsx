import type { Metadata } from 'next';

import styles from '@/features/accounts/components/accounts.module.css';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { UNSUBSCRIBE_INVALID, UnsubscribeForm } from '@/features/watch/components/unsubscribe-form';

export const metadata: Metadata = { title: 'お知らせメールの配信停止', robots: { index: false }, referrer: 'no-referrer' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** /watch/unsubscribe?user=…&token=… — from the watch digest mail; works without logging in. */
export default async function WatchUnsubscribePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const q = await searchParams;
  const user = typeof q.user === 'string' ? q.user : '';
  const token = typeof q.token === 'string' ? q.token : '';
  return (
    <AuthPage>
      <h1 className={styles.title}>お知らせメールの配信停止</h1>
      {UUID.test(user) && TOKEN.test(token) ? (
        <UnsubscribeForm user={user} token={token} />
      ) : (
        <p className="error-box" role="alert">
          {UNSUBSCRIBE_INVALID}
        </p>
      )}
    </AuthPage>
  );
}
