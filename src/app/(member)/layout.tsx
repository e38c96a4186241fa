import type { ReactNode } from 'react';

import { AuthGuard } from '@/components/auth-guard';
import { Providers } from '@/components/providers';

/**
 * Protected pages (spec §6: the three my-page pages and the four purchase pages). The guard
 * shows the loading overlay while it checks the stored login and sends a logged-out visitor to
 * /login?nextPage=/search&expired=true; every API call of these pages is authorised by the
 * server regardless (conventions.md §7).
 */
export default function MemberLayout({ children }: { children: ReactNode }) {
  return (
    <Providers>
      <AuthGuard>{children}</AuthGuard>
    </Providers>
  );
}
