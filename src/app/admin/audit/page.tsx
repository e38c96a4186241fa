import type { Metadata } from 'next';

import { staffPage } from '@/features/backoffice/components/staff-page';
import { AuditView } from '@/features/backoffice/components/views/audit';

export const metadata: Metadata = { title: '監査ログ（管理画面）' };

export default function AdminAuditPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  return staffPage('manager', () => <AuditView searchParams={searchParams} />);
}
