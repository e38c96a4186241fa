import type { Metadata } from 'next';

import { AuthPage } from '@/features/accounts/components/auth-page';
import { PasswordResetCompletion } from '@/features/accounts/components/completion-pages';

export const metadata: Metadata = { title: 'パスワードの再設定完了', robots: { index: false } };

/** Shows "done" only right after this tab set the new password (issue 13); a neutral page otherwise. */
export default function PasswordResetCompletionPage() {
  return (
    <AuthPage>
      <PasswordResetCompletion />
    </AuthPage>
  );
}
