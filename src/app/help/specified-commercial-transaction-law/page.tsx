import type { Metadata } from 'next';

import { SpecifiedCommercialTransactionLaw } from '@/features/site/components/legal/specified-commercial-transaction-law';

import { legalDelivery, legalOperator, legalPrices } from '../legal-props';

export const metadata: Metadata = {
  title: '特定商取引法に基づく表記',
  description: '販売事業者、所在地、連絡先、販売価格、お支払い方法と時期、お届け時期、キャンセルについての表示です。',
};

export default function SpecifiedCommercialTransactionLawPage() {
  return <SpecifiedCommercialTransactionLaw operator={legalOperator()} prices={legalPrices()} delivery={legalDelivery()} />;
}
