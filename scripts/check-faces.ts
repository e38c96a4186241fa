import path from 'node:path';

import { checkFaces } from './lib/faces';

/**
 * `npx tsx scripts/check-faces.ts [root]`: the feature-face convention (scripts/lib/faces.ts,
 * docs/architecture.md "Feature faces"), run by the static tier of `npm test`. Exits 1 with one line
 * per problem.
 */
const root = path.resolve(process.argv[2] ?? path.join(__dirname, '..'));
const problems = checkFaces(root);
for (const p of problems) console.error(`${p.file}: [${p.rule}] ${p.message}`);
if (problems.length > 0) {
  console.error(`[hojin] 機能の公開面（face）の規約違反が ${problems.length} 件あります（docs/architecture.md）。`);
  process.exit(1);
}
console.log('[hojin] faces: ok');
