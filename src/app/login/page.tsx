import type { Metadata } from 'next';
import { Suspense } from 'react';

import { LoadingOverlay } from '@/components/loading-overlay';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { LoginForm } from '@/features/accounts/components/login-form';
import { getDemoCredentials } from '@/features/accounts/server/demo-user';

export const metadata: Metadata = { title: 'ログイン' };

export default function LoginPage() {
  return (
    <AuthPage>
      <Suspense fallback={<LoadingOverlay />}>
        <LoginForm demo={getDemoCredentials()} />
      </Suspense>
    </AuthPage>
  );
}
