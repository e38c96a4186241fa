import type { Metadata } from 'next';

import { staffPage } from '@/features/backoffice/components/staff-page';
import { StaffView } from '@/features/backoffice/components/views/staff';

export const metadata: Metadata = { title: 'スタッフ（管理画面）' };

export default function AdminStaffPage() {
  return staffPage('manager', (session) => <StaffView session={session} />);
}
