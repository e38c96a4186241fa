import type { ReactNode } from 'react';

import { AuthGuard } from '@/components/auth-guard';
import { Providers } from '@/components/providers';
import { RegisteredNotice } from '@/features/accounts/components/completion-pages';

/**
 * Protected pages (spec §6: the three my-page pages and the four purchase pages). The guard
 * shows the loading overlay while it checks the stored login and sends a logged-out visitor to
 * /login, back to this page afterwards (docs/decisions/0022); every API call of these pages is
 * authorised by the server regardless (conventions.md §7). A member who registered on the way
 * (an order started while logged out) is told so once, above the page.
 */
export default function MemberLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <AuthGuard>
        <RegisteredNotice />
        {children}
      </AuthGuard>
    </Providers>
  );
}
