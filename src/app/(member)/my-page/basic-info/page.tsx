import type { Metadata } from 'next';

import { getSiteInfo } from '@/config/site';
import { BasicInfo } from '@/features/accounts/components/basic-info';

export const metadata: Metadata = { title: 'マイページ（基本情報）', robots: { index: false } };

export default function BasicInfoPage() {
  return <BasicInfo serviceName={getSiteInfo().serviceName} />;
}
