import { randomUUID } from 'node:crypto';
import http from 'node:http';

import { expect, test } from '@playwright/test';

import { E2E_BASE_URL, E2E_PORT } from './support/e2e-env';

/**
 * Through the real server (server.ts in the e2e stack, no proxy configured): the client is the
 * TCP peer. Requests are bound to two loopback addresses (127.0.0.2 and 127.0.0.1) with
 * `localAddress`; the failed logins of one do not slow the other, and what a client writes in
 * X-Forwarded-For (or in a header named like ours) changes nothing
 * (docs/decisions/0011-client-ip-and-rate-limits.md).
 */

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  json: { csrf_token?: string; error?: { code: string } } | null;
}

function send(localAddress: string, method: string, path: string, headers: Record<string, string> = {}, body?: unknown): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: E2E_PORT,
        localAddress,
        method,
        path,
        headers: {
          host: new URL(E2E_BASE_URL).host,
          ...(payload ? { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) } : {}),
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          let json: Answer['json'] = null;
          try {
            json = JSON.parse(text) as Answer['json'];
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, headers: res.headers, json });
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** A client at one loopback address: its pre-session cookie and CSRF token. */
async function clientAt(localAddress: string) {
  const csrf = await send(localAddress, 'GET', '/api/session/csrf');
  expect(csrf.status).toBe(200);
  const cookie = (csrf.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]).join('; ');
  const token = csrf.json?.csrf_token ?? '';
  return (email: string, password: string, extra: Record<string, string> = {}) =>
    send(
      localAddress,
      'POST',
      '/api/users/login',
      {
        cookie,
        'x-csrf-token': token,
        'x-requested-with': 'XMLHttpRequest',
        origin: E2E_BASE_URL,
        'sec-fetch-site': 'same-origin',
        ...extra,
      },
      { email, password },
    ).then((r) => r.status);
}

test('two peer addresses are two clients, whatever X-Forwarded-For says', async () => {
  const email = `e2e-peer-${randomUUID().slice(0, 8)}@example.jp`;
  const attacker = await clientAt('127.0.0.2');
  const statuses: number[] = [];
  for (let i = 0; i < 8; i++) {
    // each try claims to come from somewhere else, including the other client's address
    statuses.push(
      await attacker(email, `wrong-${i}-password`, {
        'x-forwarded-for': i % 2 ? '127.0.0.1' : `192.0.2.${i}`,
        'x-real-ip': `192.0.2.${i}`,
        'x-hojin-peer': '127.0.0.1',
      }),
    );
  }
  expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);

  // the other address is another client: its failure is checked (401), not refused (429)
  const other = await clientAt('127.0.0.1');
  expect(await other(email, 'another-wrong-password')).toBe(401);
  // and the first is still backed off
  expect(await attacker(email, 'yet-another-password', { 'x-forwarded-for': '127.0.0.1' })).toBe(429);
});
