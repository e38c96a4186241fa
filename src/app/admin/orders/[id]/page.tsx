import type { Metadata } from 'next';

import { PrefectureOptions } from '@/features/purchase/components/prefecture-options';
import { staffPage } from '@/features/backoffice/components/staff-page';
import { OrderDetailView } from '@/features/backoffice/components/views/order-detail';

export const metadata: Metadata = { title: '注文の詳細（管理画面）' };

export default function AdminOrderPage({ params }: { params: Promise<{ id: string }> }) {
  return staffPage('staff', (session) => <OrderDetailView session={session} params={params} prefectureOptions={<PrefectureOptions />} />);
}
