import path from 'node:path';

import {
  BROTLI_BUDGET_EXEMPT_PREFIXES,
  BUDGETS,
  ROUTE_BROTLI_BUDGETS,
  ROUTE_JS_BUDGETS,
  brotliBudgetOf,
  measureRoutes,
  violations,
} from './lib/bundle-budget';

/**
 * `npm run check:budgets`: fails when a page's first-load JavaScript or render-blocking CSS in
 * the production build (`.next/`) is over its budget (issue 13): JavaScript as Brotli (what
 * browsers receive) on the public pages and purchase steps, and as gzip on every page (the guard).
 * Runs without a browser; `npm test`'s e2e tier runs it after the journeys, on the build they used.
 */
const WHAT = {
  js: '初回読み込み JavaScript（gzip）',
  'js-brotli': '初回読み込み JavaScript（Brotli）',
  css: 'レンダリングを妨げる CSS',
} as const;

function main(): void {
  const nextDir = path.resolve(process.argv[2] ?? path.join(__dirname, '..', '.next'));
  const sizes = measureRoutes(nextDir);
  const cols = ['JS gzip', 'budget', 'JS br', 'budget', 'CSS gzip', 'CSS br'];
  console.log(`${'route'.padEnd(45)}${cols.map((c) => c.padStart(9)).join('')}`);
  for (const s of sizes) {
    const br = brotliBudgetOf(s.route);
    const cells = [s.jsKiB, ROUTE_JS_BUDGETS[s.route] ?? BUDGETS.firstLoadJsKiB, s.jsBrotliKiB, br ?? '—', s.cssKiB, s.cssBrotliKiB];
    console.log(`${s.route.padEnd(45)}${cells.map((c) => String(c).padStart(9)).join('')}`);
  }
  const allowances = (table: Readonly<Record<string, number>>) =>
    Object.entries(table)
      .map(([r, b]) => `${r} ≤ ${b}`)
      .join(', ') || 'none';
  console.log(
    `KiB. JS gzip ≤ ${BUDGETS.firstLoadJsKiB} on every page; JS Brotli ≤ ${BUDGETS.firstLoadJsBrotliKiB} except under ` +
      `${BROTLI_BUDGET_EXEMPT_PREFIXES.join(', ')}; CSS gzip ≤ ${BUDGETS.renderBlockingCssKiB}. Allowances: gzip ` +
      `${allowances(ROUTE_JS_BUDGETS)}; Brotli ${allowances(ROUTE_BROTLI_BUDGETS)}.`,
  );
  const over = violations(sizes);
  if (sizes.length === 0) {
    console.error('[hojin] ビルドにページが見つかりません。');
    process.exit(1);
  }
  if (over.length > 0) {
    for (const v of over) console.error(`[hojin] 予算超過: ${v.route} の${WHAT[v.what]}が ${v.kib} KiB（上限 ${v.budget} KiB）`);
    process.exit(1);
  }
  console.log(`[hojin] ${sizes.length} ページすべて予算内です。`);
}

main();
