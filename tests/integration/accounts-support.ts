/**
 * Shared set-up of the accounts integration tests (tests/integration/accounts*.int.test.ts):
 * an in-process SMTP catcher (dev/mail) and OpenID provider (dev/oidc) on free ports, the app's
 * configuration pointed at them, and a tiny "browser" with a cookie jar that calls route
 * handlers directly. `startAccountsStack` sets the values with `setEnvForTest` (docs/decisions/0078)
 * before the first request: the app parses its configuration on first use, not at import.
 */
import { randomUUID } from 'node:crypto';

import { startMailCatcher, type MailCatcher } from '../../dev/mail/mail-catcher';
import { startOidcProvider, type OidcProvider } from '../../dev/oidc/provider';
import { setEnvForTest } from '../../src/config/env';
import type { RouteHandler } from '../../src/server/http/route';
import { call, sameOriginJson } from '../support/requests';

export const APP = 'http://localhost:3000';

export interface Mail {
  id: string;
  subject: string;
  text: string;
  html: string | null;
  to: { address: string }[];
  receivedAt: string;
}

export interface AccountsStack {
  catcher: MailCatcher;
  oidc: OidcProvider;
  smtpPort: number;
  /** stops the SMTP catcher (mail failures) and starts it again on the same ports */
  stopMail: () => Promise<void>;
  restartMail: () => Promise<void>;
  close: () => Promise<void>;
}

export async function startAccountsStack(): Promise<AccountsStack> {
  let catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0 });
  const smtpPort = catcher.smtpPort;
  const httpPort = Number(new URL(catcher.httpUrl).port);
  const oidc = await startOidcProvider({ port: 0 });
  setEnvForTest({
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    OIDC_ISSUER: oidc.issuer,
    // Each test "browser" gets its own client IP, as behind a trusted proxy.
    TRUSTED_PROXY_HEADER: 'x-forwarded-for',
    APP_BASE_URL: APP,
  });
  const stack: AccountsStack = {
    catcher,
    oidc,
    smtpPort,
    stopMail: async () => {
      await stack.catcher.close();
    },
    restartMail: async () => {
      catcher = await startMailCatcher({ smtpPort, httpPort });
      stack.catcher = catcher;
    },
    close: async () => {
      await Promise.all([stack.catcher.close(), stack.oidc.close()]);
    },
  };
  return stack;
}

export function uniqueEmail(tag = 'user'): string {
  return `${tag}-${randomUUID().slice(0, 8)}@example.jp`;
}

/** Waits for the next mail to `to` (after the mail with id `afterId`, when given). */
export async function waitForMail(stack: AccountsStack, to: string, afterId?: string): Promise<Mail> {
  const params = new URLSearchParams({ to, timeoutMs: '10000', ...(afterId ? { after: afterId } : {}) });
  const res = await fetch(`${stack.catcher.httpUrl}/api/messages/wait?${params.toString()}`);
  if (!res.ok) throw new Error(`no mail for ${to} (${res.status})`);
  return ((await res.json()) as { message: Mail }).message;
}

export async function mailsTo(stack: AccountsStack, to: string): Promise<Mail[]> {
  const res = await fetch(`${stack.catcher.httpUrl}/api/messages?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { messages: Mail[] }).messages;
}

export function codeIn(mail: Mail): string {
  const match = /確認コード\s*\n\s*(\d{6})/.exec(mail.text);
  if (!match?.[1]) throw new Error(`no code in mail: ${mail.subject}`);
  return match[1];
}

type Routes = Partial<Record<string, RouteHandler>>;
type Result = Awaited<ReturnType<typeof call>>;

let ipCounter = 10;

/** A browser: cookie jar, stored csrf_token, its own client IP. */
export class Browser {
  readonly jar = new Map<string, string>();
  csrf = '';
  readonly ip: string;

  constructor(ip?: string) {
    this.ip = ip ?? `198.51.100.${ipCounter++ % 250}`;
  }

  cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  absorb(headers: Headers): void {
    for (const line of headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq);
      const value = decodeURIComponent(pair.slice(eq + 1));
      if (/max-age=0/i.test(line)) this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async init(csrfRoute: Routes): Promise<this> {
    const res = await this.get(csrfRoute, '/api/session/csrf');
    this.csrf = (res.json as { csrf_token: string }).csrf_token;
    return this;
  }

  async get(route: Routes, path: string, headers: Record<string, string> = {}): Promise<Result> {
    const res = await call(route, path, { headers: { cookie: this.cookie(), 'x-forwarded-for': this.ip, ...headers } });
    this.absorb(res.headers);
    return res;
  }

  async post(route: Routes, path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<Result> {
    const res = await call(route, path, {
      method: 'POST',
      headers: sameOriginJson(this.csrf, this.cookie(), { 'x-forwarded-for': this.ip, ...headers }),
      body: JSON.stringify(body),
    });
    this.absorb(res.headers);
    const csrf = (res.json as { csrf_token?: unknown } | null)?.csrf_token;
    if (res.status === 200 && typeof csrf === 'string') this.csrf = csrf;
    return res;
  }
}

/**
 * Plays the provider's part of a sign-in: queues the account the next authorization logs in as,
 * then follows the provider's redirects (with its own cookies) until it sends the browser back to
 * the app. Returns the app URL (the callback with code and state).
 */
export async function authorizeAtProvider(
  stack: AccountsStack,
  authorizeUrl: string,
  profile: { email: string; email_verified?: boolean; name?: string } | { deny: true },
): Promise<URL> {
  const queued = await fetch(`${stack.oidc.issuer}/__control/next-login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(profile),
  });
  if (!queued.ok) throw new Error(`could not queue the login: ${await queued.text()}`);
  const jar = new Map<string, string>();
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    const res = await fetch(url, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } });
    for (const line of res.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      jar.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider stopped at ${url} with ${res.status}: ${(await res.text()).slice(0, 300)}`);
    const next = new URL(location, url);
    if (next.origin === APP) return next;
    url = next.toString();
  }
  throw new Error('too many redirects at the provider');
}
