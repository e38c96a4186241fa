import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { isAddressedTo, type MailStore, type StoredMail } from './mail-store';
import { renderListPage, renderMessagePage, renderNotFoundPage, wrapMailHtml } from './pages';

export type MailHttpDeps = {
  store: MailStore;
  rawOf: (id: string) => Buffer | undefined;
  remove: (id: string) => boolean;
  clear: () => number;
  /** Host names the HTTP server answers to (DNS-rebinding guard); null accepts any. */
  allowedHosts: ReadonlySet<string> | null;
};

const MAX_WAIT_MS = 120_000;

const ListQuerySchema = z.strictObject({
  to: z.string().trim().min(1).optional(),
});
const WaitQuerySchema = z.strictObject({
  to: z.string().trim().min(1, '宛先（to）を指定してください'),
  timeoutMs: z.coerce.number().int().min(0).max(MAX_WAIT_MS).default(30_000),
  /** An ISO 8601 time (mails received at or after it) or a message id (mails received after it). */
  after: z.string().trim().min(1).optional(),
});

const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

type JsonBody = Record<string, unknown>;

function sendJson(res: ServerResponse, status: number, body: JsonBody): void {
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  res.end(JSON.stringify(body));
}

const sendError = (res: ServerResponse, status: number, code: string, message: string, fields?: JsonBody) =>
  sendJson(res, status, {
    error: { code, message, ...(fields ? { fields } : {}) },
  });

function sendPage(res: ServerResponse, status: number, render: (nonce: string) => string): void {
  const nonce = randomBytes(16).toString('base64');
  res.writeHead(status, {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Content-Security-Policy': [
      "default-src 'none'",
      `style-src 'nonce-${nonce}'`,
      "frame-src 'self'",
      "form-action 'self'",
      "base-uri 'none'",
      "frame-ancestors 'none'",
    ].join('; '),
  });
  res.end(render(nonce));
}

function queryObject(url: URL): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of url.searchParams) out[key] = value;
  return out;
}

function fieldsOf(error: z.ZodError): JsonBody {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
  return fields;
}

/** Strips the port (and IPv6 brackets) from a Host header. */
function hostName(header: string | undefined): string {
  if (!header) return '';
  if (header.startsWith('[')) return header.slice(1, header.indexOf(']'));
  return header.replace(/:\d+$/, '').toLowerCase();
}

/** Loopback names: a page on another site cannot reach the catcher through DNS rebinding. */
export const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['localhost', '127.0.0.1', '::1']);

export function createMailHttpHandler(deps: MailHttpDeps) {
  const { store } = deps;

  async function handleWait(res: ServerResponse, url: URL): Promise<void> {
    const parsed = WaitQuerySchema.safeParse(queryObject(url));
    if (!parsed.success) {
      sendError(res, 400, 'invalid_query', '問い合わせのパラメーターが正しくありません。', fieldsOf(parsed.error));
      return;
    }
    const { to, timeoutMs, after } = parsed.data;
    let isNewEnough: (mail: StoredMail) => boolean = () => true;
    if (after !== undefined) {
      if (ISO_TIME.test(after)) {
        const since = Date.parse(after);
        if (Number.isNaN(since)) {
          sendError(res, 400, 'invalid_query', 'after の日時が正しくありません。', { after: '日時が正しくありません' });
          return;
        }
        isNewEnough = (mail) => Date.parse(mail.receivedAt) >= since;
      } else {
        const reference = store.get(after);
        if (!reference) {
          sendError(res, 400, 'invalid_query', 'after に指定したメールが見つかりません。', {
            after: 'ISO 8601 の日時か、受信済みメールの id を指定してください',
          });
          return;
        }
        isNewEnough = (mail) => mail.seq > reference.seq;
      }
    }
    // A client that gives up (test timeout, Ctrl-C) must not leave a waiter behind.
    const abort = new AbortController();
    res.on('close', () => abort.abort());
    const mail = await store.waitFor((m) => isAddressedTo(m, to) && isNewEnough(m), {
      timeoutMs,
      pick: after === undefined ? 'newest' : 'oldest',
      signal: abort.signal,
    });
    if (res.writableEnded || res.destroyed) return;
    if (mail) sendJson(res, 200, { message: mail });
    else sendError(res, 408, 'timeout', `${timeoutMs} ミリ秒以内に ${to} 宛てのメールは届きませんでした。`);
  }

  async function route(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (deps.allowedHosts && !deps.allowedHosts.has(hostName(req.headers.host))) {
      sendError(res, 421, 'misdirected', 'このホスト名では受け付けていません。localhost か 127.0.0.1 でアクセスしてください。');
      return;
    }
    const url = new URL(req.url ?? '/', 'http://catcher.invalid');
    const method = req.method ?? 'GET';
    const path = url.pathname;
    let segments: string[];
    try {
      segments = path.split('/').filter(Boolean).map(decodeURIComponent);
    } catch {
      return sendError(res, 400, 'invalid_path', 'URL の形式が正しくありません。');
    }

    if (path === '/healthz' && method === 'GET') return sendJson(res, 200, { ok: true });

    if (segments[0] === 'api' && segments[1] === 'messages') {
      if (segments.length === 2) {
        if (method === 'GET') {
          const parsed = ListQuerySchema.safeParse(queryObject(url));
          if (!parsed.success) {
            return sendError(res, 400, 'invalid_query', '問い合わせのパラメーターが正しくありません。', fieldsOf(parsed.error));
          }
          return sendJson(res, 200, {
            messages: store.list({ to: parsed.data.to }),
          });
        }
        if (method === 'DELETE') return sendJson(res, 200, { deleted: deps.clear() });
        return sendError(res, 405, 'method_not_allowed', 'この操作には対応していません。');
      }
      if (segments.length === 3 && segments[2] === 'wait') {
        if (method !== 'GET') return sendError(res, 405, 'method_not_allowed', 'この操作には対応していません。');
        return handleWait(res, url);
      }
      if (segments.length === 3) {
        const id = segments[2] ?? '';
        if (method === 'GET') {
          const mail = store.get(id);
          return mail ? sendJson(res, 200, { message: mail }) : sendError(res, 404, 'not_found', 'メールが見つかりません。');
        }
        if (method === 'DELETE') {
          return deps.remove(id) ? sendJson(res, 200, { deleted: 1 }) : sendError(res, 404, 'not_found', 'メールが見つかりません。');
        }
        return sendError(res, 405, 'method_not_allowed', 'この操作には対応していません。');
      }
      return sendError(res, 404, 'not_found', '見つかりません。');
    }

    if (method === 'GET' && path === '/') return sendPage(res, 200, (nonce) => renderListPage(store.list(), nonce));

    if (method === 'POST' && path === '/clear') {
      // Only the catcher's own page may empty the inbox (no cross-site form posts).
      const site = req.headers['sec-fetch-site'];
      if (site !== undefined && site !== 'same-origin' && site !== 'none') {
        return sendError(res, 403, 'cross_site', '別のサイトからの操作は受け付けていません。');
      }
      deps.clear();
      res.writeHead(303, { Location: '/' });
      res.end();
      return;
    }

    if (method === 'GET' && segments[0] === 'messages' && segments.length >= 2) {
      const mail = store.get(segments[1] ?? '');
      if (!mail) return sendPage(res, 404, (nonce) => renderNotFoundPage(nonce));
      if (segments.length === 2) return sendPage(res, 200, (nonce) => renderMessagePage(mail, nonce));
      if (segments.length === 3 && segments[2] === 'html' && mail.html) {
        // The mail's markup is untrusted: an opaque-origin sandbox without scripts, forms or any
        // network load, also when this URL is opened directly rather than through the iframe.
        res.writeHead(200, {
          'Content-Type': 'text/html; charset=utf-8',
          'Cache-Control': 'no-store',
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'no-referrer',
          'Content-Security-Policy': [
            'sandbox allow-popups allow-popups-to-escape-sandbox',
            "default-src 'none'",
            'img-src data:',
            "style-src 'unsafe-inline'",
            'font-src data:',
            "form-action 'none'",
            "frame-ancestors 'self'",
          ].join('; '),
        });
        res.end(wrapMailHtml(mail.html));
        return;
      }
      if (segments.length === 3 && segments[2] === 'raw') {
        const raw = deps.rawOf(mail.id);
        if (raw) {
          res.writeHead(200, {
            'Content-Type': 'text/plain; charset=utf-8',
            'Cache-Control': 'no-store',
            'X-Content-Type-Options': 'nosniff',
          });
          res.end(raw);
          return;
        }
      }
      return sendPage(res, 404, (nonce) => renderNotFoundPage(nonce));
    }

    sendError(res, 404, 'not_found', '見つかりません。');
  }

  return (req: IncomingMessage, res: ServerResponse) => {
    route(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(res, 500, 'internal', 'メール受信箱で予期しないエラーが発生しました。');
      else res.destroy();
      process.stderr.write(`[mail-catcher] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    });
  };
}
