import path from 'node:path';

import { BUDGETS, ROUTE_JS_BUDGETS, measureRoutes, violations } from './lib/bundle-budget';

/**
 * `npm run check:budgets`: fails when a page's first-load JavaScript or render-blocking CSS in
 * the production build (`.next/`) is over its budget (issue 13). Runs without a browser; `npm
 * test`'s e2e tier runs it after the journeys, on the build they used.
 */
function main(): void {
  const nextDir = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '.next'));
  const sizes = measureRoutes(nextDir);
  console.log(`route${' '.repeat(40)}JS KiB (≤ ${BUDGETS.firstLoadJsKiB}*)  CSS KiB (≤ ${BUDGETS.renderBlockingCssKiB})`);
  for (const s of sizes) console.log(`${s.route.padEnd(45)}${String(s.jsKiB).padStart(8)}  ${String(s.cssKiB).padStart(17)}`);
  console.log(
    `* ${Object.entries(ROUTE_JS_BUDGETS)
      .map(([r, b]) => `${r} ≤ ${b}`)
      .join(', ')}`,
  );
  const over = violations(sizes);
  if (sizes.length === 0) {
    console.error('[hojin] ビルドにページが見つかりません。');
    process.exit(1);
  }
  if (over.length > 0) {
    for (const v of over)
      console.error(
        `[hojin] 予算超過: ${v.route} の${v.what === 'js' ? '初回読み込み JavaScript' : 'レンダリングを妨げる CSS'}が ${v.kib} KiB（上限 ${v.budget} KiB）`,
      );
    process.exit(1);
  }
  console.log(`[hojin] ${sizes.length} ページすべて予算内です。`);
}

main();
