import fs from 'node:fs';
import path from 'node:path';

import { expect, test, type Page } from '@playwright/test';

import { E2E_PAYJP_URL } from './support/e2e-env';
import { E2E_ACCOUNTANT_FILE, E2E_ORDER_STAFF_FILE } from './support/global-setup';
import { staffLogin } from './support/staff';
import { nextMail, registerThroughPages } from './support/members';
import { buyToyota, TOYOTA_NAME as COMPANY } from './support/purchase';

/**
 * The back office's orders journey (issue 12): a member buys through the purchase pages (3-D
 * Secure at the PAY.JP emulator) → a staff member logs in with TOTP → marks the order
 * 法務局へ請求済み with the application number → 発送済み with a tracking number → the member
 * has the shipped mail with the tracking link and sees 発送済み in the payment history. A manager
 * opens the accounting page and downloads the month's CSV. Screenshots of every orders page at
 * 1280 px go to tmp/shots/backoffice-orders (looked at by hand).
 */

const SHOTS = path.resolve(__dirname, '..', '..', 'tmp', 'shots', 'backoffice-orders');
// the e2e stack's PAY.JP test key (as in purchase.spec.ts)
const PAYJP_SECRET_KEY = 'sk_test_hojinlocal0000000000000000';

async function shoot(page: Page, name: string) {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}-1280.png`), fullPage: true });
}

/** search → select (express) → recipient → confirmation → 3-D Secure → completion; returns the order id. */
async function purchase(page: Page): Promise<string> {
  return buyToyota(page, { express: true });
}

test('a member buys → staff marks it requested and shipped → the member has the mail and sees 発送済み with the tracking link', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const member = await memberContext.newPage();
  const email = await registerThroughPages(member, 'bo');
  const orderId = await purchase(member);
  const orderNumber = ((await member.getByTestId('order-number').textContent()) ?? '').trim();
  const confirmation = await nextMail(email);

  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await staffContext.newPage();
  await staffLogin(page, E2E_ORDER_STAFF_FILE);
  await page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: '注文' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '注文' })).toBeVisible();
  // staff do not see the manager's sections
  await expect(page.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: '会計データ' })).toHaveCount(0);
  const row = page.locator(`tr[data-order-id="${orderId}"]`);
  await expect(row).toContainText(COMPANY);
  await expect(row).toContainText('速達');
  await expect(row).toContainText('受付済み');
  await shoot(page, 'orders-queue');
  await page.getByLabel('会員のメールアドレス').fill(email);
  await page.getByRole('button', { name: '絞り込む' }).click();
  await expect(page.getByTestId('order-queue').locator('tbody tr')).toHaveCount(1);

  // a made-up order id: said inside the back office, with the way back to the list (not the public 404 page)
  const madeUp = await page.goto('/admin/orders/00000000-0000-4000-8000-000000000000');
  expect(madeUp?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('注文が見つかりませんでした');
  await expect(page.getByRole('navigation', { name: '管理メニュー' })).toBeVisible();
  await expect(page.getByText('トップページへ戻る')).toHaveCount(0);
  // the admin bar on a phone wraps between its parts, not inside 「ログアウト」 (one line as on a desktop)
  const logout = page.getByRole('banner').getByRole('button', { name: 'ログアウト' });
  const desktopHeight = (await logout.boundingBox())!.height;
  await page.setViewportSize({ width: 390, height: 844 });
  expect((await logout.boundingBox())!.height).toBe(desktopHeight);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.getByRole('link', { name: '← 注文の一覧へ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '注文' })).toBeVisible();
  await page.getByLabel('会員のメールアドレス').fill(email);
  await page.getByRole('button', { name: '絞り込む' }).click();

  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders/${orderId}$`));
  await expect(page.getByRole('heading', { level: 1 })).toContainText(COMPANY);
  await expect(page.getByText('本人認証を経て決済')).toBeVisible();
  await expect(page.getByTestId('refund-section')).toContainText('返金はマネージャーが行います。');
  await shoot(page, 'order-detail-accepted');
  // on a phone the items table keeps its names readable (it scrolls sideways) and each fact's
  // label sits above its value: the name column was two characters wide, 「10%（税込）」 cut off
  await page.setViewportSize({ width: 390, height: 844 });
  const itemName = page.getByRole('cell', { name: '履歴事項全部証明書（法務局手数料）' });
  expect((await itemName.boundingBox())!.width).toBeGreaterThan(120);
  const companyLabel = page.getByRole('term').filter({ hasText: /^商号$/ });
  const companyValue = page.getByRole('definition').filter({ hasText: COMPANY }).first();
  expect((await companyValue.boundingBox())!.y).toBeGreaterThan((await companyLabel.boundingBox())!.y);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByLabel('申請番号（登記・供託オンライン申請システム）').fill('26-00012345');
  await page.getByRole('button', { name: '法務局へ請求済みにする' }).click();
  const step = page.getByRole('form', { name: '対応状況の変更' });
  await expect(step.getByRole('status')).toContainText('「法務局へ請求済み」にしました。');
  await expect(page.getByTestId('order-timeline')).toContainText('申請番号 26-00012345');

  // the tracking number is checked against its carrier before anything goes (issue 24 §3: `abc` was mailed)
  await step.getByLabel('配送業者').selectOption('japanpost');
  await step.getByLabel('追跡番号（お問い合わせ番号）').fill('abc');
  await step.getByRole('button', { name: /発送済みにする/ }).click();
  await expect(step.getByText('日本郵便の追跡番号は数字11〜13桁で入力してください。')).toBeVisible();
  await expect(step.getByLabel('追跡番号（お問い合わせ番号）')).toHaveAttribute('aria-invalid', 'true');
  await step.getByLabel('追跡番号（お問い合わせ番号）').fill('1234-5678-9012');
  await step.getByRole('button', { name: /発送済みにする/ }).click();
  // a confirmation names the carrier, the number and its tracking page before the mail goes
  const confirmBox = step.getByTestId('shipment-confirm');
  await expect(confirmBox).toContainText('日本郵便');
  await expect(confirmBox).toContainText('123456789012');
  await expect(confirmBox.getByRole('link', { name: /追跡ページを開いて確かめる/ })).toHaveAttribute('href', /reqCodeNo1=123456789012/);
  await shoot(page, 'order-detail-ship-confirm');
  await page.setViewportSize({ width: 390, height: 844 });
  await confirmBox.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'order-detail-ship-confirm-390.png') });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 900 });
  await confirmBox.getByRole('button', { name: 'メールを送って発送済みにする' }).click();
  await expect(step.getByRole('status')).toContainText('会員に発送のお知らせメールを送信しました。');
  await expect(page.getByTestId('fulfilment-status').first()).toHaveText('発送済み');
  await page.getByRole('form', { name: 'メモの追加' }).getByLabel('メモ').fill('E2E: 発送を確認');
  await page.getByRole('button', { name: 'メモを追加する' }).click();
  await expect(page.getByTestId('order-timeline')).toContainText('E2E: 発送を確認');
  // a note named like an Object.prototype member blanked the manager's audit page with a 500 (issue 24 §3)
  await page.getByRole('form', { name: 'メモの追加' }).getByLabel('メモ').fill('constructor');
  await page.getByRole('button', { name: 'メモを追加する' }).click();
  await expect(page.getByTestId('order-timeline')).toContainText('constructor');
  await shoot(page, 'order-detail-shipped');

  const shipped = await nextMail(email, confirmation.id);
  expect(shipped.subject).toContain('発送しました');
  expect(shipped.text).toContain('123456789012');
  expect(shipped.text).toContain('https://trackings.post.japanpost.jp/');

  // the number was wrong: corrected, with a 【訂正】 mail to the member (the audit log keeps both)
  await page.getByText('追跡番号を訂正する').click();
  const fix = page.getByRole('form', { name: '追跡番号の訂正' });
  await fix.getByLabel('配送業者').selectOption('yamato');
  await fix.getByLabel('追跡番号（お問い合わせ番号）').fill('9999-8888-7777');
  await fix.getByRole('button', { name: '訂正の内容を確認する' }).click();
  await expect(fix.getByTestId('shipment-confirm')).toContainText('ヤマト運輸');
  await page.setViewportSize({ width: 390, height: 844 });
  await fix.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(SHOTS, 'order-detail-tracking-fix-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });
  await fix.getByRole('button', { name: '訂正してメールを送る' }).click();
  await expect(page.getByRole('status').filter({ hasText: '訂正のお知らせメールを送信しました' })).toBeVisible();
  await expect(page.getByTestId('order-timeline')).toContainText('訂正前：123456789012');
  const corrected = await nextMail(email, shipped.id);
  expect(corrected.subject).toContain('【訂正】');
  expect(corrected.text).toContain('999988887777');

  await member.goto('/my-page/payment-history');
  const card = member.getByRole('article').first();
  await expect(card).toContainText('発送済み');
  await expect(card.getByTestId('shipment')).toContainText('999988887777');
  await expect(card.getByTestId('shipment').getByRole('link')).toHaveAttribute('href', /kuronekoyamato/);

  // a second page still showing 発送済み's form after someone completed it: the server refuses with 409
  const stale = await staffContext.newPage();
  await stale.goto(`/admin/orders/${orderId}`);
  await page.getByRole('button', { name: '完了にする' }).click();
  // No step after 完了: the form gives way to that text (the page refreshes), and the result stays.
  const last = page.getByRole('group', { name: '対応状況の変更' });
  await expect(last).toContainText('「完了」の注文に次の対応はありません。');
  await expect(last.getByRole('status')).toContainText('「完了」にしました。');
  await stale.getByRole('button', { name: '完了にする' }).click();
  await expect(stale.getByRole('form', { name: '対応状況の変更' }).getByRole('alert')).toContainText(
    '既に「完了」になっています。画面を再読み込みしてください。',
  );

  // the member buys a second order; a manager refunds part of it
  const secondId = await purchase(member);
  const managerContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const manager = await managerContext.newPage();
  await staffLogin(manager, E2E_ACCOUNTANT_FILE);
  await manager.goto(`/admin/orders/${secondId}`);
  const refundSection = manager.getByTestId('refund-section');
  await expect(refundSection).toContainText('返金はありません。');
  await refundSection.getByLabel('返金額（円）').fill('500');
  await refundSection.getByLabel(/返金理由/).fill('E2E: 速達に間に合わなかったため');
  const confirmed = manager.waitForEvent('dialog').then(async (dialog) => {
    expect(dialog.message()).toContain('500円を PAY.JP で返金します');
    await dialog.accept();
  });
  await refundSection.getByRole('button', { name: '返金する' }).click();
  await confirmed;
  await expect(refundSection.getByRole('status')).toContainText('500円を返金しました。');
  await expect(refundSection.getByTestId('refund-list')).toContainText('完了');
  await expect(refundSection.getByTestId('refund-list')).toContainText('E2E: 速達に間に合わなかったため');
  await refundSection.screenshot({ path: path.join(SHOTS, 'order-detail-refund-section-1280.png') });
  await shoot(manager, 'order-detail-refunded');
  // the emulator made the refund on the order's charge
  const charges = (await (
    await fetch(`${E2E_PAYJP_URL}/v1/charges?limit=100`, {
      headers: { Authorization: `Basic ${Buffer.from(`${PAYJP_SECRET_KEY}:`).toString('base64')}` },
    })
  ).json()) as { data: { amount_refunded: number; metadata: Record<string, string> | null }[] };
  expect(charges.data.filter((c) => c.metadata?.order_id === secondId).map((c) => c.amount_refunded)).toEqual([500]);

  // the member: the refund mail, 一部返金 in the history, the refund statement (a PDF)
  // after the shipped mail come the second order's confirmation and then the refund mail
  let refundMail = await nextMail(email, shipped.id);
  while (!refundMail.subject.includes('返金')) refundMail = await nextMail(email, refundMail.id);
  expect(refundMail.subject).toContain('一部返金');
  expect(refundMail.text).toContain('返金明細書（PDF）');
  await member.goto('/my-page/payment-history');
  const refundedCard = member.getByRole('article').first();
  await expect(refundedCard).toContainText('一部返金（500円）');
  const statementLink = refundedCard.getByRole('link', { name: /返金明細書（PDF）/ });
  await expect(statementLink).toBeVisible();
  const statement = await member.request.get((await statementLink.getAttribute('href')) ?? '');
  expect(statement.status()).toBe(200);
  expect(statement.headers()['content-type']).toBe('application/pdf');
  const pdf = await statement.body();
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  fs.writeFileSync(path.join(SHOTS, 'refund-statement.pdf'), pdf);
  // the same statement from the back office's order page, for staff as for the manager
  for (const office of [page, manager]) {
    await office.goto(`/admin/orders/${secondId}`);
    const link = office.getByTestId('refund-list').getByRole('link', { name: '返金明細書（PDF）' });
    const fromOffice = await office.request.get((await link.getAttribute('href')) ?? '');
    expect(fromOffice.status()).toBe(200);
    expect(fromOffice.headers()['content-type']).toBe('application/pdf');
    expect((await fromOffice.body()).equals(pdf)).toBe(true);
  }
  await shoot(member, 'payment-history-refunded');

  // the manager's accounting page and its CSV
  await manager.getByRole('navigation', { name: '管理メニュー' }).getByRole('link', { name: '会計データ' }).click();
  await expect(manager.getByRole('heading', { level: 1, name: '会計データ' })).toBeVisible();
  await expect(manager.getByTestId('accounting-summary')).toContainText('売上');
  await shoot(manager, 'accounting');
  const [download] = await Promise.all([
    manager.waitForEvent('download'),
    manager.getByRole('link', { name: /CSV をダウンロード/ }).click(),
  ]);
  const csv = fs.readFileSync(await download.path());
  expect([...csv.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  // the CSV's 注文番号 is the number on the member's receipt and mails (decision 0025)
  expect(csv.toString('utf8')).toContain(`"${orderNumber}"`);
  const audit = await manager.goto('/admin/audit');
  expect(audit?.status()).toBe(200);
  await expect(manager.getByTestId('audit-table')).toContainText('constructor');
  await expect(manager.getByTestId('audit-table')).toContainText('追跡番号の訂正');
  await expect(manager.getByTestId('audit-table')).toContainText('999988887777');
  await expect(manager.getByTestId('audit-table')).toContainText('会計データの出力');
  await expect(manager.getByTestId('audit-table')).toContainText('返金明細書のダウンロード');
  await expect(manager.getByTestId('audit-table')).toContainText('注文の対応状況の変更');
  await expect(manager.getByTestId('audit-table')).toContainText('返金');
  // the hash chain's check: every row as it was written
  await manager.getByRole('link', { name: '改ざんの検査' }).click();
  await expect(manager.getByTestId('audit-verify').locator('[data-result="ok"]')).toContainText('すべて書き込まれたときのまま');
  await shoot(manager, 'audit-verify');
  await manager.setViewportSize({ width: 390, height: 844 });
  await manager.screenshot({ path: path.join(SHOTS, 'audit-verify-390.png'), fullPage: true });
  expect(await manager.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await manager.setViewportSize({ width: 1280, height: 900 });
  await manager.goto('/admin');
  await shoot(manager, 'dashboard-manager');

  await Promise.all([memberContext.close(), staffContext.close(), managerContext.close()]);
});
