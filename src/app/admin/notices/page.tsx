import type { Metadata } from 'next';

import { staffPage } from '@/features/backoffice/components/staff-page';
import { NoticesView } from '@/features/backoffice/components/views/notices';

export const metadata: Metadata = { title: 'お知らせ（管理画面）' };

export default function AdminNoticesPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return staffPage('manager', () => <NoticesView searchParams={searchParams} />);
}
