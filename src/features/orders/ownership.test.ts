import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

import { describe, expect, it } from 'vitest';

/**
 * One owner per table (conventions.md §13, issue 12 §1): only src/features/orders writes the
 * `orders` table and its timeline `order_events`. This test reads every source file of the app
 * and the scripts and fails on a Drizzle write (`.insert(orders)`, `.update(orders)`,
 * `.delete(orders)`) or SQL (`UPDATE orders`, `INSERT INTO orders`, `DELETE FROM orders`) of
 * either table anywhere else. Tests and their factories may seed rows directly.
 */

const ROOT = join(__dirname, '..', '..', '..');
const OWNER = join('src', 'features', 'orders') + sep;

const WRITE_PATTERNS: RegExp[] = [
  /\.\s*(insert|update|delete)\s*\(\s*(orders|orderEvents)\s*\)/,
  /\b(update|insert\s+into|delete\s+from)\s+"?(orders|order_events)"?\b/i,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

export function writesOfOrders(source: string): string[] {
  // Comments may name a statement (logger.ts explains `insert into "orders"` in its log fields).
  const code = (line: string) => !/^\s*(\*|\/\/|\/\*)/.test(line);
  return source.split('\n').filter((line) => code(line) && WRITE_PATTERNS.some((p) => p.test(line)));
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
    const offenders = ['src', 'scripts']
      .flatMap((d) => sourceFiles(join(ROOT, d)))
      .filter((path) => !relative(ROOT, path).startsWith(OWNER))
      .flatMap((path) => writesOfOrders(readFileSync(path, 'utf8')).map((line) => `${relative(ROOT, path)}: ${line.trim()}`));
    expect(offenders).toEqual([]);
  });
});
