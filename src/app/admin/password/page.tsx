import type { Metadata } from 'next';

import { staffPage } from '@/features/backoffice/components/staff-page';
import { PasswordView } from '@/features/backoffice/components/views/password';

export const metadata: Metadata = { title: 'パスワードの変更（管理画面）' };

export default function AdminPasswordPage() {
  return staffPage('staff', (session) => <PasswordView session={session} />, { passwordPage: true });
}
