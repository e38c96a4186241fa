/**
 * Postal-code lookup: what loading the committed data file costs (src/features/address).
 * Prints the cold first lookup (the file read, unzipped and indexed), warm lookups, and the heap
 * and RSS the loaded table takes.
 *
 *   npx tsx --conditions=react-server --expose-gc bench/address-load.ts
 */
import { statSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

import { findPostalFile, PostalIndex } from '@/features/address/server/postal-index';

const gc = (globalThis as { gc?: () => void }).gc;

function memory() {
  gc?.();
  const m = process.memoryUsage();
  return { heapMb: m.heapUsed / 1048576, rssMb: m.rss / 1048576 };
}

async function main() {
  const file = findPostalFile();
  const before = memory();

  const index = new PostalIndex({ file });
  let t = performance.now();
  const first = await index.lookup('1000005');
  const coldMs = performance.now() - t;

  t = performance.now();
  const n = 100_000;
  const codes = ['1000005', '4980000', '1008994', '0600042', '9999999'];
  for (let i = 0; i < n; i++) await index.lookup(codes[i % codes.length] as string);
  const warmUs = ((performance.now() - t) / n) * 1000;

  const table = await index.table();
  const after = memory();

  console.log(`data: ${table.version}`);
  console.log(`file: ${file}, ${(statSync(file).size / 1048576).toFixed(2)} MB; ${table.size} postal codes`);
  console.log(`100-0005 → ${first.map((c) => c.prefecture + c.city + c.town).join(', ')}`);
  console.log(`cold first lookup (read, unzip, index the file): ${coldMs.toFixed(0)} ms`);
  console.log(`warm lookup: ${warmUs.toFixed(2)} µs`);
  console.log(
    `memory with the table loaded: heap +${(after.heapMb - before.heapMb).toFixed(1)} MB, rss +${(after.rssMb - before.rssMb).toFixed(1)} MB` +
      (gc ? '' : ' (run with --expose-gc for exact heap figures)'),
  );
}

void main();
