import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/features/accounts/server/demo-user';
import { judgeMainThread, verdictTable } from '../scripts/lib/main-thread-budget';
import { startStack, type RunningStack } from '../scripts/lib/stack';

import { startEmptyApp, type RunningEmptyApp } from './empty-app';

/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile preset, simulated throttling — its defaults)
 * over the public pages and the purchase steps of a production build, in Debian's Chromium, and a
 * table of the figures issue 13 budgets (paste it into docs/performance.md):
 *
 *   performance ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.02, JS ≤ 130 KB, render-blocking CSS ≤ 15 KB,
 *   web fonts ≤ 100 KB; accessibility and SEO 100;
 *   TBT ≤ the empty App Router page's median + 50 ms, measured in the same run (issue 24 §8,
 *   docs/decisions/0067; it replaced issue 13's fixed 100 ms, below what the framework alone measures).
 *
 * Every run builds (once per Next version, bench/empty-app.ts) and serves an empty App Router page
 * on port 3990 + shift and measures it before the public pages and again before the purchase steps;
 * the output ends with each page's TBT against that floor and its verdict (`--strict`: exit 1 when
 * a page is over budget; `--empty http://…` measures an empty page served elsewhere instead).
 *
 *   npm run bench:lighthouse                       starts its own stack (ports +10800, data in tmp/bench-lighthouse)
 *   npm run bench:lighthouse -- --base http://…    measures a running production server instead
 *   npm run bench:lighthouse -- --runs 3           median (by score) of three runs per page
 *   npm run bench:lighthouse -- --only /login      only the pages whose name contains the text
 *   npm run bench:lighthouse -- --pages /,/search  only the pages of exactly these names
 *   npm run bench:lighthouse -- --port-shift 10840 its own stack on other ports (another engineer's run is on +10800)
 *   npm run bench:lighthouse -- --base http://… --payjp-api http://…/v1   also /purchase/completion on a running stack
 *
 * Public pages are measured logged out with Lighthouse's storage reset (a first visit). The purchase
 * steps are measured logged in as the demo member, with a company, an item and an address in the
 * browser's storage as a buyer would have them; there storage is kept and only the HTTP cache is
 * cleared before each run, so each is still a cold load. /purchase/select is measured twice: as the
 * spec's route (the company from storage) and as the order buttons open it (`?corporateNumber=`, the
 * company rendered by the server; docs/decisions/0033). /purchase/completion is measured last, on
 * a real order paid through the PAY.JP emulator and its 3-D Secure page (paying resets the flow's
 * storage). Each row also gives Lighthouse's benchmark index of every run and the load average:
 * on a shared machine TBT is inflated. Reports land in bench/out/lighthouse/.
 * The browser half is bench/lighthouse-run.mjs (plain node; see why there).
 */
const OUT = path.join(__dirname, 'out', 'lighthouse');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

interface Row {
  page: string;
  performance: number;
  accessibility: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** TBT of every run */
  tbtRunsMs: number[];
  cls: number;
  jsKiB: number;
  cssKiB: number;
  fontKiB: number;
  /** Lighthouse's CPU benchmark of each run (~2,500 on the idle machine) */
  benchmarkIndexes: number[];
  /** the machine's 1/5/15-minute load average after the page's runs */
  loadAverage: string;
}

function table(rows: Row[]): string {
  const head =
    '| page | perf | a11y | SEO | FCP s | LCP s | TBT ms | CLS | JS KiB | CSS KiB | font KiB | benchmark index | load |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|';
  const body = rows.map(
    (r) =>
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.seo} | ${(r.fcpMs / 1000).toFixed(2)} | ${(r.lcpMs / 1000).toFixed(2)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${r.jsKiB.toFixed(1)} | ${r.cssKiB.toFixed(1)} | ${r.fontKiB.toFixed(1)} | ${r.benchmarkIndexes.join(' / ')} | ${r.loadAverage} |`,
  );
  return [head, ...body].join('\n');
}

async function main(): Promise<void> {
  const runs = Number(arg('runs') ?? '1');
  let stack: RunningStack | null = null;
  let base = arg('base');
  const shift = Number(arg('port-shift') ?? '10800');
  if (base === undefined) {
    stack = await startStack({
      quiet: true,
      env: {
        APP_ENV: 'test',
        LOG_LEVEL: 'warn',
        PORT: String(3000 + shift),
        APP_BASE_URL: `http://localhost:${3000 + shift}`,
        DATA_DIR: path.join(__dirname, '..', 'tmp', 'bench-lighthouse'),
        PAYJP_API_BASE: `http://127.0.0.1:${4010 + shift}/v1`,
        PAYJP_JS_URL: `http://127.0.0.1:${4010 + shift}/js/v2/pay.js`,
        OIDC_ISSUER: `http://127.0.0.1:${4020 + shift}`,
        NTA_API_BASE: `http://127.0.0.1:${4030 + shift}/4`,
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(1025 + shift),
        MAIL_CATCHER_URL: `http://127.0.0.1:${1080 + shift}`,
      },
    });
    base = stack.url;
  }
  let status: number | null;
  let empty: RunningEmptyApp | null = null;
  try {
    const emptyUrl = arg('empty') ?? (empty = await startEmptyApp(3990 + shift)).url;
    fs.rmSync(path.join(OUT, 'rows.json'), { force: true });
    const options = {
      base,
      chromium: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      runs,
      out: OUT,
      only: arg('only') ?? null,
      // (a comma followed by a space belongs to a name: '/purchase/completion (member, paid order)')
      pages: arg('pages')?.split(/,(?! )/) ?? null,
      demo: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
      // for the paid order /purchase/completion is measured with (a card token as payjp.js makes it)
      payjpApi: stack ? `http://127.0.0.1:${4010 + shift}/v1` : (arg('payjp-api') ?? null),
      empty: emptyUrl,
    };
    status = spawnSync(process.execPath, [path.join(__dirname, 'lighthouse-run.mjs'), JSON.stringify(options)], {
      stdio: 'inherit',
    }).status;
  } finally {
    await empty?.stop();
    await stack?.stop();
  }
  if (status !== 0) throw new Error('Lighthouse の計測に失敗しました。');
  const rows = JSON.parse(fs.readFileSync(path.join(OUT, 'rows.json'), 'utf8')) as Row[];
  const version = (JSON.parse(fs.readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as { version: string }).version;
  const date = new Date().toISOString().slice(0, 10);
  const isFloor = (r: Row) => r.page.startsWith('empty App Router page');
  const measured = rows.filter((r) => !isFloor(r));
  const verdict =
    measured.length > 0
      ? judgeMainThread(
          rows.filter(isFloor).flatMap((r) => r.tbtRunsMs),
          measured,
        )
      : null;
  const md = `Lighthouse ${version}, ${date}, ${runs} run(s) per page (median by score), mobile preset, simulated throttling\n\n${table(rows)}\n${verdict ? `\n${verdictTable(verdict)}\n` : ''}`;
  fs.writeFileSync(path.join(OUT, 'table.md'), md);
  console.log(`\n${md}`);
  if (verdict && !verdict.pass && process.argv.includes('--strict')) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
