import type { Metadata } from 'next';

import { PricingPage } from '@/features/api/components/pricing-page';
import { apiPlans } from '@/features/api/index.server';
import { serverConfig } from '@/config/server';

export const metadata: Metadata = {
  title: 'hojin API の料金プラン',
  description:
    'hojin API のフリープランと月額の有料プラン（税込価格、月間リクエスト数、毎秒上限）と、有料プランの契約条件（更新日、解約、プラン変更、返金）。',
};

export const dynamic = 'force-dynamic';

export default function Pricing() {
  const { graceDays, ipPerSecond } = serverConfig().api;
  return (
    <div className="container">
      <PricingPage plans={apiPlans()} graceDays={graceDays} ipPerSecond={ipPerSecond} />
    </div>
  );
}
