import 'server-only';

/**
 * The accounts feature's server face: what other features read about a member (issue 25 §2: the
 * `users` table is read through its owner; src/features/accounts/ownership.test.ts).
 */
export { lockMember, memberEmailOf, memberStandingOf } from './server/users';
