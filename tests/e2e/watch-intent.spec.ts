import path from 'node:path';

import { expect, test } from '@playwright/test';

import { MEMBER_PASSWORD, newMember, registerOnThisPage } from './support/members';

/**
 * 「この法人をウォッチ」 pressed while logged out (docs/decisions/0050): the login page says why, and
 * back on the record page the company is watched — once, by the page's POST, and the `?watch=`
 * intent leaves the address. Through registration too. And the watch page's add message names the
 * company, and an old add error goes once an import succeeds.
 */

const TOYOTA = '1180301018771';
const TOYOTA_NAME = 'トヨタ自動車株式会社';
const NTA = '7000012050002';
const RECORD = `/search-service/result?corporateNumber=${TOYOTA}`;
const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'watch-intent');

test('watch from the record page while logged out: the login page says why, and the company is watched after logging in', async ({
  page,
}) => {
  const email = await newMember(page, 'watch-intent');
  await page.goto(RECORD);
  await page.getByRole('link', { name: 'この法人をウォッチ' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await expect(page.getByTestId('login-reason')).toHaveText(
    'ウォッチリストに追加するにはログインが必要です。会員登録がお済みでない方は新規登録してください。',
  );
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `login-${width}.png`), fullPage: true });
  }
  await page.getByLabel('メールアドレス').fill(email);
  await page.locator('#password').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'ログインする', exact: true }).click();

  await expect(page.getByRole('status').filter({ hasText: 'ウォッチリストに追加しました。' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'ウォッチ中（外す）' })).toBeVisible();
  // the intent has left the address: a reload does not add again (and says nothing)
  await expect(page).toHaveURL((url) => url.pathname === '/search-service/result' && url.search === `?corporateNumber=${TOYOTA}`);
  await page.reload();
  await expect(page.getByRole('button', { name: 'ウォッチ中（外す）' })).toBeVisible();
  await expect(page.getByText('ウォッチリストに追加しました。')).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `record-${width}.png`), fullPage: false });
  }

  // The watch page: adding by number names the company; an old add error goes once an import succeeds.
  await page.goto('/my-page/watch');
  const add = page.getByLabel('法人番号（13桁）または登録番号（T＋13桁）');
  await add.fill(TOYOTA);
  await page.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText(`${TOYOTA_NAME}（法人番号 ${TOYOTA}）はすでにウォッチしています。`)).toBeVisible();
  await add.fill('1234567890123');
  await page.getByRole('button', { name: '追加する' }).click();
  const addError = page.locator('#watch-add-status');
  await expect(addError).toHaveClass(/error-box/);
  await page.getByLabel('法人番号・登録番号の一覧').fill(NTA);
  await page.getByRole('button', { name: '取り込む' }).click();
  await expect(page.getByText('1社を追加しました（ウォッチ中 2社）。')).toBeVisible();
  await expect(addError).toHaveCount(0);
  await page.getByRole('button', { name: `国税庁をウォッチリストから外す` }).click();
  await expect(page.getByRole('heading', { name: /ウォッチリスト（1社/ })).toBeVisible();
  await add.fill(`T${NTA}`);
  await page.getByRole('button', { name: '追加する' }).click();
  await expect(page.getByText(`国税庁（法人番号 ${NTA}）をウォッチリストに追加しました。`)).toBeVisible();
  // the import's count is from before: it goes too
  await expect(page.getByText('1社を追加しました（ウォッチ中 2社）。')).toHaveCount(0);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `watch-page-${width}.png`) });
  }
});

test('watch while logged out, then register instead: the registration page says so and the company is watched after registering', async ({
  page,
}) => {
  await page.goto(RECORD);
  await page.getByRole('link', { name: 'この法人をウォッチ' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  await page.getByRole('link', { name: '会員登録（無料）' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/register');
  await expect(page.getByTestId('login-reason')).toHaveText(
    '会員登録が完了すると、ご覧になっていた法人をそのままウォッチリストに追加します。',
  );
  await registerOnThisPage(page, 'watch-intent-reg');
  await expect(page).toHaveURL((url) => url.pathname === '/search-service/result' && url.search === `?corporateNumber=${TOYOTA}`, {
    timeout: 30_000,
  });
  await expect(page.getByRole('status').filter({ hasText: 'ウォッチリストに追加しました。' })).toBeVisible();
  await page.goto('/my-page/watch');
  await expect(page.getByRole('list', { name: 'ウォッチ中の法人' }).getByRole('link', { name: TOYOTA_NAME })).toBeVisible();
});

test('watch from the search results on a phone while logged out: back to the same search, the company watched once', async ({ page }) => {
  const email = await newMember(page, 'watch-intent-search');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/search?q=%E3%83%88%E3%83%A8%E3%82%BF%E8%87%AA%E5%8B%95%E8%BB%8A');
  const watch = page.getByRole('link', { name: `この法人をウォッチ（${TOYOTA_NAME}・ログインが必要です）` });
  await watch.click();
  await expect(page).toHaveURL((url) => url.pathname === '/login');
  // the login page says why: the search's watch button carries the intent as the record page's does
  await expect(page.getByTestId('login-reason')).toHaveText(
    'ウォッチリストに追加するにはログインが必要です。会員登録がお済みでない方は新規登録してください。',
  );
  await page.getByLabel('メールアドレス').fill(email);
  await page.locator('#password').fill(MEMBER_PASSWORD);
  await page.getByRole('button', { name: 'ログインする', exact: true }).click();

  // back on the same search (query kept), the company added once and said so on its card
  await expect(page).toHaveURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'トヨタ自動車');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: TOYOTA_NAME, exact: true }) });
  await expect(card.getByRole('status').filter({ hasText: 'ウォッチリストに追加しました。' })).toBeVisible();
  await expect(card.getByRole('button', { name: `ウォッチ中（外す）（${TOYOTA_NAME}）` })).toHaveAttribute('aria-pressed', 'true');
  // the intent has left the address: a reload adds nothing again
  await expect(page).toHaveURL((url) => !url.searchParams.has('watch'));
  await page.screenshot({ path: path.join(SHOTS, 'search-watched-390.png') });
  await page.reload();
  await expect(page.getByText('ウォッチリストに追加しました。')).toHaveCount(0);
  await page.goto('/my-page/watch');
  await expect(page.getByRole('list', { name: 'ウォッチ中の法人' }).getByRole('link', { name: TOYOTA_NAME })).toBeVisible();
});
