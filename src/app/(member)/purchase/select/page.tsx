import type { Metadata } from 'next';

import { FeeCoverage } from '@/features/purchase/components/fee-coverage';
import { SelectItems } from '@/features/purchase/components/select-items';
import { getItemsAll, type ItemsAll } from '@/features/purchase/server/items';
import { selectedCompanyOf } from '@/features/purchase/server/selected-company';
import { SELECT_COMPANY_PARAM } from '@/lib/purchase-select-path';
import { logRecoveredFailure } from '@/server/http/log-recovered';
import { currentMemberSession } from '@/server/auth/page-session';

export const metadata: Metadata = { title: '証明書の選択', robots: { index: false } };

/**
 * The certificates with this member's prices are rendered on the server (what GET /api/items/all
 * answers), so the step paints before its JavaScript arrives. So is the company when the page is
 * opened for one (`?corporateNumber=`, where the order buttons go): looked up in the registry as
 * an order is; without it the company comes from the browser's storage after hydration, as the
 * spec's route has it (issue 13 §1, docs/decisions/0033).
 */
export default async function PurchaseSelectPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const session = await currentMemberSession();
  const params = await searchParams;
  const company = selectedCompanyOf(params[SELECT_COMPANY_PARAM]);
  let items: ItemsAll | null = null;
  if (session) {
    try {
      items = await getItemsAll(session.userId);
    } catch (error) {
      // The page then asks the API as before, which reports the problem in Japanese.
      logRecoveredFailure(error, 'could not render the certificates of /purchase/select');
    }
  }
  // (keyed by the company: opened for another one, the step starts from that one's state)
  return (
    <SelectItems
      key={company === null ? '' : company.status === 'found' ? company.company.corporateNumber : company.corporateNumber}
      initialItems={items}
      selected={company}
      feeCoverage={<FeeCoverage />}
    />
  );
}
