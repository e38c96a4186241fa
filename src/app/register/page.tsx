import type { Metadata } from 'next';
import { Suspense } from 'react';

import { LoadingOverlay } from '@/components/loading-overlay';
import { getSiteInfo } from '@/config/site';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { RegisterForm } from '@/features/accounts/components/register-form';

export const metadata: Metadata = { title: '会員登録' };

export default function RegisterPage() {
  return (
    <AuthPage>
      <Suspense fallback={<LoadingOverlay />}>
        <RegisterForm serviceName={getSiteInfo().serviceName} />
      </Suspense>
    </AuthPage>
  );
}
