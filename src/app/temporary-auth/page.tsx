import type { Metadata } from 'next';

import { getSiteInfo } from '@/config/site';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { TemporaryAuthForm } from '@/features/accounts/components/temporary-auth-form';

export const metadata: Metadata = { title: '確認コードの入力', robots: { index: false } };

export default function TemporaryAuthPage() {
  return (
    <AuthPage>
      <TemporaryAuthForm mailCatcherUrl={getSiteInfo().mailCatcherUrl} />
    </AuthPage>
  );
}
