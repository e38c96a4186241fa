import type { Metadata } from 'next';

import { TermsOfUse } from '@/features/site/components/legal/terms-of-use';

import { legalDelivery, legalOperator } from '../legal-props';

export const metadata: Metadata = {
  title: '利用規約',
  description: '会員登録、登記事項証明書の取得代行のお申込み、お支払い、お届け、キャンセル等についての利用規約です。',
};

export default function TermsOfUsePage() {
  return <TermsOfUse operator={legalOperator()} delivery={legalDelivery()} />;
}
