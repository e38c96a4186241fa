import type { Metadata } from 'next';

import { getSiteInfo } from '@/config/site';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { PasswordResetSending } from '@/features/accounts/components/password-reset-forms';

export const metadata: Metadata = { title: 'パスワード再設定メールの送信', robots: { index: false } };

export default function PasswordResetSendingPage() {
  return (
    <AuthPage>
      <PasswordResetSending mailCatcherUrl={getSiteInfo().mailCatcherUrl} />
    </AuthPage>
  );
}
