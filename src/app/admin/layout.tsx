import type { Metadata } from 'next';
import type { ReactNode } from 'react';

// Every back-office page is personal to the signed-in staff member and never indexed. Each page
// checks the staff session itself (`staffPage`, features/backoffice/components/staff-page.tsx); this layout only sets what they share.
export const metadata: Metadata = { robots: { index: false, follow: false } };
export const dynamic = 'force-dynamic';

export default function AdminLayout({ children }: { children: ReactNode }) {
  return children;
}
