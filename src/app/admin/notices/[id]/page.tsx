import type { Metadata } from 'next';

import { staffPage } from '@/features/backoffice/components/staff-page';
import { NoticeDetailView } from '@/features/backoffice/components/views/notice-detail';

export const metadata: Metadata = { title: 'お知らせの詳細（管理画面）' };

export default function AdminNoticePage({ params }: { params: Promise<{ id: string }> }) {
  return staffPage('manager', () => <NoticeDetailView params={params} />);
}
