import path from 'node:path';

import { checkCycles } from './lib/import-graph';

/**
 * `npm run lint` (and so `npm test`) fails on any import cycle in src/: between files, and between
 * features (src/features/<name>), counting dynamic `import()` and leaving out type-only imports
 * (docs/decisions/0070). `--stats` also prints the number of arrows between top-level parts.
 */
const ROOT = path.resolve(__dirname, '..');
const SRC = path.join(ROOT, 'src');

/**
 * Cycles that existed when the check was added (issue 25), being cut. Each entry is the cycle's
 * members joined by ' ⇄ '. A new cycle fails; so does an entry here that no longer exists, so the
 * list only shrinks. It must end empty.
 */
const KNOWN: string[] = [];

const report = checkCycles({ dir: SRC, aliases: { '@/': SRC } });
let failed = false;
const found = [...report.fileCycles, ...report.featureCycles].map((c) => c.join(' ⇄ '));
const isNew = (cycle: string[]) => !KNOWN.includes(cycle.join(' ⇄ '));
for (const known of KNOWN) {
  if (!found.includes(known)) {
    failed = true;
    console.error(`check-cycles: the cycle ${known} is gone — remove it from KNOWN in scripts/check-cycles.ts.`);
  }
}

const newFileCycles = report.fileCycles.filter(isNew);
if (newFileCycles.length > 0) {
  failed = true;
  console.error(`check-cycles: ${newFileCycles.length} import cycle(s) between files in src/:`);
  for (const cycle of newFileCycles) console.error(`  - ${cycle.join(' ⇄ ')}`);
}
const newFeatureCycles = report.featureCycles.filter(isNew);
if (newFeatureCycles.length > 0) {
  failed = true;
  console.error(`check-cycles: ${newFeatureCycles.length} import cycle(s) between features:`);
  for (const cycle of newFeatureCycles) console.error(`  - ${cycle.join(' ⇄ ')}`);
  for (const [arrow, files] of report.featureReasons) {
    const [from = '', to = ''] = arrow.split(' → ');
    if (!newFeatureCycles.some((c) => c.includes(from) && c.includes(to))) continue;
    console.error(`    ${arrow}: ${files.length} import(s), e.g.`);
    for (const f of files.slice(0, 3)) console.error(`      ${f}`);
  }
}
if (process.argv.includes('--stats')) {
  console.log(
    `file cycles: ${report.fileCycles.length}, feature cycles: ${report.featureCycles.length}, arrows between top-level parts: ${report.partEdges}`,
  );
}
if (failed) process.exit(1);
