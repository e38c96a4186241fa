import type { Metadata } from 'next';
import { Suspense } from 'react';

import { LoadingOverlay } from '@/components/loading-overlay';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { SocialComplete } from '@/features/accounts/components/social-complete';

/** Not in the spec: where Google sign-in returns (docs/decisions/0006-accounts.md). */
export const metadata: Metadata = { title: 'ログインしています', robots: { index: false } };

export default function LoginCompletePage() {
  return (
    <AuthPage>
      <Suspense fallback={<LoadingOverlay message="ログインしています" />}>
        <SocialComplete />
      </Suspense>
    </AuthPage>
  );
}
