import { expect, test, type Page } from '@playwright/test';

import { MEMBER_PASSWORD, newEmail, newMemberLoggedIn } from './support/members';
import { TOYOTA_NAME, buyToyota } from './support/purchase';
import { searchResult } from './support/search-results';
import { shoot, shotsDir } from './support/shots';

/**
 * A new user on a real-feeling phone (explore: h/phone): a 360 px Android phone with touch. Each
 * test here failed before its fix.
 */

/**
 * The controls on the page smaller than 44 × 44 px, as a finger meets them: a checkbox counts by
 * its label (a tap on it checks the box); a link inside running text (an inline link in a sentence) is exempt, as
 * WCAG 2.5.8 exempts it.
 */
async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary'))) {
      if (el instanceof HTMLInputElement && el.type === 'hidden') continue;
      const target = el instanceof HTMLInputElement && (el.type === 'checkbox' || el.type === 'radio') ? (el.labels?.[0] ?? el) : el;
      const box = target.getBoundingClientRect();
      const style = getComputedStyle(target);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden') continue;
      if (el.closest('.visually-hidden, .skip-link')) continue;
      if (el.tagName === 'A' && style.display === 'inline' && el.closest('p, li, dd, td, label')) continue;
      if (box.width < 44 || box.height < 44) {
        const name = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 20);
        found.push(`${el.tagName.toLowerCase()} 「${name}」 ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return found;
  });
}

/** The tops of the lines each character of `text` (inside `selector`'s first match) is on. */
async function linesOf(page: Page, selector: string, text: string): Promise<number[]> {
  return page.evaluate(
    ([sel, wanted]) => {
      const root = document.querySelector(sel);
      if (!root) return [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const at = node.textContent?.indexOf(wanted) ?? -1;
        if (at < 0) continue;
        const tops = new Set<number>();
        for (let i = at; i < at + wanted.length; i++) {
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          tops.add(Math.round(range.getBoundingClientRect().top));
        }
        return [...tops];
      }
      return [];
    },
    [selector, text] as const,
  );
}

test.describe('a 360 px Android phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true });

  test('every control a finger taps on the public pages is at least 44 × 44 px', async ({ page }) => {
    for (const path of [
      '/',
      '/search?q=%E3%83%88%E3%83%A8%E3%82%BF',
      '/search-service',
      '/search-service/result?corporateNumber=1180301018771',
      '/login',
    ]) {
      await page.goto(path);
      await expect(page.locator('main')).toBeVisible();
      // the header's account links arrive after hydration
      await expect(page.getByRole('banner').getByRole('link', { name: '会員登録', exact: true })).toBeVisible();
      if (path.startsWith('/search?')) await expect(page.getByTestId('search-status')).toContainText('1件');
      expect(await smallTargets(page), path).toEqual([]);
    }
    await shoot(page, shotsDir('phone'), 'search-results');
  });

  test('on the select step too: the certificates are checked by a tap on their names, 会社を選び直す is a target', async ({ page }) => {
    await newMemberLoggedIn(page, 'phone-targets');
    await page.goto('/purchase/select?corporateNumber=1180301018771');
    await expect(page.getByLabel('履歴事項全部証明書')).toBeEnabled();
    expect(await smallTargets(page)).toEqual([]);
    await shoot(page, shotsDir('phone'), 'select');
  });
});

// (the purchase journey's own helpers click as a mouse does)
test.describe('a 360 px phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('headings break between phrases, never leaving one character on a line of its own', async ({ page }) => {
    await page.goto('/');
    const hero = page.getByRole('heading', { level: 1 });
    await expect(hero).toBeVisible();
    expect(await linesOf(page, 'h1', '取り寄せ'), 'the hero: 取り寄せ on one line').toHaveLength(1);

    // bought at 390 px as the other journeys do, looked at on the 360 px phone
    await page.setViewportSize({ width: 390, height: 844 });
    await newMemberLoggedIn(page, 'phone-heading');
    await buyToyota(page);
    await page.setViewportSize({ width: 360, height: 740 });
    await expect(page.getByRole('heading', { level: 1, name: 'ご注文ありがとうございました' })).toBeVisible();
    expect(await linesOf(page, 'h1', 'ございました'), 'the completion heading: ございました on one line').toHaveLength(1);
    await shoot(page, shotsDir('phone'), 'completion');
  });

  test('two taps on 確認コードを送信する over a slow connection register once (one mail, one code)', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('banner').getByRole('link', { name: 'ログイン', exact: true })).toBeVisible();
    const email = newEmail('phone-double');
    await page.getByLabel('メールアドレス').fill(email);
    await page.locator('#password').fill(MEMBER_PASSWORD);
    await page.getByLabel('パスワード（確認）').fill(MEMBER_PASSWORD);
    await page.getByLabel(/に同意します/).check();
    // a slow connection: the form's code, fetched on the first tap, takes 2.5 s to arrive
    await page.route('**/_next/static/chunks/**', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      await route.continue();
    });
    let sent = 0;
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/users/register') sent += 1;
    });
    const button = page.getByRole('button', { name: '確認コードを送信する' });
    await button.click();
    await button.click();
    await expect(page).toHaveURL(/\/temporary-auth$/, { timeout: 30_000 });
    await page.waitForTimeout(1_000);
    expect(sent).toBe(1);
  });
});

test.describe('a phone on its side, 844 × 390', () => {
  test.use({ viewport: { width: 844, height: 390 }, isMobile: true, hasTouch: true });

  test('searching, the box and the first result are on the screen, not below the keyboard', async ({ page }) => {
    await page.goto('/search');
    const box = page.getByRole('searchbox', { name: '会社名・フリガナ・法人番号' });
    await box.focus();
    await box.pressSequentially('とよた', { delay: 30 });
    await expect(page.getByTestId('search-status')).toContainText('1件');
    await expect(box).toBeFocused();
    // the on-screen keyboard of a phone on its side leaves about the top 200 px; the results start
    // right under the box (the download comes after them), on the screen
    const input = await box.boundingBox();
    expect(input!.y + input!.height, 'the box ends above the keyboard').toBeLessThanOrEqual(200);
    await expect(searchResult(page, TOYOTA_NAME).getByRole('heading', { name: TOYOTA_NAME })).toBeInViewport();
    await expect(page.getByTestId('search-csv')).not.toBeInViewport();
    await page.screenshot({ path: `${shotsDir('phone')}/search-landscape-844.png` });
  });
});
