import 'server-only';

import type { ReactNode } from 'react';

import { getSiteInfo } from '@/config/site';
import type { StaffRole, StaffSession } from '@/server/auth/staff-session';

import { requireStaffPage } from '../server/page-session';

import { AdminShell, ManagerOnly } from './admin-shell';

/**
 * The one preamble of a signed-in back-office page (issue 25 §3): the staff session is resolved
 * on the server for every page (never only in a layout; conventions.md §7) — none → the login,
 * a password to replace → /admin/password — then the page is drawn in the staff frame, or the
 * frame says the role may not see it. `render` runs only when the role is allowed.
 */
export async function staffPage(
  role: StaffRole,
  render: (session: StaffSession) => ReactNode | Promise<ReactNode>,
  options: { passwordPage?: boolean } = {},
): Promise<ReactNode> {
  const { session, allowed } = await requireStaffPage(role, options);
  return (
    <AdminShell session={session} serviceName={getSiteInfo().serviceName}>
      {allowed ? await render(session) : <ManagerOnly />}
    </AdminShell>
  );
}
