// The browser half of `npm run bench:lighthouse` (bench/lighthouse.ts starts the stack and prints
// the table). Plain JavaScript run by node, not tsx: tsx compiles Lighthouse's own functions with
// esbuild's keepNames, and Lighthouse evaluates some of them in the page by their source text,
// where the `__name` helper they then call does not exist.
//
//   node bench/lighthouse-run.mjs '{"base":"http://…","chromium":"/usr/bin/chromium","runs":1,"out":"…","only":null}'
import fs from 'node:fs';
import path from 'node:path';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const options = JSON.parse(process.argv[2] ?? '{}');
const { base, chromium, runs = 1, out, only = null, pages = null, demo } = options;
/** `--pages` names pages exactly (`/,/search`); `--only` takes every page whose name contains the text. */
const wanted = (name) => (pages ? pages.includes(name) : !only || name.includes(only));

/** @param {import('lighthouse').Result} lhr */
function rowOf(name, url, lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const items = (id) => lhr.audits[id]?.details?.items ?? [];
  const requests = items('network-requests');
  const bytesOf = (type) => requests.filter((r) => r.resourceType === type).reduce((n, r) => n + (r.transferSize ?? 0), 0);
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
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
    // Every stylesheet of these pages is linked in <head>, so all of it blocks rendering.
    cssKiB: bytesOf('Stylesheet') / 1024,
    fontKiB: bytesOf('Font') / 1024,
  };
}

function median(rows) {
  const sorted = [...rows].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)];
}

async function measure(page, port, url, keepStorage) {
  if (keepStorage) {
    // The member's cookies and storage stay; the HTTP cache goes, so each run is still a cold load.
    const cdp = await page.createCDPSession();
    await cdp.send('Network.clearBrowserCache');
    await cdp.detach();
  }
  const result = await lighthouse(
    url,
    { port, logLevel: 'error', output: 'json', onlyCategories: ['performance', 'accessibility', 'seo'], disableStorageReset: keepStorage },
    undefined,
    page,
  );
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}

/** Logs in as the demo member and puts a buyer's choices in storage, as the purchase pages expect them. */
async function prepareBuyer(page) {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.type('#email', demo.email);
  await page.type('#password', demo.password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type="submit"]')]);
  await page.evaluate(async () => {
    const search = await (await fetch('/api/corporates/search?q=%E3%83%88%E3%83%A8%E3%82%BF')).json();
    const company = search.items.find((c) => c.kind === '301' && !c.closed);
    if (!company) throw new Error('no orderable company for トヨタ');
    localStorage.setItem('searched_corporate', JSON.stringify({ ...company, selectedAt: new Date().toISOString() }));
    const all = await (await fetch('/api/items/all', { credentials: 'include' })).json();
    const first = all.items[0];
    if (!first) throw new Error('no items');
    const state = JSON.parse(sessionStorage.getItem('hojin_client_state') ?? '{}');
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

const chrome = await chromeLauncher.launch({
  chromePath: chromium,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
const rows = [];
try {
  const page = await browser.newPage();
  const found = await (await fetch(`${base}/api/corporates/search?q=${encodeURIComponent('トヨタ')}`)).json();
  const record = found.items?.[0]?.corporateNumber ?? '1180301018771';
  const publicPages = [
    ['/', '/'],
    ['/search', '/search'],
    ['/search?q=トヨタ', `/search?q=${encodeURIComponent('トヨタ')}`],
    ['/search-service', '/search-service'],
    ['record page', `/search-service/result?corporateNumber=${record}`],
    ['/login', '/login'],
    ['/register', '/register'],
    ['/help/terms-of-use', '/help/terms-of-use'],
  ];
  const purchasePages = [
    ['/purchase/select (member)', '/purchase/select'],
    ['/purchase/recipient-info (member)', '/purchase/recipient-info'],
    ['/purchase/confirmation (member)', '/purchase/confirmation'],
  ];
  fs.mkdirSync(out, { recursive: true });
  const run = async (name, p, keep) => {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      const lhr = await measure(page, chrome.port, `${base}${p}`, keep);
      fs.writeFileSync(path.join(out, `${name.replace(/[^a-z0-9]+/gi, '_')}-${i}.json`), JSON.stringify(lhr));
      results.push(rowOf(name, p, lhr));
    }
    const row = median(results);
    rows.push(row);
    console.log(
      `${name}: ${row.performance} (LCP ${(row.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(row.tbtMs)} ms, JS ${row.jsKiB.toFixed(1)} KiB)`,
    );
  };
  for (const [name, p] of publicPages) if (wanted(name)) await run(name, p, false);
  if (purchasePages.some(([name]) => wanted(name))) await prepareBuyer(page);
  for (const [name, p] of purchasePages) if (wanted(name)) await run(name, p, true);
} finally {
  await browser.disconnect();
  chrome.kill();
}
fs.writeFileSync(path.join(out, 'rows.json'), JSON.stringify(rows, null, 2));
