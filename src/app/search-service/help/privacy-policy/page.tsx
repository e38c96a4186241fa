import type { Metadata } from 'next';

import { getSiteInfo } from '@/config/site';
import { SearchServicePrivacy } from '@/features/site/components/legal/search-service-privacy';
import { legalOperatorInfo } from '@/features/site/legal-content/operator-from-env';

export const metadata: Metadata = {
  title: '法人情報照会サービス プライバシーポリシー',
  description: '法人情報照会サービスで取得する情報（アクセス記録、ブラウザに保存する検索条件など）と、その利用目的について説明しています。',
  alternates: { canonical: '/search-service/help/privacy-policy' },
};

export default function SearchServicePrivacyPage() {
  const site = getSiteInfo();
  return <SearchServicePrivacy operator={legalOperatorInfo(site)} gtmEnabled={Boolean(site.gtmId)} />;
}
