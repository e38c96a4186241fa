import type { Metadata } from 'next';

import { SearchServiceTerms } from '@/features/site/components/legal/search-service-terms';
import { legalOperatorInfo } from '@/features/site/legal-content/operator-from-env';

export const metadata: Metadata = {
  title: '法人情報照会サービス利用規約',
  description: '無料の法人情報照会サービスの利用条件、出典と加工の表示、禁止事項（大量取得など）、免責について定めています。',
  alternates: { canonical: '/search-service/help/terms-of-use' },
};

export default function SearchServiceTermsPage() {
  return <SearchServiceTerms operator={legalOperatorInfo()} />;
}
