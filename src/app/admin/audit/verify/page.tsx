import type { Metadata } from 'next';

import { staffPage } from '@/features/backoffice/components/staff-page';
import { AuditVerifyView } from '@/features/backoffice/components/views/audit-verify';

export const metadata: Metadata = { title: '監査ログの改ざん検査（管理画面）' };

export default function AdminAuditVerifyPage() {
  return staffPage('manager', () => <AuditVerifyView />);
}
