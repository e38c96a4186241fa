import { describe, expect, it } from 'vitest';

import { codeLinesMatching, sourcesOutside } from '@tests/support/table-owner';

/**
 * One owner per table (conventions.md §13, issue 12 §1, issue 25 §2): only src/features/orders
 * writes the `orders` table and its timeline `order_events`, and only it reads them — other
 * features call its server face. This test reads every source file of the app and the scripts and
 * fails on a Drizzle write (`.insert(orders)`, `.update(orders)`, `.delete(orders)`) or SQL
 * (`UPDATE orders`, `INSERT INTO orders`, `DELETE FROM orders`) of either table anywhere else, and
 * on a read of either (`.from(orders)`, `.innerJoin(orders, …)`, `FROM orders`, `JOIN orders`).
 * Tests and their factories may seed and read rows directly.
 */

const WRITE_PATTERNS: RegExp[] = [
  /\.\s*(insert|update|delete)\s*\(\s*(orders|orderEvents)\s*\)/,
  /\b(update|insert\s+into|delete\s+from)\s+"?(orders|order_events)"?\b/i,
];

const READ_PATTERNS: RegExp[] = [
  /\.\s*(from|innerJoin|leftJoin|rightJoin|fullJoin|crossJoin)\s*\(\s*(orders|orderEvents)\s*[,)]/,
  /\b(from|join)\s+"?(orders|order_events)"?(\s|$|`|;|,)/i,
];

export function writesOfOrders(source: string): string[] {
  return codeLinesMatching(source, WRITE_PATTERNS);
}

export function readsOfOrders(source: string): string[] {
  return codeLinesMatching(source, READ_PATTERNS);
}

function offendersOf(find: (source: string) => string[]): string[] {
  return sourcesOutside('src/features/orders').flatMap(({ path, text }) => find(text).map((line) => `${path}: ${line.trim()}`));
}

describe('the orders table has one owner', () => {
  it('recognises the ways of writing it', () => {
    expect(writesOfOrders('await db.update(orders).set({ status })')).toHaveLength(1);
    expect(writesOfOrders('tx.insert(orderEvents).values(x)')).toHaveLength(1);
    expect(writesOfOrders('await sql`UPDATE orders SET status = ${s}`')).toHaveLength(1);
    expect(writesOfOrders('DELETE FROM "order_events"')).toHaveLength(1);
    expect(writesOfOrders('db.select().from(orders)')).toHaveLength(0);
    expect(writesOfOrders(' * e.g. `insert into "orders"` in a comment')).toHaveLength(0);
  });

  it('nothing outside src/features/orders writes orders or order_events', () => {
    expect(offendersOf(writesOfOrders)).toEqual([]);
  });

  it('recognises the ways of reading it', () => {
    expect(readsOfOrders('    .from(orders)')).toHaveLength(1);
    expect(readsOfOrders('db.select().from(orderEvents).where(x)')).toHaveLength(1);
    expect(readsOfOrders('.innerJoin(orders, eq(orders.id, refunds.orderId))')).toHaveLength(1);
    expect(readsOfOrders('.leftJoin(orders, eq(orders.id, x))')).toHaveLength(1);
    expect(readsOfOrders('sql`SELECT id FROM orders WHERE user_id = ${id}`')).toHaveLength(1);
    expect(readsOfOrders('JOIN "order_events" e ON e.order_id = o.id')).toHaveLength(1);
    expect(readsOfOrders('.from(ordersView)')).toHaveLength(0);
    expect(readsOfOrders("import { orders } from '@db/schema';")).toHaveLength(0);
    expect(readsOfOrders(' * the member reads from orders; the recipient step offers them')).toHaveLength(0);
  });

  it('nothing outside src/features/orders reads orders or order_events (other features use its face)', () => {
    expect(offendersOf(readsOfOrders)).toEqual([]);
  });
});
