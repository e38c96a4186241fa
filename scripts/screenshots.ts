import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

import { chromium } from '@playwright/test';

/** Printed by `--help` (and on an unknown option); the one place the usage is written. */
const USAGE = `usage: npx tsx scripts/screenshots.ts [--base URL] [--out DIR] [--widths W,W,…] [PATH …]

Full-page screenshots of the given paths in Debian's Chromium (/usr/bin/chromium), to look at.

  --base URL     the running stack (default http://localhost:3000)
  --out DIR      where the PNGs go (default tmp/shots); one file per path and width,
                 e.g. search-1280.png
  --widths LIST  viewport widths in px, comma-separated (default 375,768,1280)
  --help         print this and exit
  PATH …         paths under the base URL (default /)

example: npx tsx scripts/screenshots.ts --base http://localhost:3000 --out tmp/shots / /search /help/terms-of-use
`;

async function main() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        base: { type: 'string' },
        out: { type: 'string' },
        widths: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
      allowPositionals: true,
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    process.exit(2);
  }
  const { values, positionals } = parsed;
  if (values.help) {
    process.stdout.write(USAGE);
    return;
  }
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
