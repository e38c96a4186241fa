import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';

import { pdfText } from '../support/pdf';
import { call, sameOriginJson } from '../support/requests';
import { eq, asc } from 'drizzle-orm';
import { receiptReissues, receipts, orders, orderEvents } from '@db/schema';
import { getDb } from '@/server/db/client';
import { createSession } from '@/server/auth/session';
import { cookieName } from '@/server/auth/cookies';
import { csrfTokenFor } from '@/server/auth/csrf';
import { PaymentHistoryPageSchema, RECEIPT_REISSUE_MAX } from '@/features/receipts';
import { createUser } from '../factories/users';
import { createOrder } from '../factories/orders';
import * as downloadRoute from '@/app/api/download/receipt/[file]/route';
import * as reissueRoute from '@/app/api/payments/receipt-reissue/route';
import * as addresseeRoute from '@/app/api/payments/receipt-addressee/route';
import * as historyRoute from '@/app/api/payments/histories-per-page/route';

async function member() {
  const user = await createUser();
  const { token } = await createSession(user.id);
  return { user, cookie: `${cookieName('session')}=${token}`, csrf: csrfTokenFor(token) };
}
type Member = Awaited<ReturnType<typeof member>>;

async function download(m: Member, orderId: string) {
  const file = `${orderId}.pdf`;
  const request = new NextRequest(new URL(`/api/download/receipt/${file}`, 'http://localhost:3000'), { headers: { cookie: m.cookie } });
  const response = await downloadRoute.GET(request, { params: Promise.resolve({ file }) });
  const body = Buffer.from(await response.arrayBuffer());
  return {
    status: response.status,
    serial: response.headers.get('x-receipt-serial'),
    reissue: response.headers.get('x-receipt-reissue'),
    disposition: response.headers.get('content-disposition') ?? '',
    body,
    text: response.status === 200 ? (await pdfText(body)).replace(/[ \t]+/g, ' ') : '',
  };
}

function post(route: typeof reissueRoute, path: string, m: Member, body: unknown) {
  return call(route, path, { method: 'POST', headers: sameOriginJson(m.csrf, m.cookie), body: JSON.stringify(body) });
}
const reissue = (m: Member, paymentId: string) => post(reissueRoute, '/api/payments/receipt-reissue', m, { paymentId });
const correct = (m: Member, paymentId: string, receiptRecipient: string) =>
  post(addresseeRoute, '/api/payments/receipt-addressee', m, { paymentId, receiptRecipient });

async function historyRow(m: Member, orderId: string) {
  const res = await call(historyRoute, '/api/payments/histories-per-page', { headers: { cookie: m.cookie } });
  return PaymentHistoryPageSchema.parse(res.json).histories.find((h) => h.paymentId === orderId);
}

async function reissueRows(orderId: string) {
  const db = await getDb();
  return db.select().from(receiptReissues).where(eq(receiptReissues.orderId, orderId)).orderBy(asc(receiptReissues.number));
}

async function receiptEvents(orderId: string) {
  const db = await getDb();
  return (await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.id))).filter(
    (e) => e.kind === 'receipt',
  );
}

describe('the original receipt and its re-issues (issue 13 §2, decision 0024)', () => {
  it('issues the original on the first download and gives the same original, byte for byte, on every later one', async () => {
    const m = await member();
    const order = await createOrder({ userId: m.user.id });
    const first = await download(m, order.id);
    expect(first.status).toBe(200);
    expect(first.reissue).toBe('0');
    expect(first.text).toContain(`No. ${first.serial}`);
    expect(first.text).toContain('株式会社サンプル商事 御中');
    expect(first.text).not.toContain('再発行');

    // The completion page, the mail and the history all link the same URL: each is the original.
    for (let i = 0; i < 3; i += 1) {
      const again = await download(m, order.id);
      expect(again.reissue).toBe('0');
      expect(again.serial).toBe(first.serial);
      expect(again.disposition).not.toContain(encodeURIComponent('再発行'));
      expect(again.text).not.toContain('再発行');
      expect(again.body.equals(first.body)).toBe(true);
    }
    const db = await getDb();
    const [row] = await db.select().from(receipts).where(eq(receipts.orderId, order.id));
    expect(row?.reissueCount).toBe(0);
    expect(await reissueRows(order.id)).toEqual([]);
    expect(await historyRow(m, order.id)).toMatchObject({
      receiptIssued: true,
      receipt: { serialNumber: first.serial, reissue: null, reissuesLeft: RECEIPT_REISSUE_MAX },
    });
  });

  it('re-issues only when the member asks: marked 再発行 with the same number and amounts, and recorded', async () => {
    const m = await member();
    const order = await createOrder({ userId: m.user.id });
    // Nothing to re-issue before the original exists.
    const early = await reissue(m, order.id);
    expect(early.status).toBe(409);
    expect(early.json.error?.message).toMatch(/まだ発行されていません/);

    const original = await download(m, order.id);
    const res = await reissue(m, order.id);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ issued: true, serialNumber: original.serial, reissued: true });

    const copy = await download(m, order.id);
    expect(copy.reissue).toBe('1');
    expect(copy.serial).toBe(original.serial);
    expect(copy.disposition).toContain(encodeURIComponent('_再発行'));
    expect(copy.text).toContain('再発行');
    expect(copy.text).toContain(`No. ${original.serial}`);
    expect(copy.text).toContain('株式会社サンプル商事 御中');
    expect(copy.text).toMatch(/本書は再発行です（再発行日 \d{4}年\d{1,2}月\d{1,2}日）。番号・金額は原本と同じです。/);
    // The amounts are the original's.
    const amount = (text: string) => /¥[\d,]+- （税込）/.exec(text)?.[0];
    expect(amount(copy.text)).toBe(amount(original.text));
    // Downloading the re-issue again prints the same re-issue (no new one).
    expect((await download(m, order.id)).body.equals(copy.body)).toBe(true);

    expect((await reissueRows(order.id)).map((r) => [r.number, r.reason])).toEqual([[1, 'requested']]);
    expect((await receiptEvents(order.id)).map((e) => e.note)).toEqual([
      `領収書を再発行しました（ご依頼による再発行、${original.serial}）。`,
    ]);
    expect(await historyRow(m, order.id)).toMatchObject({
      receipt: { serialNumber: original.serial, reissue: { number: 1, reason: 'requested' }, reissuesLeft: RECEIPT_REISSUE_MAX - 1 },
    });
  });

  it('lets the member correct the addressee before the first issue: the original names the new one', async () => {
    const m = await member();
    const order = await createOrder({ userId: m.user.id });
    const res = await correct(m, order.id, '　株式会社サンプル　総務部　御中　');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ issued: false, serialNumber: null, reissued: false });
    expect(await historyRow(m, order.id)).toMatchObject({
      receiptIssued: false,
      receiptAddressee: '株式会社サンプル 総務部 御中',
      receipt: null,
    });

    const first = await download(m, order.id);
    expect(first.reissue).toBe('0');
    expect(first.text).toContain('株式会社サンプル 総務部 御中');
    expect(first.text).not.toContain('御中 様');
    expect(first.text).not.toContain('株式会社サンプル商事');
    expect(first.text).not.toContain('再発行');
    expect(await reissueRows(order.id)).toEqual([]);
    const [event] = await receiptEvents(order.id);
    expect(event).toMatchObject({ actorType: 'member', actorId: m.user.id, note: '領収書の宛名を変更しました（発行前）。' });
    expect(event?.data).toMatchObject({ receiptRecipientFrom: '株式会社サンプル商事', receiptRecipientTo: '株式会社サンプル 総務部 御中' });
  });

  it('makes a correction after issue a re-issue with the new addressee, marked 再発行 and recorded', async () => {
    const m = await member();
    const order = await createOrder({ userId: m.user.id });
    const original = await download(m, order.id);
    const res = await correct(m, order.id, '山田 太郎');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ issued: true, serialNumber: original.serial, reissued: true });

    const corrected = await download(m, order.id);
    expect(corrected.reissue).toBe('1');
    expect(corrected.serial).toBe(original.serial);
    expect(corrected.text).toContain('山田 太郎 様');
    expect(corrected.text).not.toContain('株式会社サンプル商事');
    expect(corrected.text).toMatch(/本書は宛名の訂正による再発行です（再発行日 \d{4}年\d{1,2}月\d{1,2}日）。訂正前の領収書は無効です。/);

    // The original stays stored as it was printed; the re-issue is a row of its own.
    const db = await getDb();
    const [row] = await db.select().from(receipts).where(eq(receipts.orderId, order.id));
    expect((row?.snapshot as { addressee: unknown }).addressee).toEqual({ name: '株式会社サンプル商事', honorific: '御中' });
    const rows = await reissueRows(order.id);
    expect(rows.map((r) => [r.number, r.reason, (r.snapshot as { addressee: unknown }).addressee])).toEqual([
      [1, 'addressee_corrected', { name: '山田 太郎', honorific: '様' }],
    ]);
    const [order2] = await db.select().from(orders).where(eq(orders.id, order.id));
    expect(order2?.receiptRecipient).toBe('山田 太郎');
    expect((await receiptEvents(order.id))[0]).toMatchObject({
      note: `領収書の宛名を訂正し、再発行しました（宛名の訂正による再発行、${original.serial}）。`,
      data: expect.objectContaining({ receiptRecipientFrom: '株式会社サンプル商事', receiptRecipientTo: '山田 太郎', reissue: 1 }),
    });
    // A re-issue is never rewritten.
    await expect(db.update(receiptReissues).set({ reason: 'requested' }).where(eq(receiptReissues.orderId, order.id))).rejects.toThrow();

    // A later re-issue on request keeps the corrected addressee.
    await reissue(m, order.id);
    const later = await download(m, order.id);
    expect(later.text).toContain('山田 太郎 様');
    expect(later.text).toMatch(/本書は再発行です/);
  });

  it('refuses an unchanged or invalid addressee with a Japanese message and changes nothing', async () => {
    const m = await member();
    const order = await createOrder({ userId: m.user.id });
    const same = await correct(m, order.id, '株式会社サンプル商事');
    expect(same.status).toBe(422);
    expect(same.json.error?.fields?.receiptRecipient).toBe('現在の宛名と同じです。変更後の宛名を入力してください。');
    const empty = await correct(m, order.id, '  ');
    expect(empty.status).toBe(422);
    expect(empty.json.error?.fields?.receiptRecipient).toBe('領収書の宛名を入力してください。');
    const long = await correct(m, order.id, 'あ'.repeat(101));
    expect(long.status).toBe(422);
    expect(long.json.error?.fields?.receiptRecipient).toMatch(/100文字以内/);
    const control = await correct(m, order.id, '株式会社\u0000サンプル');
    expect(control.status).toBe(422);
    expect(await receiptEvents(order.id)).toEqual([]);
    expect((await historyRow(m, order.id))?.receiptAddressee).toBe('株式会社サンプル商事');
  });

  it("answers 404 for another member's order or an unpaid one, and 403 without the CSRF token", async () => {
    const owner = await member();
    const other = await member();
    const order = await createOrder({ userId: owner.user.id });
    await download(owner, order.id);
    expect((await reissue(other, order.id)).status).toBe(404);
    expect((await correct(other, order.id, '別の宛名')).status).toBe(404);
    const unpaid = await createOrder({ userId: owner.user.id, status: 'failed' });
    expect((await correct(owner, unpaid.id, '別の宛名')).status).toBe(404);
    const noCsrf = await call(reissueRoute, '/api/payments/receipt-reissue', {
      method: 'POST',
      headers: sameOriginJson('', owner.cookie),
      body: JSON.stringify({ paymentId: order.id }),
    });
    expect(noCsrf.status).toBe(403);
    expect(await reissueRows(order.id)).toEqual([]);
    expect((await download(owner, order.id)).reissue).toBe('0');
  });

  it(`stops at ${RECEIPT_REISSUE_MAX} re-issues with a message that says what to do`, async () => {
    const m = await member();
    const order = await createOrder({ userId: m.user.id });
    await download(m, order.id);
    for (let i = 0; i < RECEIPT_REISSUE_MAX; i += 1) expect((await reissue(m, order.id)).status).toBe(200);
    const over = await reissue(m, order.id);
    expect(over.status).toBe(409);
    expect(over.json.error?.message).toMatch(/再発行は5回までです。.*お問い合わせ/);
    expect((await correct(m, order.id, '山田 太郎')).status).toBe(409);
    expect(await reissueRows(order.id)).toHaveLength(RECEIPT_REISSUE_MAX);
    expect((await historyRow(m, order.id))?.receipt?.reissuesLeft).toBe(0);
  });

  it('settles a correction racing the first download: the original or a re-issue names the new addressee', async () => {
    const m = await member();
    const order = await createOrder({ userId: m.user.id });
    const [, fixed] = await Promise.all([download(m, order.id), correct(m, order.id, '山田 太郎')]);
    expect(fixed.status).toBe(200);
    const now = await download(m, order.id);
    expect(now.text).toContain('山田 太郎 様');
    // Either the correction came first (original with the new name) or it re-issued the receipt.
    expect(now.reissue).toBe((fixed.json as { reissued: boolean }).reissued ? '1' : '0');
  });
});
