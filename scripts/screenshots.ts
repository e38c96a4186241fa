import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from '@playwright/test';

/**
 * `npx tsx scripts/screenshots.ts --base http://localhost:3000 --out tmp/shots / /help/terms-of-use`
 * Full-page screenshots of the given paths at 375, 768 and 1280 px in Debian's Chromium, to look at.
 */
async function main() {
  const { values, positionals } = parseArgs({
    options: { base: { type: 'string' }, out: { type: 'string' }, widths: { type: 'string' } },
    allowPositionals: true,
  });
  const base = values.base ?? 'http://localhost:3000';
  const out = values.out ?? 'tmp/shots';
  const widths = (values.widths ?? '375,768,1280').split(',').map(Number);
  fs.mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  for (const width of widths) {
    const page = await browser.newPage({ viewport: { width, height: 900 }, locale: 'ja-JP', timezoneId: 'Asia/Tokyo' });
    for (const p of positionals.length ? positionals : ['/']) {
      await page.goto(base + p, { waitUntil: 'load' });
      await page.waitForTimeout(400);
      const file = path.join(out, `${p.replace(/[/?=&]+/g, '_').replace(/^_|_$/g, '') || 'home'}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      console.log(file);
    }
    await page.close();
  }
  await browser.close();
}

void main();
