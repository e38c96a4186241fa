import type { Metadata } from 'next';

import { SelectItems } from '@/features/purchase/components/select-items';
import { getItemsAll, type ItemsAll } from '@/features/purchase/server/items';
import { logger } from '@/server/logger';
import { currentMemberSession } from '@/server/auth/page-session';

export const metadata: Metadata = { title: '証明書の選択', robots: { index: false } };

/**
 * The certificates with this member's prices are rendered on the server (what GET /api/items/all
 * answers), so the step paints before its JavaScript arrives; only the company chosen on /search,
 * kept in the browser's storage, waits for hydration (issue 13 §1, docs/decisions/0033).
 */
export default async function PurchaseSelectPage() {
  const session = await currentMemberSession();
  let items: ItemsAll | null = null;
  if (session) {
    try {
      items = await getItemsAll(session.userId);
    } catch (error) {
      // The page then asks the API as before, which reports the problem in Japanese.
      logger.error({ err: error }, 'could not render the certificates of /purchase/select');
    }
  }
  return <SelectItems initialItems={items} />;
}
