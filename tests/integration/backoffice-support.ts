/**
 * A tiny back-office "browser" for the admin integration tests: a cookie jar, the admin CSRF
 * token, and calls straight into the /api/admin route handlers (no server).
 */
import * as csrfRoute from '@/app/api/admin/session/csrf/route';
import * as loginRoute from '@/app/api/admin/login/route';
import * as totpRoute from '@/app/api/admin/login/totp/route';
import { totpCodeAt } from '@/features/backoffice/server/totp';
import type { RouteHandler } from '@/server/http/route';

import { call, type CallOptions } from '../support/requests';

type Handlers = Partial<Record<string, RouteHandler>>;

export class AdminBrowser {
  jar = new Map<string, string>();
  csrf = '';

  /** `ip`: the client address, sent as X-Forwarded-For (for tests that set TRUSTED_PROXY_HEADER). */
  constructor(readonly ip?: string) {}

  private ipHeader(): Record<string, string> {
    return this.ip ? { 'x-forwarded-for': this.ip } : {};
  }

  cookie(): string {
    return [...this.jar].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  absorb(headers: Headers) {
    for (const c of headers.getSetCookie()) {
      const [pair, ...attrs] = c.split(';');
      const [name, ...rest] = (pair ?? '').split('=');
      if (!name) continue;
      if (attrs.some((a) => a.trim() === 'Max-Age=0')) this.jar.delete(name.trim());
      else this.jar.set(name.trim(), rest.join('='));
    }
  }

  async get(handlers: Handlers, path: string, options: CallOptions = {}) {
    const res = await call(handlers, path, { ...options, headers: { cookie: this.cookie(), ...this.ipHeader(), ...options.headers } });
    this.absorb(res.headers);
    return res;
  }

  async send(handlers: Handlers, method: string, path: string, body?: unknown, options: CallOptions = {}) {
    const res = await call(handlers, path, {
      method,
      ...options,
      headers: {
        'content-type': 'application/json',
        'x-requested-with': 'XMLHttpRequest',
        'x-csrf-token': this.csrf,
        origin: 'http://localhost:3000',
        'sec-fetch-site': 'same-origin',
        cookie: this.cookie(),
        ...this.ipHeader(),
        ...options.headers,
      },
      body: options.body ?? (body === undefined ? undefined : JSON.stringify(body)),
    });
    this.absorb(res.headers);
    const token = (res.json as { csrf_token?: unknown } | null)?.csrf_token;
    if (typeof token === 'string') this.csrf = token;
    return res;
  }

  async fetchCsrf() {
    const res = await this.get(csrfRoute, '/api/admin/session/csrf');
    this.csrf = (res.json as { csrf_token: string }).csrf_token;
    return this.csrf;
  }

  async passwordStep(email: string, password: string) {
    if (!this.csrf) await this.fetchCsrf();
    return this.send(loginRoute, 'POST', '/api/admin/login', { email, password });
  }

  async totpStep(code: string) {
    return this.send(totpRoute, 'POST', '/api/admin/login/totp', { code });
  }

  /** Password + the code of the current 30-second step. */
  async login(staff: { email: string; password: string; totpSecret: string }, now = new Date()) {
    const first = await this.passwordStep(staff.email, staff.password);
    if (first.status !== 200) throw new Error(`password step: ${first.status} ${first.text}`);
    const second = await this.totpStep(totpCodeAt(staff.totpSecret, now));
    if (second.status !== 200) throw new Error(`totp step: ${second.status} ${second.text}`);
    return second;
  }
}
