import type { Metadata } from 'next';

import { staffPage } from '@/features/backoffice/components/staff-page';
import { OrdersView } from '@/features/backoffice/components/views/orders';

export const metadata: Metadata = { title: '注文（管理画面）' };

export default function AdminOrdersPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return staffPage('staff', () => <OrdersView searchParams={searchParams} />);
}
