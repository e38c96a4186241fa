import type { Metadata } from 'next';

import { staffPage } from '@/features/backoffice/components/staff-page';
import { LogoutView } from '@/features/backoffice/components/views/logout';

export const metadata: Metadata = { title: 'ログアウト（管理画面）' };

export default function AdminLogoutPage() {
  return staffPage('staff', () => <LogoutView />);
}
