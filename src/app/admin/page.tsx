import type { Metadata } from 'next';

import { staffPage } from '@/features/backoffice/components/staff-page';
import { DashboardView } from '@/features/backoffice/components/views/dashboard';

export const metadata: Metadata = { title: 'ダッシュボード（管理画面）' };

export default function AdminDashboardPage() {
  return staffPage('staff', (session) => <DashboardView session={session} />);
}
