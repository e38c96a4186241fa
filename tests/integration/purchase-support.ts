/**
 * Shared set-up of the purchase integration tests (tests/integration/purchase*.int.test.ts): the
 * PAY.JP emulator and the SMTP catcher in-process on free ports, the app's configuration pointed
 * at them (with `setEnvForTest`, docs/decisions/0078, before the first request: the app parses its
 * configuration on first use, not at import), and helpers that play the member's browser and PAY.JP's 3-D Secure page.
 */
import { randomUUID } from 'node:crypto';

import { startMailCatcher, type MailCatcher } from '../../dev/mail/mail-catcher';
import { startPayjpEmulator, type PayjpEmulator } from '../../dev/payjp/emulator';
import { tokenId } from '../../dev/payjp/test-helpers';
import { eq } from 'drizzle-orm';

import { orders } from '../../db/schema';
import { setEnvForTest } from '../../src/config/env';
import { cookieName } from '../../src/server/auth/cookies';
import { csrfTokenFor } from '../../src/server/auth/csrf';
import { createSession } from '../../src/server/auth/session';
import { getDb } from '../../src/server/db/client';
import { getPayjpClient } from '../../src/features/payments/server/payjp/client';
import type { RouteHandler } from '../../src/server/http/route';
import { createOrder } from '../factories/orders';
import { createUser } from '../factories/users';
import { buildOrderRegistry } from '../support/order-registry';
import { call, sameOriginJson } from '../support/requests';

export const APP = 'http://localhost:3000';

export interface PurchaseStack {
  emu: PayjpEmulator;
  mail: MailCatcher;
  close: () => Promise<void>;
}

export async function startPurchaseStack(): Promise<PurchaseStack> {
  const emu = await startPayjpEmulator({ port: 0, webhookUrl: null });
  const mail = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  setEnvForTest({
    PAYJP_API_BASE: emu.apiBase,
    PAYJP_JS_URL: emu.jsUrl,
    PAYJP_SECRET_KEY: emu.secretKey,
    PAYJP_PUBLIC_KEY: emu.publicKey,
    PAYJP_WEBHOOK_TOKEN: emu.webhookToken,
    // The shortest timeout the configuration allows, so the timeout case runs in a second.
    PAYJP_TIMEOUT_MS: '1000',
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(mail.smtpPort),
    APP_BASE_URL: APP,
  });
  // Orders take the company from the registry: a small one of this process's own.
  await buildOrderRegistry();
  return { emu, mail, close: async () => void (await Promise.all([emu.close(), mail.close()])) };
}

type Routes = Partial<Record<string, RouteHandler>>;

/** A logged-in member's browser: session cookie and CSRF token, made without the login route. */
export class Member {
  constructor(
    readonly userId: string,
    readonly email: string,
    readonly cookie: string,
    private readonly csrf: string,
  ) {}

  get(route: Routes, path: string) {
    return call(route, path, { headers: { cookie: this.cookie } });
  }

  send(route: Routes, path: string, body: unknown, method = 'POST') {
    return call(route, path, { method, headers: sameOriginJson(this.csrf, this.cookie), body: JSON.stringify(body) });
  }
}

export async function newMember(overrides: { isDemo?: boolean } = {}): Promise<Member> {
  const email = `buyer-${randomUUID().slice(0, 8)}@example.jp`;
  const user = await createUser({ email, emailVerifiedAt: new Date(), ...overrides });
  const { token } = await createSession(user.id);
  return new Member(user.id, email, `${cookieName('session')}=${token}`, csrfTokenFor(token));
}

/** What the browser sends: the 法人番号 only (the registry says the rest; tests/support/order-registry.ts). */
export const COMPANY = { corporateNumber: '8040001999013' } as const;

export const DESTINATION = {
  recipient: '山田 太郎',
  destinationZipCode: '100-0005',
  destinationPrefecture: '東京都',
  destinationCity: '千代田区',
  destinationStreet: '丸の内1-1-1',
  destinationApartmentEtc: '',
  receiptRecipient: '株式会社テスト',
};

export function orderBody(overrides: Record<string, unknown> = {}) {
  return {
    idempotencyKey: randomUUID(),
    company: COMPANY,
    selection: { items: [{ itemId: 'history-full', quantity: 2 }], deliverySpeed: 'normal' },
    destination: DESTINATION,
    // first purchase: (500 + 550) × 2
    expectedTotalYen: 2100,
    agreed: true,
    ...overrides,
  };
}

export function newToken(stack: PurchaseStack, number = '4242424242424242'): Promise<string> {
  return tokenId(stack.emu, number);
}

/** Answers PAY.JP's 3-D Secure page as the cardholder would; returns where it sends the browser. */
export async function answerChallenge(redirectUrl: string, result: 'verified' | 'failed' | 'attempted' | 'abandoned'): Promise<URL> {
  const start = new URL(redirectUrl);
  const page = await fetch(start);
  if (page.status !== 200) throw new Error(`3-D Secure start page answered ${page.status}`);
  await page.text();
  const form = new URLSearchParams({
    publickey: start.searchParams.get('publickey') ?? '',
    back_url: start.searchParams.get('back_url') ?? '',
    result,
  });
  const challenge = start.pathname.replace(/\/start$/, '/challenge');
  const res = await fetch(new URL(challenge, start), { method: 'POST', body: form, redirect: 'manual' });
  await res.text();
  const location = res.headers.get('location');
  if (res.status !== 303 || !location) throw new Error(`challenge answered ${res.status}`);
  return new URL(location);
}

export async function emulatorGet<T>(stack: PurchaseStack, path: string): Promise<T> {
  const res = await fetch(`${stack.emu.apiBase}${path}`, {
    headers: { Authorization: `Basic ${Buffer.from(`${stack.emu.secretKey}:`).toString('base64')}` },
  });
  return (await res.json()) as T;
}

export interface WireCharge {
  id: string;
  amount: number;
  paid: boolean;
  three_d_secure_status: string | null;
  metadata: Record<string, string> | null;
}

export async function chargesOfOrder(stack: PurchaseStack, orderId: string): Promise<WireCharge[]> {
  const list = await emulatorGet<{ data: WireCharge[] }>(stack, '/charges?limit=100');
  return list.data.filter((c) => c.metadata?.order_id === orderId);
}

export async function control(stack: PurchaseStack, path: string, body: unknown): Promise<void> {
  const res = await fetch(`${stack.emu.url}/__control/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`control ${path}: ${res.status} ${await res.text()}`);
}

export interface Mail {
  id: string;
  subject: string;
  text: string;
}

export async function mailsTo(stack: PurchaseStack, to: string): Promise<Mail[]> {
  const res = await fetch(`${stack.mail.httpUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

/**
 * A paid order whose charge really exists at the emulator (two certificates: 10 % and Ministry
 * parts), for the refund tests.
 */
export async function paidOrderWithCharge(stack: PurchaseStack, member: Member) {
  const order = await createOrder({ userId: member.userId, items: [{ itemId: 'history-full', quantity: 2 }] });
  const charge = await getPayjpClient().charges.create({
    amount: order.amountYen,
    card: await newToken(stack),
    metadata: { order_id: order.id },
  });
  const db = await getDb();
  await db.update(orders).set({ payjpChargeId: charge.id }).where(eq(orders.id, order.id));
  return { ...order, payjpChargeId: charge.id };
}
