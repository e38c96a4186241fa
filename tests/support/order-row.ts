/**
 * The stored `orders` row of an order (throws when there is none), for integration tests that
 * assert on what was written. The modules are imported on call: a test file imports this before
 * its stack has set the environment the database client reads.
 */
export async function orderRow(id: string) {
  const { eq } = await import('drizzle-orm');
  const { orders } = await import('@db/schema');
  const { getDb } = await import('@/server/db/client');
  const db = await getDb();
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error('no order');
  return row;
}
