import { describe, expect, it } from 'vitest';

import { codeLinesMatching, sourcesOutside } from '@tests/support/table-owner';

/**
 * One owner per table (issue 25 §2): the `users` table is read and written by the accounts
 * feature; other features call its face (index.server.ts: `memberEmailOf`, …). Like the orders
 * test beside orders/, it reads every source file of the app and the scripts and fails on a Drizzle
 * read or write of `users` (`.from(users)`, `.innerJoin(users, …)`, `.update(users)`, …) or SQL
 * (`FROM users`, `JOIN users`, `UPDATE users`, …) anywhere else.
 *
 * STILL_READING lists the readers left when the test was added; it only shrinks (an entry that no
 * longer reads `users` fails too). They cannot move yet without a cycle: accounts' my-cards page
 * imports payments' card module, and payments → orders, so orders and payments importing accounts
 * would close accounts → payments → orders → accounts. session.ts is app-wide infrastructure,
 * which may not import a feature. watch joins `users` inside its digest queries (SQL), a rewrite
 * still to do.
 */

const STILL_READING = [
  'src/features/orders/server/fulfilment-state.ts',
  'src/features/orders/server/payment-state.ts',
  'src/features/orders/server/reads.ts',
  'src/features/orders/server/repository.ts',
  'src/features/payments/server/customers.ts',
  'src/features/payments/server/order-payment.ts',
  'src/features/payments/server/refund-succeeded.ts',
  'src/features/purchase/server/saved-addresses.ts',
  'src/server/auth/session.ts',
  'src/features/watch/server/digest.ts',
  'src/features/watch/server/entries.ts',
];

const PATTERNS: RegExp[] = [
  /\.\s*(from|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin|insert|update|delete)\s*\(\s*users\s*[,)]/,
  /\b(from|join|update|insert\s+into|delete\s+from)\s+"?users"?(\s|$|`|;|,)/i,
];

export function usesOfUsers(source: string): string[] {
  return codeLinesMatching(source, PATTERNS);
}

function readersOutsideAccounts(): string[] {
  return sourcesOutside('src/features/accounts')
    .filter(({ text }) => usesOfUsers(text).length > 0)
    .map(({ path }) => path)
    .sort();
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

  it('nothing outside src/features/accounts reads or writes users, but the readers still being moved', () => {
    expect(readersOutsideAccounts()).toEqual([...STILL_READING].sort());
  });
});
