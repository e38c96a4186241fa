import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it, vi } from 'vitest';

vi.hoisted(() => {
  // Each request speaks as its own client IP, so walking 50 pages never meets the rate limit.
  process.env.TRUSTED_PROXY_HEADER = 'x-forwarded-for';
});

import * as referenceSearchRoute from '@/app/api/corporates-search/search/route';
import * as searchRoute from '@/app/api/corporates/search/route';
import { getEnv } from '@/config/env';
import { SEARCH_ERROR_MESSAGES, SEARCH_MAX_PAGES, SEARCH_PAGE_SIZE, SearchResultSchema } from '@/features/company-search';
import { buildRegistry, ntaRow } from '@/features/registry/testing';

import { call } from '../support/requests';

/**
 * The depth limit of the registry search holds against an edited cursor (issue 11 §7: rewriting
 * the page number in an unsigned cursor gave 69 pages / 1,379 companies past the 50-page limit).
 */
const MATCHES = SEARCH_MAX_PAGES * SEARCH_PAGE_SIZE + 150;
const Q = encodeURIComponent('深掘');

let ipSerial = 0;
const routes = {
  '/api/corporates/search': searchRoute,
  '/api/corporates-search/search': referenceSearchRoute,
} as const;
type Path = keyof typeof routes;

async function page(route: Path, cursor?: string) {
  ipSerial += 1;
  const qs = `q=${Q}${cursor === undefined ? '' : `&cursor=${cursor}`}`;
  return call(routes[route], `${route}?${qs}`, { headers: { 'x-forwarded-for': `198.51.100.${ipSerial % 250}, 203.0.113.${ipSerial}` } });
}

/** What a visitor can do with the cursor: decode the payload, change a field, send it back. */
function edit(cursor: string, change: Record<string, unknown>, sign?: (payload: string) => string): string {
  const [payload = '', signature] = cursor.split('.');
  const data = { ...(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>), ...change };
  const edited = Buffer.from(JSON.stringify(data)).toString('base64url');
  // (An unsigned cursor, as before issue 11, is just the payload.)
  return signature === undefined ? edited : `${edited}.${sign ? sign(edited) : signature}`;
}

beforeAll(() => {
  const rows = Array.from({ length: MATCHES }, (_, i) => ntaRow({ name: `株式会社深掘${i}`, furigana: `フカボリ${i}` }));
  const file = getEnv().paths.registry;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  buildRegistry(file, rows, { isSample: true });
});

describe.each(Object.keys(routes) as Path[])('GET %s — the search depth limit', (route) => {
  it(`stops at page ${SEARCH_MAX_PAGES} when followed honestly`, async () => {
    let cursor: string | undefined;
    const seen = new Set<string>();
    let last;
    for (let n = 1; ; n++) {
      const res = await page(route, cursor);
      expect(res.status, `page ${n}`).toBe(200);
      last = SearchResultSchema.parse(res.json);
      expect(last.page).toBe(n);
      for (const item of last.items) seen.add(item.corporateNumber);
      if (last.nextCursor === null) break;
      cursor = last.nextCursor;
    }
    expect(last.page).toBe(SEARCH_MAX_PAGES);
    expect(last.depthLimited).toBe(true);
    expect(seen.size).toBe(SEARCH_MAX_PAGES * SEARCH_PAGE_SIZE);
  });

  it('cannot be walked past by resetting the page number in each cursor', async () => {
    const first = SearchResultSchema.parse((await page(route)).json);
    const seen = new Set(first.items.map((i) => i.corporateNumber));
    let cursor = first.nextCursor;
    let refused = false;
    for (let n = 0; n < 100 && cursor !== null; n++) {
      const res = await page(route, edit(cursor, { p: 2 }));
      if (res.status !== 200) {
        expect(res.status).toBe(400);
        refused = true;
        break;
      }
      const body = SearchResultSchema.parse(res.json);
      for (const item of body.items) seen.add(item.corporateNumber);
      cursor = body.nextCursor;
    }
    expect(refused).toBe(true);
    expect(seen.size).toBeLessThanOrEqual(SEARCH_MAX_PAGES * SEARCH_PAGE_SIZE);
  });

  it('answers 400 with a Japanese message to a cursor whose page number was edited back', async () => {
    const first = SearchResultSchema.parse((await page(route)).json);
    const second = SearchResultSchema.parse((await page(route, first.nextCursor ?? '')).json);
    const third = second.nextCursor ?? '';
    expect(third).not.toBe('');
    // The probe's trick: keep the position, reset the page number so the depth is never reached.
    for (const tampered of [edit(third, { p: 2 }), edit(third, { a: 0 }), edit(third, { c: 5, x: false })]) {
      const res = await page(route, tampered);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'invalid_cursor', message: SEARCH_ERROR_MESSAGES.invalid_cursor });
    }
  });

  it('answers 400 to a cursor signed with another key, an unsigned one and one past the depth limit', async () => {
    const first = SearchResultSchema.parse((await page(route)).json);
    const cursor = first.nextCursor ?? '';
    const otherKey = (payload: string) => createHmac('sha256', 'x'.repeat(32)).update(`search-cursor:v1:${payload}`).digest('base64url');
    const ownKey = (payload: string) =>
      createHmac('sha256', getEnv().SESSION_SECRET).update(`search-cursor:v1:${payload}`).digest('base64url');
    // Signed with another key, or — even with the service's own key — deeper than any cursor it issues.
    for (const forged of [edit(cursor, { p: 2 }, otherKey), edit(cursor, { p: SEARCH_MAX_PAGES + 1 }, ownKey)]) {
      const res = await page(route, forged);
      expect(res.status).toBe(400);
      expect(res.json.error).toMatchObject({ code: 'invalid_cursor', message: SEARCH_ERROR_MESSAGES.invalid_cursor });
    }
    // Without a signature the cursor is not even well-formed.
    const unsigned = await page(route, cursor.split('.')[0] ?? '');
    expect(unsigned.status).toBe(400);
    expect(unsigned.json.error?.fields).toEqual({ cursor: '続きの位置の指定が正しくありません。' });
  });
});
