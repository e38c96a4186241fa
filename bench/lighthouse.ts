import fs from 'node:fs';
import path from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';

import { startStack, type RunningStack } from '../scripts/lib/stack';

/**
 * `npm run bench:lighthouse`: Lighthouse 12 (mobile preset, simulated throttling — its defaults)
 * over the public pages and the purchase steps of a production build, in Debian's Chromium, and a
 * table of the figures issue 13 budgets (docs/performance.md):
 *
 *   performance ≥ 95, LCP ≤ 2.0 s, TBT ≤ 100 ms, CLS ≤ 0.02, JS ≤ 130 KiB, render-blocking CSS ≤ 15 KiB,
 *   web fonts ≤ 100 KiB; accessibility and SEO 100.
 *
 *   npm run bench:lighthouse                       starts its own stack (ports +10800, tmp/bench-lighthouse)
 *   npm run bench:lighthouse -- --base http://…    measures a running production server instead
 *   npm run bench:lighthouse -- --runs 3           median of three runs per page
 *
 * Public pages are measured logged out with Lighthouse's storage reset (a first visit). The purchase
 * steps are measured logged in as the demo account, with a company, items and an address in the
 * browser's storage as a buyer would have them; there the storage is kept and only the HTTP cache
 * is cleared before each run, so each is still a cold load. Everything lands in bench/out/lighthouse/.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OUT = path.join(__dirname, 'out', 'lighthouse');

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i === -1 ? undefined : process.argv[i + 1];
}

interface Row {
  page: string;
  url: string;
  performance: number;
  accessibility: number;
  seo: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKiB: number;
  cssKiB: number;
  fontKiB: number;
}

type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function rowOf(name: string, url: string, lhr: Lhr): Row {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id: string) => (lhr.audits[id]?.details as { items?: Record<string, unknown>[] } | undefined)?.items ?? [];
  const requests = items('network-requests') as { resourceType?: string; transferSize?: number; url?: string }[];
  const bytesOf = (type: string) => requests.filter((r) => r.resourceType === type).reduce((n, r) => n + (r.transferSize ?? 0), 0);
  const blocking = (items('render-blocking-resources') as { url?: string; totalBytes?: number }[])
    .filter((r) => r.url?.endsWith('.css'))
    .reduce((n, r) => n + (r.totalBytes ?? 0), 0);
  // Render-blocking CSS = every stylesheet in <head> (Lighthouse lists them only when they delay the paint).
  const cssAll = bytesOf('Stylesheet');
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  return {
    page: name,
    url,
    performance: score('performance'),
    accessibility: score('accessibility'),
    seo: score('seo'),
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsKiB: bytesOf('Script') / 1024,
    cssKiB: Math.max(cssAll, blocking) / 1024,
    fontKiB: bytesOf('Font') / 1024,
  };
}

function median(rows: Row[]): Row {
  const sorted = [...rows].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)] as Row;
}

async function measure(page: Page, port: number, url: string, keepStorage: boolean): Promise<Lhr> {
  if (keepStorage) {
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  const result = await lighthouse(
    url,
    {
      port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility', 'seo'],
      disableStorageReset: keepStorage,
    },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}

/** Logs in as the demo account and puts a buyer's choices in storage, as the purchase pages expect them. */
async function prepareBuyer(page: Page, base: string): Promise<void> {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.type('#email', 'demo@hojin.example');
  await page.type('#password', 'try-the-demo-2026');
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type="submit"]')]);
  await page.evaluate(async () => {
    const search = (await (await fetch('/api/corporates/search?q=%E3%83%88%E3%83%A8%E3%82%BF')).json()) as {
      items: {
        corporateNumber: string;
        name: string;
        furigana: string | null;
        kind: string;
        kindLabel: string;
        prefectureName: string | null;
        postCode: string | null;
        address: string;
        closed: boolean;
        closeDate: string | null;
      }[];
    };
    const company = search.items.find((c) => c.kind === '301' && !c.closed);
    if (!company) throw new Error('no orderable company for トヨタ');
    localStorage.setItem('searched_corporate', JSON.stringify({ ...company, selectedAt: new Date().toISOString() }));
    const all = (await (await fetch('/api/items/all', { credentials: 'include' })).json()) as {
      items: { itemId: string }[];
      scheduledDateMaster: Record<string, string>;
      isFirstPayPrice: boolean;
    };
    const first = all.items[0];
    if (!first) throw new Error('no items');
    const state = JSON.parse(sessionStorage.getItem('hojin_client_state') ?? '{}') as Record<string, unknown>;
    sessionStorage.setItem(
      'hojin_client_state',
      JSON.stringify({
        ...state,
        purchaseItemData: {
          userInput: [{ itemId: first.itemId, quantity: 1 }],
          scheduledDateMaster: all.scheduledDateMaster,
          isFirstPayPrice: all.isFirstPayPrice,
          deliverySpeed: 'normal',
        },
        destination: {
          recipient: '山田 太郎',
          destinationZipCode: '1000005',
          destinationPrefecture: '東京都',
          destinationCity: '千代田区',
          destinationStreet: '丸の内1-1-1',
          destinationApartmentEtc: '',
          receiptRecipient: '株式会社テスト',
        },
      }),
    );
  });
}

function table(rows: Row[]): string {
  const head =
    '| page | perf | a11y | SEO | FCP s | LCP s | TBT ms | CLS | JS KiB | CSS KiB | font KiB |\n|---|---|---|---|---|---|---|---|---|---|---|';
  const body = rows.map(
    (r) =>
      `| ${r.page} | ${r.performance} | ${r.accessibility} | ${r.seo} | ${(r.fcpMs / 1000).toFixed(2)} | ${(r.lcpMs / 1000).toFixed(2)} | ${Math.round(r.tbtMs)} | ${r.cls.toFixed(3)} | ${r.jsKiB.toFixed(1)} | ${r.cssKiB.toFixed(1)} | ${r.fontKiB.toFixed(1)} |`,
  );
  return [head, ...body].join('\n');
}

async function main(): Promise<void> {
  const runs = Number(arg('runs') ?? '1');
  let stack: RunningStack | null = null;
  let base = arg('base');
  if (base === undefined) {
    const shift = Number(arg('port-shift') ?? '10800');
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
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(1025 + shift),
        MAIL_CATCHER_URL: `http://127.0.0.1:${1080 + shift}`,
      },
    });
    base = stack.url;
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const rows: Row[] = [];
  try {
    const page = await browser.newPage();
    const found = (await (await fetch(`${base}/api/corporates/search?q=${encodeURIComponent('トヨタ')}`)).json()) as {
      items: { corporateNumber: string }[];
    };
    const record = found.items[0]?.corporateNumber ?? '1180301018771';
    const publicPages: [string, string][] = [
      ['/', '/'],
      ['/search', '/search'],
      ['/search?q=トヨタ', `/search?q=${encodeURIComponent('トヨタ')}`],
      ['/search-service', '/search-service'],
      ['record page', `/search-service/result?corporateNumber=${record}`],
      ['/login', '/login'],
      ['/register', '/register'],
      ['/help/terms-of-use', '/help/terms-of-use'],
    ];
    const purchasePages: [string, string][] = [
      ['/purchase/select (member)', '/purchase/select'],
      ['/purchase/recipient-info (member)', '/purchase/recipient-info'],
      ['/purchase/confirmation (member)', '/purchase/confirmation'],
    ];
    fs.mkdirSync(OUT, { recursive: true });
    const run = async (name: string, p: string, keep: boolean) => {
      const results: Row[] = [];
      for (let i = 0; i < runs; i += 1) {
        const lhr = await measure(page, chrome.port, `${base}${p}`, keep);
        fs.writeFileSync(path.join(OUT, `${name.replace(/[^a-z0-9]+/gi, '_')}-${i}.json`), JSON.stringify(lhr));
        results.push(rowOf(name, p, lhr));
      }
      const row = median(results);
      rows.push(row);
      console.log(
        `${name}: ${row.performance} (LCP ${(row.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(row.tbtMs)} ms, JS ${row.jsKiB.toFixed(1)} KiB)`,
      );
    };
    for (const [name, p] of publicPages) await run(name, p, false);
    await prepareBuyer(page, base);
    for (const [name, p] of purchasePages) await run(name, p, true);
  } finally {
    await browser.disconnect();
    chrome.kill();
    await stack?.stop();
  }
  const date = new Date().toISOString().slice(0, 10);
  const md = `Lighthouse ${lighthouseVersion()} — ${date}, ${runs} run(s) per page (median by score), mobile preset, simulated throttling\n\n${table(rows)}\n`;
  fs.writeFileSync(path.join(OUT, 'table.md'), md);
  console.log(`\n${md}`);
}

function lighthouseVersion(): string {
  const pkg = JSON.parse(fs.readFileSync(require.resolve('lighthouse/package.json'), 'utf8')) as { version: string };
  return pkg.version;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
