import { randomUUID } from 'node:crypto';

import { describe, expect, it } from 'vitest';

import { refunds } from '@db/schema';
import { loadAccountingEntries, jstMonthRange, totalsOf } from '@/features/backoffice/server/accounting';
import { getDb } from '@/server/db/client';

import * as exportRoute from '@/app/api/admin/accounting/export/route';
import * as auditRoute from '@/app/api/admin/audit/route';
import * as queueRoute from '@/app/api/admin/orders/route';

import { createOrder } from '../factories/orders';
import { createTestStaff } from '../factories/staff';
import { createUser } from '../factories/users';

import { AdminBrowser } from './backoffice-support';

/**
 * What staff can type or bookmark into the back office's query strings: anything the schema lets
 * through must be an answer (200, or a 400 with a Japanese message), never a 500.
 */
async function signedIn(role: 'staff' | 'manager') {
  const staff = await createTestStaff(role);
  const b = new AdminBrowser();
  await b.login(staff);
  return b;
}

describe('the accounting export’s month', () => {
  it('refuses a month whose next month cannot be a date (9999-12) with a Japanese 400, not a 500', async () => {
    const b = await signedIn('manager');
    for (const month of ['9999-12', '0000-01', '0999-05']) {
      const res = await b.get(exportRoute, `/api/admin/accounting/export?month=${month}`);
      expect(res.status, `${month}: ${res.text}`).toBe(400);
      expect(res.json.error?.fields?.month ?? res.json.error?.message).toMatch(/対象の月/);
    }
  });
});

describe('the order queue’s cursor', () => {
  it('ignores a cursor that is not a date and an order id (the first page instead of a 500)', async () => {
    const b = await signedIn('staff');
    const uuid = '00000000-0000-4000-8000-000000000000';
    for (const after of [
      `2026-99-99T99:99Z_${uuid}`,
      `2026-01-01T00:00:00.000Z_${'-'.repeat(36)}`,
      `2026-01-01T00:00:00.000Z_${'f'.repeat(36)}`,
      `2026-02-31T::Z_${uuid}`,
      // the queue's cursor since decision 0069: express flag, due date, paidAt, id
      `n_2026-02-31_2026-02-31T00:00:00Z_${uuid}`,
      `e_9999-99-99_2026-01-01T24:00:00.000Z_${uuid}`,
      `x_2026-01-01_2026-01-01T00:00:00Z_${uuid}`,
    ]) {
      const res = await b.get(queueRoute, `/api/admin/orders?after=${encodeURIComponent(after)}`);
      expect(res.status, `${after}: ${res.text}`).toBe(200);
      expect(res.json).toHaveProperty('rows');
    }
  });
});

describe('the order queue’s and the audit log’s filters', () => {
  it('answer a NUL in the e-mail or target filter and a date of year 0000, instead of a 500', async () => {
    const b = await signedIn('manager');
    for (const qs of ['email=%00%00', 'email=a%00b%40example.jp', 'from=0000-01-01', 'to=0000-12-31&from=0999-01-01']) {
      const res = await b.get(queueRoute, `/api/admin/orders?${qs}`);
      expect(res.status, `${qs}: ${res.text}`).toBe(200);
      expect(res.json).toHaveProperty('rows');
    }
    for (const qs of ['target=%00', 'target=HJ%00', 'target=%1b%5B2J']) {
      const res = await b.get(auditRoute, `/api/admin/audit?${qs}`);
      expect(res.status, `${qs}: ${res.text}`).toBe(200);
      expect(res.json).toHaveProperty('rows');
    }
  });
});

describe('the month hand-over: a refund of last month’s order', () => {
  it('is in the month PAY.JP confirmed it, under the order’s number, and the sale stays in its own month', async () => {
    const staff = await createTestStaff('manager');
    const user = await createUser();
    // paid at 23:30 on 31 January, Japan time (14:30 UTC): a January sale
    const order = await createOrder({ userId: user.id, overrides: { paidAt: new Date('2024-01-31T14:30:00Z') } });
    const id = randomUUID();
    const db = await getDb();
    await db.insert(refunds).values({
      id,
      orderId: order.id,
      chargeId: order.payjpChargeId ?? 'ch_test',
      amountYen: 550,
      taxableYen: 550,
      taxYen: 50,
      nonTaxableYen: 0,
      reason: '一部発行不可',
      requestedBy: staff.id,
      idempotencyKey: `refund-${id}`,
      status: 'succeeded',
      statement: {},
      requestedAt: new Date('2024-02-29T14:50:00Z'),
      // confirmed at 00:10 on 1 March, Japan time: a March refund
      settledAt: new Date('2024-02-29T15:10:00Z'),
    });
    const month = async (m: string) => {
      const { from, to } = jstMonthRange(m);
      return (await loadAccountingEntries(from, to)).filter((e) => e.orderId === order.id);
    };
    const jan = await month('2024-01');
    expect(jan.map((e) => [e.kind, e.totalYen])).toEqual([['sale', order.amountYen]]);
    expect(await month('2024-02')).toEqual([]);
    const mar = await month('2024-03');
    expect(mar.map((e) => [e.kind, e.orderNumber, e.nonTaxableYen, e.taxable10Yen, e.tax10Yen, e.totalYen])).toEqual([
      ['refund', order.orderNumber, 0, -550, -50, -550],
    ]);
    expect(totalsOf(mar)).toMatchObject({ sales: 0, refunds: 1, refundedYen: 550, totalYen: -550 });
  });
});
