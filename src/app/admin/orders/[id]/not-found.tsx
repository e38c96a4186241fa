import { staffPage } from '@/features/backoffice/components/staff-page';
import { OrderNotFoundView } from '@/features/backoffice/components/views/order-not-found';

export const metadata = { title: '注文が見つかりません｜管理画面' };

export default function AdminOrderNotFound() {
  return staffPage('staff', () => <OrderNotFoundView />);
}
