import type { Metadata } from 'next';

import { PrivacyPolicy } from '@/features/site/components/legal/privacy-policy';

import { gtmEnabled, legalOperator } from '../legal-props';

export const metadata: Metadata = {
  title: 'プライバシーポリシー',
  description: '会員情報・ご注文情報・アクセス情報の取扱い、第三者提供、外部送信、開示等の請求窓口について定めています。',
};

export default function PrivacyPolicyPage() {
  return <PrivacyPolicy operator={legalOperator()} gtmEnabled={gtmEnabled()} />;
}
