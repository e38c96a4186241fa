import { NextRequest } from 'next/server';
import { afterAll, describe, expect, it } from 'vitest';

import { REGISTRY_COMPANIES, UNKNOWN_CORPORATE_NUMBER } from '../support/order-registry';
import { answerChallenge, newMember, newToken, orderBody, startPurchaseStack, type Member } from './purchase-support';
import { eq } from 'drizzle-orm';
import { orders } from '@db/schema';
import { getDb } from '@/server/db/client';
import { pdfText } from '../support/pdf';
import * as createRoute from '@/app/api/payments/create-payment-history/route';
import * as purchaseRoute from '@/app/api/payments/purchase/route';
import * as returnRoute from '@/app/api/payments/tds-return/route';
import * as receiptRoute from '@/app/api/download/receipt/[file]/route';

/**
 * Issue 12 §2: the company of an order comes from the registry. The probe sent トヨタ's number
 * with 「全然違う株式会社」 and the receipt printed that name; a valid-check-digit number the
 * registry does not have was accepted; a company without a registry could be ordered.
 */
const stack = await startPurchaseStack();

afterAll(() => stack.close());

const PATH = '/api/payments/create-payment-history';

async function ordersOf(userId: string) {
  const db = await getDb();
  return db.select().from(orders).where(eq(orders.userId, userId));
}

async function payAndReturn(member: Member, paymentId: string) {
  const res = await member.send(purchaseRoute, '/api/payments/purchase', { paymentId, card: { token: await newToken(stack) } });
  expect(res.status).toBe(200);
  const back = await answerChallenge(String(res.json.redirectUrl), 'verified');
  expect((await member.get(returnRoute, back.pathname + back.search)).status).toBe(303);
}

describe('POST /api/payments/create-payment-history takes the company from the registry', () => {
  it('refuses the forged company (トヨタ’s number with another name) and creates nothing', async () => {
    const member = await newMember();
    const forged = await member.send(
      createRoute,
      PATH,
      orderBody({ company: { corporateNumber: REGISTRY_COMPANIES.toyota.corporateNumber, name: '全然違う株式会社', kind: '301' } }),
    );
    expect(forged.status).toBe(422);
    expect(forged.json.error?.code).toBe('validation_failed');
    expect(await ordersOf(member.userId)).toHaveLength(0);
  });

  it('stores and prints the registry’s name, kind and address for the number (the receipt says トヨタ自動車株式会社)', async () => {
    const member = await newMember();
    const res = await member.send(
      createRoute,
      PATH,
      orderBody({ company: { corporateNumber: REGISTRY_COMPANIES.toyota.corporateNumber } }),
    );
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    const paymentId = String(res.json.paymentId);
    const [row] = await ordersOf(member.userId);
    expect(row).toMatchObject({
      corporateNumber: '1180301018771',
      companyName: 'トヨタ自動車株式会社',
      companyKind: '301',
      companyAddress: '愛知県豊田市トヨタ町1番地',
    });

    await payAndReturn(member, paymentId);
    const file = `${paymentId}.pdf`;
    const request = new NextRequest(new URL(`/api/download/receipt/${file}`, 'http://localhost:3000'), {
      headers: { cookie: member.cookie },
    });
    const pdf = await receiptRoute.GET(request, { params: Promise.resolve({ file }) });
    expect(pdf.status).toBe(200);
    const text = (await pdfText(Buffer.from(await pdf.arrayBuffer()))).replace(/\s+/g, '');
    expect(text).toContain('トヨタ自動車株式会社');
    expect(text).toContain('1180301018771');
    expect(text).not.toContain('全然違う株式会社');
  });

  it('answers 404 JSON in Japanese for a valid number the registry does not have', async () => {
    const member = await newMember();
    const res = await member.send(createRoute, PATH, orderBody({ company: { corporateNumber: UNKNOWN_CORPORATE_NUMBER } }));
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toContain('application/json');
    expect(res.json.error?.code).toBe('company_not_found');
    expect(res.json.error?.message).toBe(
      `法人番号 ${UNKNOWN_CORPORATE_NUMBER} の法人は見つかりませんでした。会社を検索して選び直してください。`,
    );
    expect(await ordersOf(member.userId)).toHaveLength(0);
  });

  it('answers 422 for a kind without a commercial registry (国の機関)', async () => {
    const member = await newMember();
    const res = await member.send(
      createRoute,
      PATH,
      orderBody({ company: { corporateNumber: REGISTRY_COMPANIES.agency.corporateNumber } }),
    );
    expect(res.status).toBe(422);
    expect(res.json.error?.code).toBe('company_not_orderable');
    expect(res.json.error?.message).toContain('国税庁');
    expect(res.json.error?.message).toContain('お取り寄せいただけません');
    expect(await ordersOf(member.userId)).toHaveLength(0);
  });

  it('takes only 閉鎖事項全部証明書 for a closed company (422 for the others)', async () => {
    const member = await newMember();
    const closed = { corporateNumber: REGISTRY_COMPANIES.closed.corporateNumber };
    const wrong = await member.send(createRoute, PATH, orderBody({ company: closed }));
    expect(wrong.status).toBe(422);
    expect(wrong.json.error?.code).toBe('item_not_orderable');
    expect(wrong.json.error?.fields?.['selection.items']).toContain('閉鎖事項全部証明書のみ');
    const right = await member.send(
      createRoute,
      PATH,
      orderBody({
        company: closed,
        selection: { items: [{ itemId: 'closed-full', quantity: 1 }], deliverySpeed: 'normal' },
        expectedTotalYen: 1050,
      }),
    );
    expect(right.status, JSON.stringify(right.json)).toBe(200);
    expect((await ordersOf(member.userId))[0]?.companyName).toBe('株式会社清算済');
  });
});
