import type { Metadata } from 'next';

import { staffPage } from '@/features/backoffice/components/staff-page';
import { AccountingView } from '@/features/backoffice/components/views/accounting';

export const metadata: Metadata = { title: '会計データ（管理画面）' };

export default function AdminAccountingPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return staffPage('manager', () => <AccountingView searchParams={searchParams} />);
}
