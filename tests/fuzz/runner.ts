import http from 'node:http';
import type { Socket } from 'node:net';

import fc from 'fast-check';
import { Secret, TOTP } from 'otpauth';

import { DAYS_AGO_PATTERN, ODD_METHODS, PRICE_PLACEHOLDER, STANDARD_SELECTION, requestArb, type FuzzRequest } from './arbitraries';
import { discoverRoutes, type RouteTemplate } from './routes';

/**
 * Sends fast-check-generated requests to a running hojin and judges every answer: any 5xx, an
 * `/api` error that is not the JSON error shape, an `/api` answer in HTML, a public API (/v1, /mcp)
 * error that is not RFC 9457 problem details, or no answer at all is a failure. 429 is a fine answer (the rate limits are doing their job); requests are spread over
 * a few local addresses (127.0.0.1–8) so that one client's limit does not silence the run.
 * Used by `npm run fuzz` (scripts/fuzz.ts) and by the seeded run in `npm test` (tests/e2e/fuzz.spec.ts).
 */
export interface FuzzOptions {
  base: string;
  requests: number;
  seed: number;
  concurrency?: number;
  timeoutMs?: number;
  /** the stack's PAYJP_WEBHOOK_TOKEN, so webhook bodies get past the token check */
  webhookToken?: string;
  /** send only these request numbers (from a failure line) */
  replay?: number[];
  /**
   * A staff account (admin:create's email, password and TOTP secret — the e2e stack writes them to
   * tmp/e2e-data-N/staff.json): back-office requests that would carry the member's session carry
   * this staff session instead, so the admin routes are fuzzed past their session check.
   */
  staff?: StaffAccount;
  log?: (line: string) => void;
}

export interface StaffAccount {
  email: string;
  password: string;
  totpSecret: string;
}

export interface FuzzResult {
  index: number;
  request: FuzzRequest;
  status: number | null;
  contentType: string;
  ms: number;
  preview: string;
  failure: string | null;
}

export interface FuzzReport {
  seed: number;
  sent: number;
  ms: number;
  byStatus: Map<string, number>;
  byRoute: Map<string, { count: number; statuses: Map<string, number>; totalMs: number; maxMs: number }>;
  failures: FuzzResult[];
  routes: RouteTemplate[];
  loggedIn: boolean;
  /** whether the demo member's live and revoked API keys were made (the public API's requests carry them) */
  apiKeys: boolean;
  /** null: no staff account given */
  staffLoggedIn: boolean | null;
}

export const DEFAULT_WEBHOOK_TOKEN = 'whook_hojinlocal_0000000000000000';
const DEMO = { email: 'demo@hojin.example', password: 'try-the-demo-2026' };
const GARBAGE_COOKIES = [
  'hojin_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'hojin_session=%ff%fe',
  'hojin_session=; hojin_pre=',
  `hojin_session=${'x'.repeat(4000)}`,
  'hojin_pre=garbage; hojin_session="quoted"',
  '__Host-hojin_session=abc; hojin_oidc=%00',
];
/** `Authorization` values that name no key: malformed, another scheme, or a well-formed unknown key */
const GARBAGE_BEARERS = [
  'Bearer hj_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'Bearer hj_live_',
  'Bearer',
  'Bearer ',
  'bearer hj_live_0000000000000000000000000000000x',
  'Basic ZnV6ejpmdXp6',
  'Bearer hj_live_a b',
  `Bearer hj_live_${'x'.repeat(4000)}`,
  'Bearer hj_test_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  'Bearer "hj_live_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"',
];
/** the name of the keys the runner makes (so a later run finds and revokes those an interrupted run left) */
const KEY_NAME = 'fuzz (npm run fuzz)';

function assertLocal(base: URL): void {
  if (!['127.0.0.1', 'localhost', '[::1]'].includes(base.hostname) || base.protocol !== 'http:') {
    throw new Error(`the fuzzer only talks to a local stack over http (127.0.0.1/localhost), not ${base.origin}`);
  }
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the first 256 KiB of the body */
  body: Buffer;
  /** false when the body was longer than what is kept: it cannot be parsed */
  complete: boolean;
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/**
 * A server may answer before it has read the body (a 401 for a missing key, a 405 from server.ts)
 * and close the connection while a large body is still being written: the write then fails with
 * EPIPE on the socket after the request has its answer and has let go of the socket, an 'error'
 * with no listener that would end the run. While a request holds the socket, its own 'error'
 * handler still gets the socket's errors.
 */
const guarded = new WeakSet<object>();
function guardSocket(socket: Socket): void {
  if (guarded.has(socket)) return;
  guarded.add(socket);
  socket.on('error', () => undefined);
}

/** One request on the runner's keep-alive agent (exported for its test). */
export function send(
  base: URL,
  method: string,
  path: string,
  headers: Record<string, string>,
  body: Buffer | null,
  localAddress: string | undefined,
  timeoutMs: number,
  isRetry = false,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const done = (fn: () => void) => {
      if (!settled) {
        settled = true;
        fn();
      }
    };
    let req: http.ClientRequest;
    try {
      req = http.request({
        // `localhost` may resolve to ::1 while the stack listens on 127.0.0.1 (and the 127.0.0.x
        // client addresses need an IPv4 peer); the Host header still names the base URL.
        host: base.hostname === 'localhost' ? '127.0.0.1' : base.hostname.replace(/^\[|\]$/g, ''),
        setHost: false,
        port: base.port || 80,
        method,
        path,
        headers: { host: base.host, ...headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        agent,
        localAddress: base.hostname === '[::1]' ? undefined : localAddress,
        // Next echoes long paths in redirects; read such answers instead of failing on them.
        maxHeaderSize: 1024 * 1024,
        timeout: timeoutMs,
      });
    } catch (error) {
      reject(error);
      return;
    }
    req.on('socket', guardSocket);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size <= 256 * 1024) chunks.push(c);
      });
      res.on('end', () =>
        done(() => {
          const kept = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: kept, complete: kept.length === size });
        }),
      );
      res.on('error', (e) => done(() => reject(e)));
    });
    req.on('timeout', () => {
      req.destroy(new Error(`no answer within ${timeoutMs} ms`));
    });
    req.on('error', (e: NodeJS.ErrnoException) => {
      // A kept-alive connection the server closed (its idle timeout) just as this request went out
      // on it: nothing reached the app. Send it again on a new connection, as browsers do and as
      // Node's documentation advises (`request.reusedSocket`); any other error is the answer.
      if (!settled && !isRetry && req.reusedSocket && e.code === 'ECONNRESET') {
        settled = true;
        send(base, method, path, headers, body, localAddress, timeoutMs, true).then(resolve, reject);
        return;
      }
      done(() => reject(e));
    });
    if (body) req.write(body);
    req.end();
  });
}

function cookiesOf(headers: http.IncomingHttpHeaders): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of headers['set-cookie'] ?? []) {
    const [pair] = line.split(';');
    const eq = pair?.indexOf('=') ?? -1;
    if (pair && eq > 0) out.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
  }
  return out;
}

function cookieHeader(cookies: Map<string, string>): string {
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/** The browser state the runner keeps: a pre-session (cookie + token) and the demo member's session. */
class Browser {
  pre = { cookie: '', csrf: '' };
  member = { cookie: '', csrf: '' };
  loggedIn = false;
  staff = { cookie: '', csrf: '' };
  staffLoggedIn = false;
  /** the member's price of STANDARD_SELECTION, for order bodies that get past the price check */
  price = 0;
  /** the demo member's API keys for the public API: one live, one revoked ('' when not made) */
  keys = { live: '', liveId: '', revoked: '' };
  private refreshing: Promise<void> | null = null;
  private logins = 0;

  constructor(
    private readonly base: URL,
    private readonly timeoutMs: number,
  ) {}

  private async preSession(): Promise<{ cookie: string; csrf: string }> {
    const res = await send(this.base, 'GET', '/api/session/csrf', { accept: 'application/json' }, null, undefined, this.timeoutMs);
    const token = (JSON.parse(res.body.toString('utf8')) as { csrf_token?: string }).csrf_token ?? '';
    return { cookie: cookieHeader(cookiesOf(res.headers)), csrf: token };
  }

  /**
   * The primary member session, and a few spare ones logged in up front: a fuzzed logout with a
   * valid token spends a spare instead of the session every other request uses (logging in again
   * mid-run could meet the login limits the fuzzed wrong passwords are filling).
   */
  private spares: { cookie: string; csrf: string }[] = [];
  private lastSpare = { cookie: '', csrf: '' };

  async start(spares: number): Promise<void> {
    this.pre = await this.preSession();
    for (let i = 0; i < spares; i++) {
      await this.login();
      if (this.loggedIn) this.spares.push(this.member);
    }
    await this.login();
    if (this.loggedIn) {
      const item = STANDARD_SELECTION.items[0];
      const query = `items=${item.itemId}:${item.quantity}&deliverySpeed=${STANDARD_SELECTION.deliverySpeed}`;
      const res = await send(this.base, 'GET', `/api/items/tax?${query}`, { cookie: this.member.cookie }, null, undefined, this.timeoutMs);
      if (res.status === 200) this.price = (JSON.parse(res.body.toString('utf8')) as { totalYen?: number }).totalYen ?? 0;
      await this.makeApiKeys();
    }
  }

  /** A call to /api/api-keys with the member's session, as the key page makes it. */
  private async keyCall(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown }> {
    const res = await send(
      this.base,
      method,
      path,
      {
        accept: 'application/json',
        cookie: this.member.cookie,
        'x-requested-with': 'XMLHttpRequest',
        'x-csrf-token': this.member.csrf,
        origin: this.base.origin,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body === undefined ? null : Buffer.from(JSON.stringify(body)),
      undefined,
      this.timeoutMs,
    );
    let json: unknown = null;
    try {
      json = JSON.parse(res.body.toString('utf8'));
    } catch {
      /* not JSON */
    }
    return { status: res.status, json };
  }

  /**
   * A new key. At the member's limit of live keys, the runner's own keys an interrupted run left
   * are revoked first; keys the member made are never touched (the run then goes without keys and
   * says so).
   */
  private async createKey(): Promise<{ key: string; id: string } | null> {
    for (let attempt = 0; attempt < 2; attempt++) {
      const made = await this.keyCall('POST', '/api/api-keys', { name: KEY_NAME });
      const created = made.json as { key?: unknown; id?: unknown } | null;
      if (made.status === 201 && typeof created?.key === 'string' && typeof created.id === 'string')
        return { key: created.key, id: created.id };
      if (made.status !== 409 || attempt > 0) return null;
      const list = (await this.keyCall('GET', '/api/api-keys')).json as {
        keys?: { id: string; name: string; revokedAt: string | null }[];
      } | null;
      for (const k of (list?.keys ?? []).filter((k) => k.revokedAt === null && k.name === KEY_NAME))
        await this.keyCall('DELETE', `/api/api-keys/${k.id}`);
    }
    return null;
  }

  /** The live key the public API's 'member' requests carry, and a revoked one for the 'pre' requests. */
  private async makeApiKeys(): Promise<void> {
    try {
      const revoked = await this.createKey();
      if (revoked && (await this.keyCall('DELETE', `/api/api-keys/${revoked.id}`)).status === 200) this.keys.revoked = revoked.key;
      const live = await this.createKey();
      if (live) this.keys = { ...this.keys, live: live.key, liveId: live.id };
    } catch {
      /* the run goes on; the report says the keys are missing */
    }
  }

  /** when the run began: the keys made since (its own, and those the fuzzed POST /api/api-keys made) are revoked at its end */
  private readonly since = new Date().toISOString();

  /**
   * Revokes the keys made during the run: the runner's live key and the fuzzed creations, which
   * would otherwise fill the member's limit of live keys run after run. Keys made before the run
   * are left alone.
   */
  async finish(): Promise<void> {
    if (!this.loggedIn) return;
    try {
      const list = (await this.keyCall('GET', '/api/api-keys')).json as {
        keys?: { id: string; createdAt: string; revokedAt: string | null }[];
      } | null;
      const made = (list?.keys ?? []).filter((k) => k.revokedAt === null && k.createdAt >= this.since).map((k) => k.id);
      for (const id of new Set([...made, ...(this.keys.liveId ? [this.keys.liveId] : [])]))
        await this.keyCall('DELETE', `/api/api-keys/${id}`);
    } catch {
      /* best effort */
    }
  }

  /** A member session that a logout may end. */
  spare(): { cookie: string; csrf: string } {
    this.lastSpare = this.spares.pop() ?? this.lastSpare;
    return this.lastSpare;
  }

  /** Logs in as the demo member. */
  async login(): Promise<void> {
    if (this.logins >= 100) return; // bounded: a locked demo account must not turn the run into a login loop
    this.logins += 1;
    try {
      const pre = await this.preSession();
      const res = await send(
        this.base,
        'POST',
        '/api/users/login',
        {
          'content-type': 'application/json',
          'x-requested-with': 'XMLHttpRequest',
          'x-csrf-token': pre.csrf,
          cookie: pre.cookie,
          origin: this.base.origin,
        },
        Buffer.from(JSON.stringify(DEMO)),
        undefined,
        this.timeoutMs,
      );
      if (res.status !== 200) {
        this.loggedIn = false;
        return;
      }
      const token = (JSON.parse(res.body.toString('utf8')) as { csrf_token?: string }).csrf_token ?? '';
      this.member = { cookie: cookieHeader(cookiesOf(res.headers)), csrf: token };
      this.loggedIn = true;
    } catch {
      this.loggedIn = false;
    }
  }

  /**
   * Logs the staff account in as a person would: password, then the current TOTP code (a code is
   * taken once: a refused one waits for the next 30-second step), and on a first login the printed
   * password replaced by `${password} changed` — the e2e journeys' convention (tests/e2e/support/staff.ts),
   * so either side finds the account usable afterwards.
   */
  async staffLogin(account: StaffAccount): Promise<void> {
    const jar = new Map<string, string>();
    let csrf = '';
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await send(
        this.base,
        method,
        path,
        {
          accept: 'application/json',
          cookie: cookieHeader(jar),
          ...(body === undefined
            ? {}
            : { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', 'x-csrf-token': csrf, origin: this.base.origin }),
        },
        body === undefined ? null : Buffer.from(JSON.stringify(body)),
        undefined,
        this.timeoutMs,
      );
      for (const [k, v] of cookiesOf(res.headers)) jar.set(k, v);
      let json: { csrf_token?: string; error?: { code?: string } } = {};
      try {
        json = JSON.parse(res.body.toString('utf8')) as typeof json;
      } catch {
        /* not JSON */
      }
      if (typeof json.csrf_token === 'string') csrf = json.csrf_token;
      return { status: res.status, json };
    };
    const totp = new TOTP({ secret: Secret.fromBase32(account.totpSecret), digits: 6, period: 30, algorithm: 'SHA1' });
    try {
      await call('GET', '/api/admin/session/csrf');
      const changed = `${account.password} changed`;
      let password = account.password;
      let step = await call('POST', '/api/admin/login', { email: account.email, password });
      if (step.status === 401) {
        password = changed;
        step = await call('POST', '/api/admin/login', { email: account.email, password });
      }
      if (step.status !== 200) return;
      let code = await call('POST', '/api/admin/login/totp', { code: totp.generate() });
      if (code.status !== 200) {
        await new Promise((r) => setTimeout(r, 30_000 - (Date.now() % 30_000) + 1_000));
        code = await call('POST', '/api/admin/login/totp', { code: totp.generate() });
      }
      if (code.status !== 200) return;
      // /api/admin/me answers during the password change too; the queue does not
      const probe = await call('GET', '/api/admin/orders');
      if (probe.json.error?.code === 'password_change_required') {
        const pw = await call('POST', '/api/admin/password', { currentPassword: password, newPassword: changed });
        if (pw.status !== 200) return;
      }
      const csrfNow = await call('GET', '/api/admin/session/csrf');
      this.staff = { cookie: cookieHeader(jar), csrf: csrfNow.json.csrf_token ?? csrf };
      this.staffLoggedIn = (await call('GET', '/api/admin/orders')).status === 200;
    } catch {
      this.staffLoggedIn = false;
    }
  }

  refresh(): Promise<void> {
    this.refreshing ??= this.login().finally(() => {
      this.refreshing = null;
    });
    return this.refreshing;
  }
}

/** A JSON-RPC error object ({jsonrpc:'2.0', error:{code,message}}): the MCP transport's own protocol errors. */
function isJsonRpcError(value: unknown): boolean {
  const v = value as { jsonrpc?: unknown; error?: { code?: unknown; message?: unknown } } | null;
  return v?.jsonrpc === '2.0' && typeof v.error?.code === 'number' && typeof v.error.message === 'string';
}

/**
 * An MCP tool that failed on an unexpected error: the SDK turns what a tool throws into a result
 * with `isError` and the error's message. hojin's own refusals are Japanese (AppError), the SDK's
 * protocol and argument errors start with `MCP error`; anything else (`Invalid time value`) is an
 * exception the tool did not expect — the /mcp form of a 5xx.
 */
function mcpToolCrash(parsed: unknown): string | null {
  for (const message of Array.isArray(parsed) ? parsed : [parsed]) {
    const result = (message as { result?: { isError?: unknown; content?: { text?: unknown }[] } } | null)?.result;
    if (result?.isError !== true) continue;
    const text = result.content?.map((c) => (typeof c.text === 'string' ? c.text : '')).join(' ') ?? '';
    if (!text.startsWith('MCP error') && !/[\u3040-\u30ff\u4e00-\u9fff]/.test(text)) return text.slice(0, 120);
  }
  return null;
}

/**
 * The public API's rules (/v1, /mcp): an error is RFC 9457 problem details whose `status` is the
 * HTTP status and whose `detail` is a string (on /mcp a JSON-RPC error object will do too: the MCP
 * transport's own protocol errors); 401 names its scheme (WWW-Authenticate), 405 what is allowed,
 * 429 when to come back; a success with a body is JSON that parses, and no MCP tool fails on an
 * unexpected error.
 */
function judgeLean(
  request: FuzzRequest,
  status: number,
  headers: http.IncomingHttpHeaders,
  body: Buffer,
  complete: boolean,
): string | null {
  const type = String(headers['content-type'] ?? '');
  if ([400, 414, 431].includes(status) && !type && body.length === 0 && isProtocolInvalid(request)) return null;
  if (request.method === 'HEAD' || status === 204 || status === 304 || (status >= 300 && status < 400)) return null;
  const isMcp = /^\/mcp(\/|\?|$)/.test(request.path);
  let parsed: unknown;
  let parses = true;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    parses = false;
  }
  if (status >= 400) {
    if (status === 405 && !headers.allow) return 'API 405 without an Allow header';
    if (status === 401 && !headers['www-authenticate']) return 'API 401 without a WWW-Authenticate header';
    if (status === 429 && !headers['retry-after']) return 'API 429 without a Retry-After header';
    if (isMcp && /^application\/json/i.test(type) && parses && isJsonRpcError(parsed)) return null;
    if (!/^application\/problem\+json/i.test(type))
      return `API error ${status} is not application/problem+json (${type || 'no content-type'})`;
    if (!parses) return `API error ${status} with a body that does not parse as JSON`;
    const p = parsed as { status?: unknown; detail?: unknown } | null;
    if (p?.status !== status) return `API error ${status}: problem status is ${JSON.stringify(p?.status)}`;
    if (typeof p.detail !== 'string') return `API error ${status}: problem without a string detail`;
    return null;
  }
  if (body.length === 0) return null; // 202 of an MCP notification, 201/200 without a body
  if (!/^application\/([\w.+-]+\+)?json/i.test(type)) return `API ${status} answer is not JSON (${type || 'no content-type'})`;
  // a batch of 1,000 answers more than the runner keeps: only what it has read can be judged
  if (!parses) return complete ? `API ${status} claims JSON but does not parse` : null;
  const crash = isMcp ? mcpToolCrash(parsed) : null;
  return crash === null ? null : `MCP tool failed on an unexpected error: ${crash}`;
}

/** Why an answer is a failure, or null (`complete`: false when the body is longer than what the runner keeps). */
export function judge(
  request: FuzzRequest,
  status: number,
  headers: http.IncomingHttpHeaders,
  body: Buffer,
  complete = true,
): string | null {
  if (status >= 500) return `${status} answer`;
  if (isLeanPath(request.path)) return judgeLean(request, status, headers, body, complete);
  if (!isApiPath(request.path)) return null;
  const type = String(headers['content-type'] ?? '');
  // Node's HTTP parser answers a request that is not valid HTTP (bytes outside visible ASCII on
  // the request line, a request line and headers over its 16 KiB limit) with a bare 400/431 before
  // any application code runs; browsers never send such requests.
  if ([400, 414, 431].includes(status) && !type && body.length === 0 && isProtocolInvalid(request)) return null;
  if (/text\/html/i.test(type)) return `/api answered HTML (${status})`;
  if (request.method === 'HEAD' || status === 204 || status === 304 || (status >= 300 && status < 400)) return null;
  const isJson = /^application\/json/i.test(type);
  if (status >= 400) {
    if (!isJson) return `/api error ${status} is not JSON (${type || 'no content-type'})`;
    if (status === 405 && !headers.allow) return '/api 405 without an Allow header';
    try {
      const parsed = JSON.parse(body.toString('utf8')) as { error?: { code?: unknown; message?: unknown } };
      if (typeof parsed.error?.code !== 'string' || typeof parsed.error.message !== 'string')
        return `/api error ${status} without {error:{code,message}}`;
    } catch {
      return `/api error ${status} with a body that does not parse as JSON`;
    }
    return null;
  }
  if (isJson) {
    try {
      JSON.parse(body.toString('utf8'));
    } catch {
      if (!complete) return null;
      return `/api ${status} claims JSON but does not parse`;
    }
    return null;
  }
  // 2xx of a download (PDF and other stored files, the CSV exports with their file name) is the
  // one non-JSON success.
  if (/^(application\/(pdf|octet-stream)|image\/)/i.test(type)) return null;
  if (/^text\/csv/i.test(type) && /attachment/i.test(String(headers['content-disposition'] ?? ''))) return null;
  return `/api ${status} answer is not JSON (${type || 'no content-type'})`;
}

/** A back-office page or /api/admin route (not its logout), as the server sees the path. */
function isStaffPath(path: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(path, 'http://x').pathname;
  } catch {
    return false;
  }
  return /^\/(api\/)?admin(\/|$)/.test(pathname) && !/^\/api\/admin\/logout\b/.test(pathname);
}

/** Whether the path the server sees (after dot segments are resolved, as every client does) is under /api. */
function isApiPath(path: string): boolean {
  let pathname: string;
  try {
    pathname = new URL(path, 'http://x').pathname;
  } catch {
    pathname = path;
  }
  return pathname === '/api' || pathname.startsWith('/api/');
}

/**
 * Whether server.ts hands the request to the public API's router: it matches the path as sent
 * (src/server/http/lean-path.ts), before any dot segment is resolved.
 */
function isLeanPath(path: string): boolean {
  return /^\/(v1|mcp)(\/|\?|$)/.test(path);
}

/** The date (Japan time) `days` days before now, as YYYY-MM-DD. */
function dateDaysAgo(days: number, now = Date.now()): string {
  return new Date(now + 9 * 3_600_000 - days * 86_400_000).toISOString().slice(0, 10);
}

/** Fills in the arbitraries' relative dates (`daysAgo(n)`) with the day of the run. */
export function resolveDates(text: string): string {
  return text.replace(DAYS_AGO_PATTERN, (_, n: string) => dateDaysAgo(Number(n)));
}

function isProtocolInvalid(request: FuzzRequest): boolean {
  const headerBytes = request.headers.reduce((n, [k, v]) => n + k.length + v.length + 4, 0);
  return /[^\x21-\x7e]/.test(request.path) || request.path.length + headerBytes > 8 * 1024;
}

function bodyBuffer(request: FuzzRequest, price?: number): Buffer | null {
  if (!request.body) return null;
  if (request.body.kind === 'bytes') return Buffer.from(request.body.value, 'base64');
  const text = price === undefined ? request.body.value : request.body.value.replaceAll(`"${PRICE_PLACEHOLDER}"`, String(price));
  return Buffer.from(resolveDates(text), 'utf8');
}

/**
 * The public API reads no cookie: on /v1 and /mcp the request's cookie kind stands for its
 * `Authorization` header — the live key ('member'), the revoked key ('pre'), a malformed or unknown
 * bearer ('garbage'), none ('none').
 */
export function leanAuthorization(request: FuzzRequest, keys: { live: string; revoked: string }): string | undefined {
  if (request.cookie === 'garbage') return GARBAGE_BEARERS[request.path.length % GARBAGE_BEARERS.length];
  const key = request.cookie === 'member' ? keys.live : request.cookie === 'pre' ? keys.revoked : '';
  return key ? `Bearer ${key}` : undefined;
}

function headersFor(request: FuzzRequest, browser: Browser, base: URL, webhookToken: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [k, v] of request.headers) {
    if (k === 'origin') headers.origin = v === 'same' ? base.origin : v;
    else if (k === 'x-payjp-webhook-token') headers[k] = v === '__valid__' ? webhookToken : v;
    else headers[k] = v;
  }
  if (isLeanPath(request.path)) {
    const authorization = leanAuthorization(request, browser.keys);
    if (authorization !== undefined) headers.authorization = authorization;
    return headers;
  }
  const member = request.cookie === 'member' && /^\/api\/users\/logout\b/.test(request.path) ? browser.spare() : browser.member;
  // With a staff account, the back office gets the staff session where the member's would go
  // (a member session there is refused at the door, which backoffice-auth.int.test.ts covers),
  // except its logout, which would end the one staff session of the run.
  const staff = browser.staffLoggedIn && request.cookie === 'member' && isStaffPath(request.path) ? browser.staff : null;
  const session = staff ?? (request.cookie === 'member' ? member : request.cookie === 'pre' ? browser.pre : null);
  if (session?.cookie) headers.cookie = session.cookie;
  if (request.cookie === 'garbage') headers.cookie = GARBAGE_COOKIES[request.path.length % GARBAGE_COOKIES.length] ?? '';
  if (request.csrf === 'valid' && session?.csrf) headers['x-csrf-token'] = session.csrf;
  if (request.csrf === 'other') headers['x-csrf-token'] = request.cookie === 'member' ? browser.pre.csrf : member.csrf;
  if (staff && request.csrf === 'other') headers['x-csrf-token'] = browser.member.csrf;
  if (request.csrf === 'garbage') headers['x-csrf-token'] = 'AAAA.garbage';
  return headers;
}

/** The request as a line someone can paste: curl with the real headers, the body (cut when long) and how to replay it exactly. */
export function reproLine(result: FuzzResult, options: { base: string; seed: number }): string {
  const r = result.request;
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const url = new URL(options.base).origin + resolveDates(r.path);
  const parts = ['curl -sS -i', '-X', r.method, url.length <= 2000 ? q(url) : `<a ${url.length}-character URL: use the replay line>`];
  for (const [k, v] of r.headers) {
    const shown =
      k === 'origin' && v === 'same'
        ? new URL(options.base).origin
        : k === 'x-payjp-webhook-token' && v === '__valid__'
          ? "<the stack's PAYJP_WEBHOOK_TOKEN>"
          : v;
    parts.push('-H', q(`${k}: ${shown}`));
  }
  const memberCookie = isStaffPath(r.path) ? "the staff session (with --staff-file), else the demo member's" : "the demo member's session";
  if (isLeanPath(r.path)) {
    const key = {
      member: "<the demo member's live API key>",
      pre: '<a revoked API key of the demo member>',
      garbage: '<a malformed or unknown key>',
    };
    if (r.cookie !== 'none') parts.push('-H', q(`authorization: Bearer ${key[r.cookie]}`));
  } else {
    if (r.cookie !== 'none') parts.push('-H', q(`cookie: <${r.cookie === 'member' ? memberCookie : r.cookie}>`));
    if (r.csrf !== 'none') parts.push('-H', q(`x-csrf-token: <${r.csrf} for the ${r.cookie} cookie>`));
  }
  const bytes = bodyBuffer(r);
  if (r.body && bytes) {
    const printable = r.body.kind === 'text' && /^[\x20-\x7e]*$/.test(r.body.value);
    if (printable && r.body.value.length <= 600) parts.push('--data-binary', q(r.body.value));
    else if (bytes.length <= 450) parts.push(`--data-binary @<(printf %s ${bytes.toString('base64')} | base64 -d)`);
    else parts.push(`--data-binary <${bytes.length} bytes: ${JSON.stringify(bytes.toString('utf8', 0, 120))}…>`);
  }
  return [
    `FAIL #${result.index} ${r.method} ${r.path.length > 300 ? `${r.path.slice(0, 300)}…(${r.path.length} chars)` : r.path} → ${result.status ?? 'no answer'} ${result.contentType}: ${result.failure}`,
    `  answer: ${result.preview}`,
    `  ${parts.join(' ')}`,
    `  replay exactly: npm run fuzz -- --base ${options.base} --seed ${options.seed} --replay ${result.index}`,
  ].join('\n');
}

/** The generated requests of a run: request i depends only on (seed, i), so a failure can be replayed alone. */
export function generate(routes: RouteTemplate[], seed: number, count: number): FuzzRequest[] {
  return fc.sample(requestArb(routes), { seed, numRuns: count });
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const base = new URL(options.base);
  assertLocal(base);
  const log = options.log ?? (() => undefined);
  const timeoutMs = options.timeoutMs ?? 30_000;
  const concurrency = options.concurrency ?? 4;
  const webhookToken = options.webhookToken ?? DEFAULT_WEBHOOK_TOKEN;
  const routes = discoverRoutes();
  const count = options.replay ? Math.max(...options.replay) + 1 : options.requests;
  const all = generate(routes, options.seed, count);
  const indices = options.replay ?? all.map((_, i) => i);

  const browser = new Browser(base, timeoutMs);
  // about one fuzzed logout in 60 requests carries a member session and a valid token
  await browser.start(options.replay ? 2 : Math.min(40, Math.ceil(indices.length / 200)));
  if (options.staff) await browser.staffLogin(options.staff);
  const staffNote = options.staff ? `; staff session: ${browser.staffLoggedIn ? 'yes' : 'NO (login refused)'}` : '';
  const apiKeys = browser.keys.live !== '' && browser.keys.revoked !== '';
  log(
    `[fuzz] ${base.origin} seed=${options.seed} requests=${indices.length} routes=${routes.filter((r) => r.kind === 'api').length} api + ${routes.filter((r) => r.kind === 'lean').length} public API + ${routes.filter((r) => r.kind === 'page').length} pages; member session: ${browser.loggedIn ? 'yes' : 'NO (login refused)'}; API keys: ${apiKeys ? 'yes' : 'NO'}${staffNote}`,
  );

  const report: FuzzReport = {
    seed: options.seed,
    sent: 0,
    ms: 0,
    byStatus: new Map(),
    byRoute: new Map(),
    failures: [],
    routes,
    loggedIn: browser.loggedIn,
    apiKeys,
    staffLoggedIn: options.staff ? browser.staffLoggedIn : null,
  };
  const started = Date.now();
  let next = 0;

  const one = async (index: number) => {
    const request = all[index]!;
    const headers = headersFor(request, browser, base, webhookToken);
    const body = bodyBuffer(request, browser.price);
    const t0 = Date.now();
    let result: FuzzResult;
    try {
      const answer = await send(
        base,
        request.method,
        resolveDates(request.path),
        headers,
        body,
        `127.0.0.${request.identity + 1}`,
        timeoutMs,
      );
      const contentType = String(answer.headers['content-type'] ?? '');
      result = {
        index,
        request,
        status: answer.status,
        contentType,
        ms: Date.now() - t0,
        preview: answer.body.toString('utf8', 0, Math.min(answer.body.length, 300)).replace(/\s+/g, ' '),
        failure: judge(request, answer.status, answer.headers, answer.body, answer.complete),
      };
      if (request.cookie === 'member' && browser.loggedIn) {
        // A 401 from the login route or the webhook is about their own credentials, not the session.
        const sessionGone =
          answer.status === 401 &&
          !/^\/api\/(users\/login|payments\/webhook)/.test(request.path) &&
          headers.cookie === browser.member.cookie;
        if (sessionGone) await browser.refresh();
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ERR_UNESCAPED_CHARACTERS' || code === 'ERR_INVALID_CHAR' || code === 'ERR_INVALID_HTTP_TOKEN') {
        // Node itself refuses to put this on the wire; nothing reached the app.
        result = { index, request, status: null, contentType: '', ms: 0, preview: '', failure: null };
      } else if ((code === 'ECONNRESET' || code === 'EPIPE') && isProtocolInvalid(request)) {
        // Node's parser closed the connection on a request line over its limit (see judge()): the
        // runner sees the reset, or, still writing the body when the socket closed, EPIPE.
        result = {
          index,
          request,
          status: null,
          contentType: '',
          ms: Date.now() - t0,
          preview: 'connection closed by the HTTP parser',
          failure: null,
        };
      } else {
        const message = error instanceof Error ? error.message : String(error);
        result = {
          index,
          request,
          status: null,
          contentType: '',
          ms: Date.now() - t0,
          preview: message,
          failure: `no answer (${code ?? message})`,
        };
      }
    }
    record(report, result);
    if (result.failure) log(reproLine(result, { base: base.origin + base.pathname.replace(/\/$/, ''), seed: options.seed }));
    else if (options.replay)
      log(
        `#${index} ${request.method} ${resolveDates(request.path).slice(0, 200)} → ${result.status ?? 'not sent'} ${result.contentType}: ${result.preview}`,
      );
    if (report.sent % 1000 === 0) log(`[fuzz] ${report.sent}/${indices.length} sent, ${report.failures.length} failures`);
  };

  const workers = Array.from({ length: Math.min(concurrency, indices.length) }, async () => {
    for (;;) {
      const i = next++;
      if (i >= indices.length) return;
      await one(indices[i]!);
    }
  });
  await Promise.all(workers);
  report.ms = Date.now() - started;
  await browser.finish();
  return report;
}

function record(report: FuzzReport, result: FuzzResult): void {
  report.sent += 1;
  const status = result.status === null ? (result.failure ? 'no answer' : result.ms ? 'refused' : 'not sent') : String(result.status);
  report.byStatus.set(status, (report.byStatus.get(status) ?? 0) + 1);
  const key = result.request.route;
  const route = report.byRoute.get(key) ?? { count: 0, statuses: new Map<string, number>(), totalMs: 0, maxMs: 0 };
  route.count += 1;
  route.statuses.set(status, (route.statuses.get(status) ?? 0) + 1);
  route.totalMs += result.ms;
  route.maxMs = Math.max(route.maxMs, result.ms);
  report.byRoute.set(key, route);
  if (result.failure) report.failures.push(result);
}

/**
 * Failures grouped so that one cause reads as one line: bad percent-encoding anywhere in an /api
 * path, the bare /api, otherwise method, route and what was wrong.
 */
export function failureFamily(f: FuzzResult): string {
  const pathname = f.request.path.split('?')[0] ?? '';
  // server.ts answers these methods itself, whatever the route: one cause
  if (isLeanPath(f.request.path) && (ODD_METHODS as readonly string[]).includes(f.request.method))
    return `(TRACE, WebDAV and the other odd methods) on any /v1 or /mcp path: ${f.failure}`;
  if (isApiPath(pathname)) {
    try {
      decodeURIComponent(pathname);
    } catch {
      return `(any method) /api path with bad percent-encoding: ${f.failure}`;
    }
    if (new URL(pathname, 'http://x').pathname.replace(/\/$/, '') === '/api')
      return `${f.request.method} /api (the bare prefix): ${f.failure}`;
  }
  return `${f.request.method} ${f.request.route}: ${f.failure}`;
}

/** The summary `npm run fuzz` prints: counts by status, by route, the slowest routes, the failures by kind. */
export function formatReport(report: FuzzReport): string {
  const lines: string[] = [];
  const sortedStatuses = [...report.byStatus].sort(([a], [b]) => a.localeCompare(b));
  lines.push('', `== fuzz: ${report.sent} requests in ${(report.ms / 1000).toFixed(1)} s, seed ${report.seed} ==`, '', 'by status:');
  for (const [s, n] of sortedStatuses) lines.push(`  ${s.padEnd(10)} ${String(n).padStart(7)}`);
  lines.push('', 'by route (count: statuses):');
  for (const [route, r] of [...report.byRoute].sort(([a], [b]) => a.localeCompare(b))) {
    const statuses = [...r.statuses]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([s, n]) => `${s}×${n}`)
      .join(' ');
    lines.push(`  ${route.padEnd(48)} ${String(r.count).padStart(6)}: ${statuses}`);
  }
  lines.push('', 'slowest routes (mean / max ms):');
  const slow = [...report.byRoute]
    .map(([route, r]) => ({ route, mean: r.totalMs / r.count, max: r.maxMs }))
    .sort((a, b) => b.mean - a.mean)
    .slice(0, 8);
  for (const s of slow) lines.push(`  ${s.route.padEnd(48)} ${s.mean.toFixed(0).padStart(6)} / ${String(s.max).padStart(6)}`);
  const kinds = new Map<string, number>();
  for (const f of report.failures) {
    const kind = failureFamily(f);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  lines.push('', `failures: ${report.failures.length}`);
  for (const [k, n] of [...kinds].sort((a, b) => b[1] - a[1])) lines.push(`  ${String(n).padStart(5)} × ${k}`);
  return lines.join('\n');
}
