import type { Metadata } from 'next';

import { getPayjpConfig } from '@/features/payments/server/payjp/config';
import { PrefectureOptions } from '@/features/purchase/components/prefecture-options';
import { RecipientInfo } from '@/features/purchase/components/recipient-info';
import { RECIPIENT_NOTES } from '@/features/purchase/components/recipient-notes';
import { SavedAddressChoices } from '@/features/purchase/components/saved-address-choices';
import { listSavedAddresses, type SavedAddress } from '@/features/purchase/server/saved-addresses';
import { logRecoveredFailure } from '@/server/http/log-recovered';
import { currentMemberSession } from '@/server/auth/page-session';

export const metadata: Metadata = { title: 'お届け先・お支払い方法', robots: { index: false } };
// The payjp.js URL is configuration read at request time, not at build time.
export const dynamic = 'force-dynamic';

/**
 * The member's saved addresses come with the page, rendered by the server as data on buttons
 * (saved-address-choices.tsx): the step's JavaScript gains one click handler, not a list component
 * or a request (its first load is at its budget; docs/decisions/0063).
 */
export default async function PurchaseRecipientInfoPage() {
  const session = await currentMemberSession();
  let saved: SavedAddress[] = [];
  if (session) {
    try {
      saved = await listSavedAddresses(session.userId);
    } catch (error) {
      // the form works without them
      logRecoveredFailure(error, 'could not read the saved addresses of /purchase/recipient-info');
    }
  }
  return (
    <RecipientInfo
      payjpJsUrl={getPayjpConfig().jsUrl}
      prefectureOptions={<PrefectureOptions />}
      notes={RECIPIENT_NOTES}
      savedAddresses={saved.length > 0 ? <SavedAddressChoices addresses={saved} /> : null}
    />
  );
}
