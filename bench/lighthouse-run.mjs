// The browser half of `npm run bench:lighthouse` (bench/lighthouse.ts starts the stack and prints
// the table). Plain JavaScript run by node, not tsx: tsx compiles Lighthouse's own functions with
// esbuild's keepNames, and Lighthouse evaluates some of them in the page by their source text,
// where the `__name` helper they then call does not exist.
//
//   node bench/lighthouse-run.mjs '{"base":"http://…","chromium":"/usr/bin/chromium","runs":1,"out":"…","only":null}'
import fs from 'node:fs';
import path from 'node:path';

import os from 'node:os';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

import { storeBuyer } from './buyer-storage.mjs';

const options = JSON.parse(process.argv[2] ?? '{}');
const { base, chromium, runs = 1, out, only = null, pages = null, demo, payjpApi = null, empty = null } = options;
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
    // Lighthouse's CPU benchmark of this run (~2,500 on the idle machine): lower means a busier machine.
    benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? Number.NaN),
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

const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');

function median(rows) {
  const sorted = [...rows].sort((a, b) => a.performance - b.performance);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * A real paid order of the demo member, for measuring /purchase/completion: a card token from the
 * PAY.JP emulator (as payjp.js makes it, with the public key), the order and the charge through the
 * app's own API (CSRF header and session cookie of the logged-in page), then the emulator's 3-D
 * Secure page answered 認証成功 in the browser, which returns through /api/payments/tds-return to
 * the completion page. Returns that page's path (`/purchase/completion?paymentId=…`).
 */
async function payOrder(page) {
  const publicKey = await page.evaluate(async () => (await (await fetch('/api/payjp/public-key')).json()).result);
  if (!publicKey) throw new Error('no PAY.JP public key');
  const body = new URLSearchParams({
    'card[number]': '4242424242424242',
    'card[exp_month]': '12',
    'card[exp_year]': String(new Date().getFullYear() + 3),
    'card[cvc]': '123',
    'card[name]': 'TARO YAMADA',
  });
  const tokenRes = await fetch(`${payjpApi}/tokens`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${publicKey}:`).toString('base64')}`,
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    body,
  });
  const token = await tokenRes.json();
  if (!token.id) throw new Error(`no card token: ${JSON.stringify(token)}`);
  const started = await page.evaluate(async (tokenId) => {
    const csrf = localStorage.getItem('csrf_token') ?? '';
    const post = async (url, payload) => {
      const res = await fetch(url, {
        method: 'POST',
        credentials: 'include',
        headers: {
          'Content-Type': 'application/json',
          Accept: 'application/json',
          'X-Requested-With': 'XMLHttpRequest',
          'X-CSRF-Token': csrf,
        },
        body: JSON.stringify(payload),
      });
      const json = await res.json();
      if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(json)}`);
      return json;
    };
    const state = JSON.parse(sessionStorage.getItem('hojin_client_state') ?? '{}');
    const company = JSON.parse(localStorage.getItem('searched_corporate') ?? '{}');
    const selection = state.purchaseItemData;
    const items = selection.userInput.map((i) => `${i.itemId}:${i.quantity}`).join(',');
    const tax = await (
      await fetch(`/api/items/tax?items=${items}&deliverySpeed=${selection.deliverySpeed}`, { credentials: 'include' })
    ).json();
    const created = await post('/api/payments/create-payment-history', {
      idempotencyKey: crypto.randomUUID(),
      company: { corporateNumber: company.corporateNumber },
      selection: { items: selection.userInput, deliverySpeed: selection.deliverySpeed },
      destination: state.destination,
      expectedTotalYen: tax.totalYen,
      agreed: true,
    });
    const result = await post('/api/payments/purchase', { paymentId: created.paymentId, card: { token: tokenId } });
    return { paymentId: created.paymentId, result };
  }, token.id);
  if (started.result.status !== 'awaiting_3ds') throw new Error(`unexpected charge answer: ${JSON.stringify(started.result)}`);
  await page.goto(started.result.redirectUrl, { waitUntil: 'networkidle0' });
  const buttons = await page.$$('button');
  let clicked = false;
  for (const b of buttons) {
    if ((await b.evaluate((e) => e.textContent?.trim())) === '認証成功') {
      await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), b.click()]);
      clicked = true;
      break;
    }
  }
  if (!clicked) throw new Error('no 認証成功 button on the 3-D Secure page');
  const url = new URL(page.url());
  if (url.pathname !== '/purchase/completion') throw new Error(`3-D Secure returned to ${page.url()}`);
  const order = await page.evaluate(
    async (id) => (await (await fetch(`/api/payments/latest?paymentId=${id}`, { credentials: 'include' })).json()).order,
    started.paymentId,
  );
  if (order?.status !== 'paid') throw new Error(`the order is ${order?.status}, not paid`);
  console.log(`paid order ${order.orderNumber} (${order.totalYen} yen) for /purchase/completion`);
  return `/purchase/completion?paymentId=${started.paymentId}`;
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

/**
 * Logs in as the demo member and puts a buyer's choices in storage, as the purchase pages expect
 * them. Returns the stored company's 法人番号 (the order buttons put it in /purchase/select's URL).
 */
async function prepareBuyer(page) {
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  await page.type('#email', demo.email);
  await page.type('#password', demo.password);
  await Promise.all([page.waitForNavigation({ waitUntil: 'networkidle0' }), page.click('button[type="submit"]')]);
  return (await page.evaluate(storeBuyer)).corporateNumber;
}

const chrome = await chromeLauncher.launch({
  chromePath: chromium,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
const rows = [];
try {
  const page = await browser.newPage();
  // (tolerant: `--base` may be a bare Next app without our API, e.g. the empty App Router page of docs/performance.md)
  const found = await fetch(`${base}/api/corporates/search?q=${encodeURIComponent('トヨタ')}`)
    .then((r) => r.json())
    .catch(() => ({}));
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
  // (filled in with the stored company's number once the buyer is prepared)
  const selectForCompany = '/purchase/select?corporateNumber=… (member, from an order button)';
  const purchasePages = [
    ['/purchase/select (member)', '/purchase/select'],
    [selectForCompany, null],
    ['/purchase/recipient-info (member)', '/purchase/recipient-info'],
    ['/purchase/confirmation (member)', '/purchase/confirmation'],
  ];
  fs.mkdirSync(out, { recursive: true });
  const run = async (name, p, keep, origin = base) => {
    const results = [];
    for (let i = 0; i < runs; i += 1) {
      const lhr = await measure(page, chrome.port, `${origin}${p}`, keep);
      fs.writeFileSync(path.join(out, `${name.replace(/[^a-z0-9]+/gi, '_')}-${i}.json`), JSON.stringify(lhr));
      results.push(rowOf(name, p, lhr));
    }
    const row = {
      ...median(results),
      tbtRunsMs: results.map((r) => r.tbtMs),
      benchmarkIndexes: results.map((r) => r.benchmarkIndex),
      loadAverage: loadAverage(),
    };
    rows.push(row);
    console.log(
      `${name}: ${row.performance} (LCP ${(row.lcpMs / 1000).toFixed(2)} s, TBT ${Math.round(row.tbtMs)} ms, CLS ${row.cls.toFixed(3)}, JS ${row.jsKiB.toFixed(1)} KiB; benchmarkIndex ${results.map((r) => r.benchmarkIndex).join('/')}, load ${loadAverage()})`,
    );
  };
  const completion = '/purchase/completion (member, paid order)';
  // The framework's floor (docs/decisions/0067): the empty App Router page, measured as a first
  // visit before the public pages and again before the purchase steps, so both halves of the run
  // are compared with a floor measured in the same minutes.
  const floor = async (label) => {
    if (empty) await run(`empty App Router page (${label})`, '/', false, empty);
  };
  await floor('before the public pages');
  for (const [name, p] of publicPages) if (wanted(name)) await run(name, p, false);
  await floor('before the purchase steps');
  if (purchasePages.some(([name]) => wanted(name)) || wanted(completion)) {
    const corporateNumber = await prepareBuyer(page);
    for (const entry of purchasePages) if (entry[0] === selectForCompany) entry[1] = `/purchase/select?corporateNumber=${corporateNumber}`;
  }
  for (const [name, p] of purchasePages) if (wanted(name)) await run(name, p, true);
  // Last: paying resets the flow's storage (spec §4), as a real buyer's completion does.
  if (wanted(completion)) {
    if (payjpApi) await run(completion, await payOrder(page), true);
    else console.log(`${completion}: skipped (needs the PAY.JP emulator's API: run with the bench's own stack or --payjp-api)`);
  }
} finally {
  await browser.disconnect();
  chrome.kill();
}
fs.writeFileSync(path.join(out, 'rows.json'), JSON.stringify(rows, null, 2));
