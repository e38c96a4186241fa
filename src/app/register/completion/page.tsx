import type { Metadata } from 'next';

import { AuthPage } from '@/features/accounts/components/auth-page';
import { RegisterCompletion } from '@/features/accounts/components/completion-pages';

export const metadata: Metadata = { title: '会員登録完了', robots: { index: false } };

/** Shows "registered" only right after this tab registered (issue 13); a neutral page otherwise. */
export default function RegisterCompletionPage() {
  return (
    <AuthPage>
      <RegisterCompletion />
    </AuthPage>
  );
}
