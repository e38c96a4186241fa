import type { Metadata } from 'next';

import { getSiteInfo } from '@/config/site';
import { AuthPage } from '@/features/accounts/components/auth-page';
import { NewPasswordForm } from '@/features/accounts/components/password-reset-forms';

// security.md: the reset page sends Referrer-Policy: no-referrer (the header is set in
// src/proxy.ts; the meta tag covers the document as well).
export const metadata: Metadata = { title: '新しいパスワードの設定', referrer: 'no-referrer', robots: { index: false } };

export default function NewPasswordPage() {
  return (
    <AuthPage>
      <NewPasswordForm serviceName={getSiteInfo().serviceName} />
    </AuthPage>
  );
}
