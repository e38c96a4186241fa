/**
 * A separate Node process running the app's purchase code, for the kill/restart fault tests
 * (tests/integration/purchase-kill.int.test.ts, issue 11 §3 and §9). Started by the test with
 * `node --conditions=react-server --import tsx` (one process, so SIGKILL really kills it) and the
 * test file's own database and stand-ins in its environment.
 *
 *   app <step> <token>   create a member and an order, then go as far as <step> and wait to be
 *                        killed: `created` (the order exists), `charge-sent` (the charge request is
 *                        in flight: PAY.JP holds the answer), `3ds-return` (after the cardholder
 *                        passed 3-D Secure, the return request calls tds_finish and PAY.JP holds
 *                        the answer — it waits for a line on stdin first).
 *   app refund <token>   a paid order with its charge at PAY.JP, then (after a line on stdin) a
 *                        manager's full refund from the back office (refundOrderAsManager) — the
 *                        test has PAY.JP make the refund and hold the answer, and kills the app.
 *   restart-refund <id>  the app started again: first a second manager asks for the refund again
 *                        (reported as `second`: it must be refused while the first is in doubt),
 *                        then waits (RESTART_WAIT_MS) until the reconciler settled the refund and
 *                        its handler ran, and prints the order's refunds as JSON.
 *   app 3ds-pending <token>  the order charged and waiting at PAY.JP's 3-D Secure page (`purchase`
 *                        reported); the test kills the app before the cardholder answers.
 *   return <userId> <id> the app started again and the cardholder's return arriving at once
 *                        (finishAfterThreeDSecure, as GET /api/payments/tds-return) while the
 *                        reconciler runs too; reported as `returned`, then as `restart … paid`.
 *   app receipts <n>     n paid orders of one member, then (after a line on stdin) their first
 *                        receipt downloads one after another, each reported as `issued` — the test
 *                        kills the app at a moment of its choosing, mostly while a PDF is rendered.
 *   restart-receipts <userId> <orderId…>  the app started again: every order's receipt downloaded,
 *                        and the receipts and the number counter printed as JSON.
 *   restart <id> <status>  the app started again: instrumentation's registerNode (which starts the
 *                        payment reconciler), then waits (at most RESTART_WAIT_MS) until the order
 *                        is in <status> with its charge recorded (and, when paid, its mail sent)
 *                        and prints it as JSON.
 *
 * Progress is reported as one JSON object per line on stdout.
 */
import { randomUUID } from 'node:crypto';
import { createInterface } from 'node:readline';

function report(value: unknown): void {
  process.stdout.write(`${JSON.stringify(value)}\n`);
}

const forever = () => new Promise<never>(() => setInterval(() => {}, 60_000));

async function app(step: string, token: string): Promise<void> {
  const { createUser } = await import('../factories/users');
  const { createOrder } = await import('@/features/purchase/server/orders/orders');
  const { purchase, finishAfterThreeDSecure } = await import('@/features/payments/server/order-payment');
  const user = await createUser({ email: `killed-${randomUUID().slice(0, 8)}@example.jp`, emailVerifiedAt: new Date() });
  const order = await createOrder(user.id, {
    idempotencyKey: randomUUID(),
    company: { corporateNumber: '8040001999013' },
    selection: { items: [{ itemId: 'history-full', quantity: 2 }], deliverySpeed: 'normal' },
    destination: {
      recipient: '山田 太郎',
      destinationZipCode: '1000005',
      destinationPrefecture: '東京都',
      destinationCity: '千代田区',
      destinationStreet: '丸の内1-1-1',
      destinationApartmentEtc: '',
      receiptRecipient: '株式会社テスト',
    },
    expectedTotalYen: 2100,
    agreed: true,
  });
  report({ event: 'order', orderId: order.id, userId: user.id, email: user.email });
  if (step === 'created') return forever();
  if (step === 'charge-sent') {
    report({ event: 'charging' });
    await purchase(user.id, { paymentId: order.id, card: { token } });
    report({ event: 'unexpected', reason: 'the charge request returned' });
    return forever();
  }
  const result = await purchase(user.id, { paymentId: order.id, card: { token } });
  report({ event: 'purchase', result });
  if (step === '3ds-pending') return forever();
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  report({ event: 'returning' });
  await finishAfterThreeDSecure(user.id, order.id);
  report({ event: 'unexpected', reason: 'the 3-D Secure return finished' });
  return forever();
}

async function refundApp(token: string): Promise<void> {
  const { createUser } = await import('../factories/users');
  const { createOrder } = await import('../factories/orders');
  const { createTestStaff } = await import('../factories/staff');
  const { getDb } = await import('@/server/db/client');
  const { getPayjpClient } = await import('@/features/payments/server/payjp/client');
  const { refundOrderAsManager } = await import('@/features/backoffice/server/refunds');
  const { eq } = await import('drizzle-orm');
  const { orders } = await import('@db/schema');
  const user = await createUser({ email: `refund-killed-${randomUUID().slice(0, 8)}@example.jp`, emailVerifiedAt: new Date() });
  const order = await createOrder({ userId: user.id, status: 'paid', items: [{ itemId: 'history-full', quantity: 2 }] });
  const charge = await getPayjpClient().charges.create({ amount: order.amountYen, card: token, metadata: { order_id: order.id } });
  await (await getDb()).update(orders).set({ payjpChargeId: charge.id }).where(eq(orders.id, order.id));
  const manager = await createTestStaff('manager');
  report({ event: 'paid', orderId: order.id, chargeId: charge.id, email: user.email, amountYen: order.amountYen });
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  report({ event: 'refunding' });
  await refundOrderAsManager({ id: manager.id, ip: '127.0.0.1' }, order.id, {
    amountYen: order.amountYen,
    reason: '注文取消（お客様のご希望）',
    idempotencyKey: randomUUID(),
  });
  report({ event: 'unexpected', reason: 'the refund request returned' });
  return forever();
}

async function receiptsApp(count: number): Promise<void> {
  const { createUser } = await import('../factories/users');
  const { createOrder } = await import('../factories/orders');
  const { issueReceiptPdf } = await import('@/features/receipts/server/issue-receipt');
  const user = await createUser({ email: `receipt-killed-${randomUUID().slice(0, 8)}@example.jp`, emailVerifiedAt: new Date() });
  const ids: string[] = [];
  for (let i = 0; i < count; i++) ids.push((await createOrder({ userId: user.id, status: 'paid' })).id);
  report({ event: 'ready', userId: user.id, orderIds: ids });
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  for (const id of ids) {
    const pdf = await issueReceiptPdf(user.id, id);
    report({ event: 'issued', orderId: id, serialNumber: pdf?.serialNumber, reissue: pdf?.reissue });
  }
  report({ event: 'unexpected', reason: 'every receipt was issued before the kill' });
  return forever();
}

async function restartReceipts(userId: string, orderIds: string[]): Promise<void> {
  const { registerNode } = await import('@/instrumentation-node');
  const { getDb, closeDb } = await import('@/server/db/client');
  const { issueReceiptPdf } = await import('@/features/receipts/server/issue-receipt');
  const { receipts, receiptSerialCounters } = await import('@db/schema');
  const { eq } = await import('drizzle-orm');
  await registerNode();
  const downloads = [];
  for (const id of orderIds) {
    const pdf = await issueReceiptPdf(userId, id);
    downloads.push({ orderId: id, serialNumber: pdf?.serialNumber, reissue: pdf?.reissue, bytes: pdf?.pdf.length ?? 0 });
  }
  const db = await getDb();
  const rows = await db
    .select({ orderId: receipts.orderId, serialNumber: receipts.serialNumber })
    .from(receipts)
    .where(eq(receipts.userId, userId));
  const [counter] = await db.select().from(receiptSerialCounters).where(eq(receiptSerialCounters.series, 'R'));
  report({ event: 'receipts', downloads, rows, counter: counter?.lastValue ?? null });
  await closeDb();
  process.exit(0);
}

async function restartRefund(id: string): Promise<void> {
  const { registerNode } = await import('@/instrumentation-node');
  const { getDb, closeDb } = await import('@/server/db/client');
  const { createTestStaff } = await import('../factories/staff');
  const { refundOrderAsManager } = await import('@/features/backoffice/server/refunds');
  const { AppError } = await import('@/server/http/app-error');
  const { asc, eq } = await import('drizzle-orm');
  const { orders, refunds } = await import('@db/schema');
  await registerNode();
  const db = await getDb();
  // A second manager, seeing 処理中 or nothing, tries again before the refund is settled.
  const other = await createTestStaff('manager');
  const [order] = await db.select().from(orders).where(eq(orders.id, id));
  try {
    await refundOrderAsManager({ id: other.id, ip: '127.0.0.1' }, id, {
      amountYen: order!.amountYen,
      reason: 'もう一度',
      idempotencyKey: randomUUID(),
    });
    report({ event: 'second', status: 200 });
  } catch (error) {
    report({
      event: 'second',
      status: error instanceof AppError ? error.status : 500,
      message: error instanceof Error ? error.message : '',
    });
  }
  const load = () => db.select().from(refunds).where(eq(refunds.orderId, id)).orderBy(asc(refunds.requestedAt));
  const deadline = Date.now() + Number(process.env.RESTART_WAIT_MS ?? 15_000);
  let rows = await load();
  while (!rows.some((r) => r.status === 'succeeded' && r.notifiedAt !== null) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    rows = await load();
  }
  const [after] = await db.select().from(orders).where(eq(orders.id, id));
  report({
    event: 'ledger',
    refunds: rows.map((r) => ({ status: r.status, amountYen: r.amountYen, notified: r.notifiedAt !== null })),
    order: { status: after?.status, refundedYen: after?.refundedYen },
  });
  await closeDb();
  process.exit(0);
}

async function returnAfterRestart(userId: string, id: string): Promise<void> {
  const { registerNode } = await import('@/instrumentation-node');
  const { finishAfterThreeDSecure } = await import('@/features/payments/server/order-payment');
  await registerNode();
  const row = await finishAfterThreeDSecure(userId, id);
  report({ event: 'returned', status: row.status });
  return restart(id, 'paid');
}

async function restart(id: string, status: string): Promise<void> {
  const { registerNode } = await import('@/instrumentation-node');
  const { getDb, closeDb } = await import('@/server/db/client');
  const { eq } = await import('drizzle-orm');
  const { orders } = await import('@db/schema');
  await registerNode();
  const db = await getDb();
  const load = async () => {
    const [row] = await db.select().from(orders).where(eq(orders.id, id));
    if (!row) throw new Error(`order ${id} not found`);
    return row;
  };
  const done = (row: Awaited<ReturnType<typeof load>>) =>
    row.status === status && (status === 'pending' || row.payjpChargeId !== null) && (status !== 'paid' || row.mailSentAt !== null);
  const deadline = Date.now() + Number(process.env.RESTART_WAIT_MS ?? 15_000);
  let row = await load();
  while (!done(row) && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 100));
    row = await load();
  }
  report({
    event: 'ledger',
    order: { id: row.id, status: row.status, amountYen: row.amountYen, chargeId: row.payjpChargeId, mailSent: row.mailSentAt !== null },
  });
  await closeDb();
  process.exit(0);
}

const [command, ...args] = process.argv.slice(2);
const run =
  command === 'app'
    ? args[0] === 'refund'
      ? refundApp(args[1] ?? '')
      : args[0] === 'receipts'
        ? receiptsApp(Number(args[1] ?? '3'))
        : app(args[0] ?? '', args[1] ?? '')
    : command === 'restart'
      ? restart(args[0] ?? '', args[1] ?? '')
      : command === 'restart-refund'
        ? restartRefund(args[0] ?? '')
        : command === 'return'
          ? returnAfterRestart(args[0] ?? '', args[1] ?? '')
          : command === 'restart-receipts'
            ? restartReceipts(args[0] ?? '', args.slice(1))
            : Promise.reject(new Error(`unknown command ${command}`));
run.catch((error: unknown) => {
  report({ event: 'error', message: error instanceof Error ? error.stack : String(error) });
  process.exit(1);
});
