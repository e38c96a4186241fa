import 'server-only';

import { cookies } from 'next/headers';
import { redirect } from 'next/navigation';

import { cookieName } from '@/server/auth/cookies';
import { roleAllows, validateStaffSessionToken, type StaffRole, type StaffSession } from '@/server/auth/staff-session';

/**
 * The staff session of a back-office page, resolved on the server for every page (never only in
 * a layout; conventions.md §7). No full session (none, expired, or only the password step done)
 * → /admin/login. The member cookie is never read.
 */
export async function currentStaffSession(): Promise<StaffSession | null> {
  const token = (await cookies()).get(cookieName('admin'))?.value;
  if (!token) return null;
  const session = await validateStaffSessionToken(token);
  return session?.mfaPassed ? session : null;
}

export async function requireStaffPage(
  role: StaffRole = 'staff',
  options: { passwordPage?: boolean } = {},
): Promise<{ session: StaffSession; allowed: boolean }> {
  const session = await currentStaffSession();
  if (!session) redirect('/admin/login?expired=1');
  // the password admin:create gave must be replaced before anything else opens (the API refuses too)
  if (session.staff.passwordChangeRequired && !options.passwordPage) redirect('/admin/password');
  return { session, allowed: roleAllows(session.staff.role, role) };
}
