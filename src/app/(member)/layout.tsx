import type { ReactNode } from 'react';

import { AuthGuard } from '@/components/auth-guard';
import { RegisteredNotice } from '@/features/accounts/components/registered-notice';
import { currentMemberSession } from '@/server/auth/page-session';

/** Pages whose server render is their shell (docs/decisions/0033): the purchase steps. */
const PRERENDERED = ['/purchase/'] as const;

/**
 * Protected pages (spec §6: the three my-page pages and the four purchase pages). The guard
 * shows the loading overlay while it checks the stored login and sends a logged-out visitor to
 * /login, back to this page afterwards (docs/decisions/0022); every API call of these pages is
 * authorised by the server regardless (conventions.md §7). A member who registered on the way
 * (an order started while logged out) is told so once, above the page.
 *
 * When the server already sees a live session, the purchase steps are rendered on the server too
 * (their static shell paints before the JavaScript arrives; issue 13 §1, docs/decisions/0033);
 * the stored expiry still decides right after hydration, as before.
 */
export default async function MemberLayout({ children }: { children: ReactNode }) {
  const session = await currentMemberSession();
  return (
    <>
      <AuthGuard serverLoggedIn={session !== null} prerenderPrefixes={PRERENDERED}>
        <RegisteredNotice />
        {children}
      </AuthGuard>
    </>
  );
}
