import { randomUUID } from 'node:crypto';

import { createStaff } from '@/features/backoffice/server/staff';

export const STAFF_PASSWORD = 'correct horse battery staple 7';

/** A staff account with a unique e-mail; returns its TOTP secret so a test can compute codes. */
export async function createTestStaff(
  role: 'staff' | 'manager' = 'manager',
  overrides: { email?: string; password?: string; passwordChangeRequired?: boolean } = {},
) {
  const email = overrides.email ?? `staff-${randomUUID()}@example.jp`;
  const password = overrides.password ?? STAFF_PASSWORD;
  // Most tests use an account whose first-login password change is already done.
  const { staff, totpSecret } = await createStaff({
    email,
    displayName: 'テスト 担当',
    role,
    password,
    passwordChangeRequired: overrides.passwordChangeRequired ?? false,
  });
  return { ...staff, password, totpSecret };
}
