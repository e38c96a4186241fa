/**
 * Postal-code lookup: what loading the bundled Japan Post data costs (src/features/address).
 * Prints the cold first lookup (one prefix file read and indexed), warm lookups, and reading the
 * whole data set (1,000 prefix files) with the heap and RSS it takes once indexed.
 *
 *   npx tsx --conditions=react-server --expose-gc bench/address-load.ts
 */
import { performance } from 'node:perf_hooks';

import { PostalIndex } from '@/features/address/server/postal-index';

const gc = (globalThis as { gc?: () => void }).gc;

function memory() {
  gc?.();
  const m = process.memoryUsage();
  return { heapMb: m.heapUsed / 1048576, rssMb: m.rss / 1048576 };
}

async function main() {
  const before = memory();

  const index = new PostalIndex();
  let t = performance.now();
  const first = await index.lookup('1000005');
  const coldMs = performance.now() - t;

  t = performance.now();
  await index.lookup('0600042');
  const secondMs = performance.now() - t;

  t = performance.now();
  const n = 10_000;
  for (let i = 0; i < n; i++) await index.lookup('1000005');
  const warmUs = ((performance.now() - t) / n) * 1000;

  const full = new PostalIndex({ maxPrefixes: 1000 });
  t = performance.now();
  const codes = await full.loadAll();
  const fullMs = performance.now() - t;
  const after = memory();
  const version = await full.dataVersion();

  console.log(`data: ${version ?? 'unknown version'}; 100-0005 → ${first.map((c) => c.prefecture + c.city + c.town).join(', ')}`);
  console.log(`cold first lookup (one prefix file): ${coldMs.toFixed(1)} ms`);
  console.log(`another prefix afterwards (the cost of a cache miss): ${secondMs.toFixed(1)} ms`);
  console.log(`warm lookup: ${warmUs.toFixed(2)} µs`);
  console.log(`whole data set: ${codes} postal codes in ${fullMs.toFixed(0)} ms`);
  console.log(
    `memory with everything indexed: heap +${(after.heapMb - before.heapMb).toFixed(1)} MB, rss +${(after.rssMb - before.rssMb).toFixed(1)} MB` +
      (gc ? '' : ' (run with --expose-gc for exact heap figures)'),
  );
  // Keep both indexes reachable until measured.
  void index;
  void full;
}

void main();
