/**
 * Kill/restart at each purchase step (issue 11 §3, §9): the app's purchase code runs in its own
 * Node process (tests/support/purchase-process.ts) and is killed with SIGKILL — after the order
 * is created, while the charge request is in flight, during the 3-D Secure return — then started
 * again through instrumentation's registerNode, whose payment reconciler must bring the ledger
 * right with no page visit and no webhook: 0 double charges, 0 paid charges without a paid order,
 * 0 orders paid without a charge, one mail per paid order.
 *
 * This file opens the database only through its child processes (PGlite allows one opener).
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';

import { afterAll, describe, expect, it } from 'vitest';

import {
  answerChallenge,
  chargesOfOrder,
  control,
  emulatorGet,
  mailsTo,
  newToken,
  startPurchaseStack,
  type WireCharge,
} from './purchase-support';

const stack = await startPurchaseStack();
afterAll(() => stack.close());

const SCRIPT = path.join(process.cwd(), 'tests', 'support', 'purchase-process.ts');

type Line = Record<string, unknown> & { event: string };

class Child {
  private readonly lines: Line[] = [];
  private readonly waiters: (() => void)[] = [];
  readonly exited: Promise<number | null>;
  private stderr = '';

  constructor(readonly proc: ChildProcessWithoutNullStreams) {
    createInterface({ input: proc.stdout }).on('line', (raw) => {
      try {
        this.lines.push(JSON.parse(raw) as Line);
      } catch {
        return; // not a report (a stray print)
      }
      for (const wake of this.waiters.splice(0)) wake();
    });
    proc.stderr.on('data', (chunk: Buffer) => void (this.stderr += chunk.toString()));
    this.exited = new Promise((resolve) => proc.on('exit', (code) => resolve(code)));
  }

  async next(event: string, timeoutMs = 30_000): Promise<Line> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.lines.find((l) => l.event === event);
      if (found) return found;
      const failed = this.lines.find((l) => l.event === 'error' || l.event === 'unexpected');
      if (failed) throw new Error(`child: ${JSON.stringify(failed)}\n${this.stderr}`);
      if (Date.now() > deadline) throw new Error(`child never reported ${event}\n${this.stderr}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 200);
      });
    }
  }

  kill(): Promise<number | null> {
    this.proc.kill('SIGKILL');
    return this.exited;
  }
}

function start(args: string[], env: Record<string, string>): Child {
  const proc = spawn(process.execPath, ['--conditions=react-server', '--import', 'tsx', SCRIPT, ...args], {
    cwd: process.cwd(),
    env: { ...process.env, ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  return new Child(proc);
}

/** The app before the crash: PAY.JP answers are awaited long enough to be killed while waiting. */
const APP_ENV = { PAYJP_TIMEOUT_MS: '60000', PAYMENT_RECONCILE_INTERVAL_SECONDS: '0' };
/** The app after the restart: its reconciler ticks every second and looks at every unsettled order. */
const RESTART_ENV = { PAYJP_TIMEOUT_MS: '2000', PAYMENT_RECONCILE_INTERVAL_SECONDS: '1', PAYMENT_RECONCILE_GRACE_SECONDS: '0' };

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface LedgerRow {
  id: string;
  status: string;
  amountYen: number;
  chargeId: string | null;
  mailSent: boolean;
}

/** Starts the app again and waits (a bounded time) for its reconciler to bring the order to `expected`. */
async function restartAndSettle(orderId: string, expected: string): Promise<LedgerRow> {
  const child = start(['restart', orderId, expected], RESTART_ENV);
  const { order } = (await child.next('ledger', 45_000)) as Line & { order: LedgerRow };
  expect(await child.exited).toBe(0);
  return order;
}

async function expectLedger(row: LedgerRow, email: string) {
  const charges: WireCharge[] = await chargesOfOrder(stack, row.id);
  const paid = charges.filter((c) => c.paid);
  expect(charges.length, 'charges per order').toBeLessThanOrEqual(1);
  if (paid[0]) expect(row).toMatchObject({ status: 'paid', chargeId: paid[0].id, amountYen: paid[0].amount });
  if (row.status === 'paid') {
    expect(paid, 'a paid order has a paid charge').toHaveLength(1);
    expect(row.mailSent).toBe(true);
    expect(await mailsTo(stack, email)).toHaveLength(1);
  } else {
    expect(await mailsTo(stack, email)).toHaveLength(0);
  }
}

describe('the app killed (SIGKILL) at a purchase step and started again', () => {
  it('after the order was created: nothing charged, the order stays a draft', async () => {
    const app = start(['app', 'created', await newToken(stack)], APP_ENV);
    const { orderId, email } = (await app.next('order')) as Line & { orderId: string; email: string };
    expect(await app.kill()).toBeNull();

    const row = await restartAndSettle(orderId, 'pending');
    expect(row).toMatchObject({ status: 'pending', chargeId: null });
    expect(await chargesOfOrder(stack, orderId)).toHaveLength(0);
    await expectLedger(row, email);
  });

  it('while the charge request was in flight: the charge made at PAY.JP is adopted, never made twice', async () => {
    const app = start(['app', 'charge-sent', await newToken(stack)], APP_ENV);
    const { orderId, email } = (await app.next('order')) as Line & { orderId: string; email: string };
    // PAY.JP makes the charge and holds the answer; the app dies waiting for it.
    await control(stack, 'next-request', { fail: 'timeout', stage: 'after', method: 'POST', path: '/v1/charges' });
    await app.next('charging');
    await until('the charge at PAY.JP', async () => ((await chargesOfOrder(stack, orderId)).length === 1 ? true : undefined));
    expect(await app.kill()).toBeNull();

    const row = await restartAndSettle(orderId, 'awaiting_3ds');
    // The buyer never saw PAY.JP's 3-D Secure page: the charge is adopted and waits for it (or the window's end).
    const [charge] = await chargesOfOrder(stack, orderId);
    expect(row).toMatchObject({ status: 'awaiting_3ds', chargeId: charge?.id, mailSent: false });
    expect(await chargesOfOrder(stack, orderId)).toHaveLength(1);
    await expectLedger(row, email);
  });

  it('during the 3-D Secure return, with the webhook lost and the tds_finish answer withheld: paid, one mail', async () => {
    const app = start(['app', '3ds-return', await newToken(stack)], APP_ENV);
    const { orderId, email } = (await app.next('order')) as Line & { orderId: string; email: string };
    const { result } = (await app.next('purchase')) as Line & { result: { status: string; redirectUrl: string } };
    expect(result.status).toBe('awaiting_3ds');
    await answerChallenge(result.redirectUrl, 'verified');
    const [charge] = await chargesOfOrder(stack, orderId);
    await control(stack, 'webhooks', { mode: 'drop', type: 'charge.succeeded' });
    await control(stack, 'next-request', { fail: 'timeout', stage: 'after', method: 'POST', path: `/v1/charges/${charge!.id}/tds_finish` });
    app.proc.stdin.write('go\n');
    await app.next('returning');
    await until('the money taken at PAY.JP', async () => ((await chargesOfOrder(stack, orderId))[0]?.paid ? true : undefined));
    expect(await app.kill()).toBeNull();
    expect(await mailsTo(stack, email)).toHaveLength(0);

    const row = await restartAndSettle(orderId, 'paid');
    expect(row).toMatchObject({ status: 'paid', chargeId: charge!.id, amountYen: 2100, mailSent: true });
    await expectLedger(row, email);
  });

  it('during a back-office refund, after PAY.JP refunded and before the answer was recorded: settled once, a second refund refused meanwhile, one mail', async () => {
    const app = start(['app', 'refund', await newToken(stack)], APP_ENV);
    const { orderId, chargeId, email, amountYen } = (await app.next('paid')) as Line & {
      orderId: string;
      chargeId: string;
      email: string;
      amountYen: number;
    };
    // PAY.JP makes the refund and holds the answer; the app dies waiting for it.
    await control(stack, 'next-request', { fail: 'timeout', stage: 'after', method: 'POST', path: `/v1/charges/${chargeId}/refund` });
    app.proc.stdin.write('go\n');
    await app.next('refunding');
    const refunded = () => emulatorGet<{ amount_refunded: number }>(stack, `/charges/${chargeId}`);
    await until('the refund at PAY.JP', async () => ((await refunded()).amount_refunded === amountYen ? true : undefined));
    expect(await app.kill()).toBeNull();

    // The row was left `requested`: the reconciler takes it once PAYJP_TIMEOUT_MS + 60 s have passed.
    const child = start(['restart-refund', orderId], { ...RESTART_ENV, RESTART_WAIT_MS: '90000' });
    const second = (await child.next('second', 60_000)) as Line & { status: number; message: string };
    expect(second.status).toBe(409);
    expect(second.message).toContain('処理中の返金があります');
    const { refunds, order } = (await child.next('ledger', 120_000)) as Line & {
      refunds: { status: string; amountYen: number; notified: boolean }[];
      order: { status: string; refundedYen: number };
    };
    expect(await child.exited).toBe(0);
    expect(refunds).toEqual([{ status: 'succeeded', amountYen, notified: true }]);
    expect(order.refundedYen).toBe(amountYen);
    const events = await emulatorGet<{ data: unknown[] }>(stack, `/events?resource_id=${chargeId}&type=charge.refunded&limit=100`);
    expect(events.data, 'refunds made at PAY.JP').toHaveLength(1);
    expect((await refunded()).amount_refunded).toBe(amountYen);
    // A full refund before shipping cancels the order: 「ご注文のキャンセルについて」, once.
    expect((await mailsTo(stack, email)).map((m) => m.subject)).toEqual([expect.stringMatching(/^【hojin】ご注文のキャンセルについて/)]);
  }, 240_000);

  it('during the first receipt downloads (a PDF being rendered): every receipt an original afterwards, one number each, no number lost', async () => {
    const app = start(['app', 'receipts', '6'], APP_ENV);
    const { userId, orderIds } = (await app.next('ready')) as Line & { userId: string; orderIds: string[] };
    app.proc.stdin.write('go\n');
    const first = (await app.next('issued')) as Line & { serialNumber: string; reissue: boolean };
    expect(first.reissue).toBe(false);
    // Killed a few milliseconds into the next receipts: rendering (~0.1 s each) takes most of the time.
    await new Promise((r) => setTimeout(r, 40 + Math.floor(Math.random() * 150)));
    expect(await app.kill()).toBeNull();

    const child = start(['restart-receipts', userId, ...orderIds], RESTART_ENV);
    const { downloads, rows, counter } = (await child.next('receipts', 60_000)) as Line & {
      downloads: { orderId: string; serialNumber: string; reissue: boolean; bytes: number }[];
      rows: { orderId: string; serialNumber: string }[];
      counter: number;
    };
    expect(await child.exited).toBe(0);
    // Every order has its one receipt, printed as the original (never 再発行 for a download the member never got).
    expect(downloads.map((d) => d.reissue)).toEqual(orderIds.map(() => false));
    expect(downloads.every((d) => d.bytes > 1000)).toBe(true);
    expect(rows).toHaveLength(orderIds.length);
    expect(downloads.find((d) => d.orderId === orderIds[0])?.serialNumber).toBe(first.serialNumber);
    for (const d of downloads) expect(rows.find((r) => r.orderId === d.orderId)?.serialNumber).toBe(d.serialNumber);
    // No number taken and lost in the crash: this member's numbers are the counter's last ones, one after another.
    const values = rows.map((r) => Number(r.serialNumber.slice(-6))).sort((a, b) => a - b);
    expect(values).toEqual(values.map((_, i) => counter - values.length + 1 + i));
  }, 120_000);

  it('while the cardholder was on the 3-D Secure page: the return reaches the restarted app, racing its reconciler — paid once, one mail', async () => {
    const app = start(['app', '3ds-pending', await newToken(stack)], APP_ENV);
    const { orderId, userId, email } = (await app.next('order')) as Line & { orderId: string; userId: string; email: string };
    const { result } = (await app.next('purchase')) as Line & { result: { status: string; redirectUrl: string } };
    expect(result.status).toBe('awaiting_3ds');
    expect(await app.kill()).toBeNull();
    // The cardholder passes 3-D Secure while the app is down; PAY.JP's webhook finds nobody.
    await control(stack, 'webhooks', { mode: 'drop', type: 'charge.succeeded' });
    await answerChallenge(result.redirectUrl, 'verified');

    const child = start(['return', userId, orderId], RESTART_ENV);
    const returned = (await child.next('returned', 45_000)) as Line & { status: string };
    expect(['paid', 'awaiting_3ds', 'charging']).toContain(returned.status);
    const { order } = (await child.next('ledger', 45_000)) as Line & { order: LedgerRow };
    expect(await child.exited).toBe(0);
    const [charge] = await chargesOfOrder(stack, orderId);
    expect(order).toMatchObject({ status: 'paid', chargeId: charge?.id, amountYen: 2100, mailSent: true });
    await expectLedger(order, email);
  }, 120_000);
});
