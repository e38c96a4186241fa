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
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once('line', () => resolve()));
  report({ event: 'returning' });
  await finishAfterThreeDSecure(user.id, order.id);
  report({ event: 'unexpected', reason: 'the 3-D Secure return finished' });
  return forever();
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
    ? app(args[0] ?? '', args[1] ?? '')
    : command === 'restart'
      ? restart(args[0] ?? '', args[1] ?? '')
      : Promise.reject(new Error(`unknown command ${command}`));
run.catch((error: unknown) => {
  report({ event: 'error', message: error instanceof Error ? error.stack : String(error) });
  process.exit(1);
});
