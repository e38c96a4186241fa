import type { Metadata } from 'next';

import { getEnv } from '@/config/env';
import { SearchServicePrivacy } from '@/features/site/components/legal/search-service-privacy';
import { operatorInfoFromEnv } from '@/features/site/legal-content/operator-from-env';

export const metadata: Metadata = {
  title: '法人情報照会サービス プライバシーポリシー',
  description: '法人情報照会サービスで取得する情報（アクセス記録、ブラウザに保存する検索条件など）と、その利用目的について説明しています。',
  alternates: { canonical: '/search-service/help/privacy-policy' },
};

export default function SearchServicePrivacyPage() {
  const env = getEnv();
  return <SearchServicePrivacy operator={operatorInfoFromEnv(env)} gtmEnabled={Boolean(env.GTM_ID)} />;
}
