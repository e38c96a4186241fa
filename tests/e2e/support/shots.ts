import fs from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

/** tmp/shots/<...parts>: where a spec's screenshots go, to look at (git-ignored). */
export function shotsDir(...parts: string[]): string {
  return path.resolve(__dirname, '..', '..', '..', 'tmp', 'shots', ...parts);
}

/** Full-page screenshots of the page as it is at 390 and 1280 px, `<dir>/<name>-<width>.png`; the viewport is put back. */
export async function shoot(page: Page, dir: string, name: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  const original = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}
