import type { Metadata } from 'next';

import { AuthPage } from '@/features/accounts/components/auth-page';
import { PasswordResetRequestForm } from '@/features/accounts/components/password-reset-forms';

export const metadata: Metadata = { title: 'パスワードの再設定' };

export default function PasswordResetPage() {
  return (
    <AuthPage>
      <PasswordResetRequestForm />
    </AuthPage>
  );
}
