import { describe, expect, it } from 'vitest';

import { codeLinesMatching, sourcesOutside } from '@tests/support/table-owner';

/**
 * One owner per table (issue 25 §2): the `users` table is read and written by the accounts
 * feature; other features call its face (index.server.ts: `memberEmailOf`, `memberStandingOf`,
 * `lockMember`). Like the orders test beside orders/, it reads every source file of the app and the
 * scripts and fails on a Drizzle read or write of `users` (`.from(users)`, `.innerJoin(users, …)`,
 * `.update(users)`, …) or SQL (`FROM users`, `JOIN users`, `UPDATE users`, …) anywhere else.
 *
 * STILL_READING lists each file left reading it with the number of lines that do, and why; it only
 * shrinks: a new file, a new reading line in a listed file, and an entry that no longer reads as
 * many lines all fail. orders and payments cannot call accounts yet without a feature cycle
 * (accounts' my-cards page imports payments' card module, and payments → orders, so orders or
 * payments importing accounts would close accounts → payments → orders → accounts; the page is UI
 * work). session.ts is app-wide infrastructure, which may not import a feature. watch's digest
 * joins `users` inside the INSERT … SELECT that creates the due digests.
 */

const STILL_READING: Record<string, number> = {
  // the back-office queue and order lists: the member's e-mail, and the filter by it (cycle, above)
  'src/features/orders/server/fulfilment-state.ts': 2,
  'src/features/orders/server/reads.ts': 2,
  // the member's row locked while an order is paid or created (cycle, above)
  'src/features/orders/server/payment-state.ts': 1,
  'src/features/orders/server/repository.ts': 1,
  // the demo member's cards, the confirmation mail's address, the refund mail's address (cycle, above)
  'src/features/payments/server/customers.ts': 1,
  'src/features/payments/server/order-payment.ts': 1,
  'src/features/payments/server/refund-succeeded.ts': 1,
  // the session's member (infrastructure)
  'src/server/auth/session.ts': 2,
  // the due digests' INSERT … SELECT (an SQL join: members unregistered or without an address get none)
  'src/features/watch/server/digest.ts': 1,
};

const PATTERNS: RegExp[] = [
  /\.\s*(from|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|insert|update|delete)\s*\(\s*users\s*[,)]/,
  /\b(from|join|update|insert\s+into|delete\s+from)\s+"?users"?(\s|$|`|;|,)/i,
];

export function usesOfUsers(source: string): string[] {
  return codeLinesMatching(source, PATTERNS);
}

/** Each file outside accounts that reads or writes users, with its number of lines that do. */
function readersOutsideAccounts(): Record<string, number> {
  return Object.fromEntries(
    sourcesOutside('src/features/accounts')
      .map(({ path, text }) => [path, usesOfUsers(text).length] as const)
      .filter(([, lines]) => lines > 0),
  );
}

describe('the users table has one owner', () => {
  it('recognises the ways of reading and writing it', () => {
    expect(usesOfUsers('const [u] = await db.select({ email: users.email }).from(users).where(x);')).toHaveLength(1);
    expect(usesOfUsers('    .leftJoin(users, eq(users.id, orders.userId))')).toHaveLength(1);
    expect(usesOfUsers('await tx.update(users).set({ deletedAt })')).toHaveLength(1);
    expect(usesOfUsers('sql`SELECT 1 FROM users WHERE id = ${id} FOR UPDATE`')).toHaveLength(1);
    expect(usesOfUsers('.from(userIdentities)')).toHaveLength(0);
    expect(usesOfUsers("import { users } from '@db/schema';")).toHaveLength(0);
    expect(usesOfUsers(' * reads from users in a comment')).toHaveLength(0);
  });

  it('nothing outside src/features/accounts reads or writes users, but the lines still being moved', () => {
    expect(readersOutsideAccounts()).toEqual(STILL_READING);
  });
});
