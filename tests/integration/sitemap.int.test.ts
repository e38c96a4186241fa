import fs from 'node:fs';
import path from 'node:path';

import { beforeAll, describe, expect, it } from 'vitest';

import robots from '@/app/robots';
import * as companiesRoute from '@/app/sitemaps/companies/[file]/route';
import * as pagesRoute from '@/app/sitemaps/pages.xml/route';
import * as indexRoute from '@/app/sitemap.xml/route';
import { getEnv } from '@/config/env';
import { withCheckDigit } from '@/features/registry/corporate-number';
import { companySitemapCount, companySitemapPaths } from '@/features/company-reference/server/sitemap';
import { RegistryStore } from '@/features/registry/server/store/store';
import { buildRegistry, ntaRow, tempDir } from '@/features/registry/testing';

/** 法人番号 in ascending order (first digits differ, so the order is not the insertion order); one hidden (hihyoji), one closed. */
const NUMBERS = ['900000000001', '300000000002', '500000000003', '100000000004', '300000000005'].map(withCheckDigit).sort();
const HIDDEN = withCheckDigit('300000000015');
const CLOSED = withCheckDigit('300000000006');

const xmlLocs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1] ?? '');

beforeAll(() => {
  const env = getEnv();
  fs.mkdirSync(path.dirname(env.paths.registry), { recursive: true });
  buildRegistry(env.paths.registry, [
    ...NUMBERS.map((n) => ntaRow({ corporateNumber: n, name: `株式会社サイトマップ${n.slice(-2)}` })),
    ntaRow({ corporateNumber: HIDDEN, name: '株式会社非表示', hihyoji: true }),
    ntaRow({ corporateNumber: CLOSED, name: '株式会社閉鎖済', closeDate: '2020-01-01', closeCause: '01', process: '21' }),
  ]);
});

describe('company sitemaps (keyset chunks of ≤ 50,000 record pages)', () => {
  it('pages through every visible company in 法人番号 order, in chunks of the given size, leaving out hidden ones', () => {
    const store = new RegistryStore(getEnv().paths.registry, { checkIntervalMs: 0 });
    const count = companySitemapCount({ store, perChunk: 2 });
    expect(count).toEqual({ ok: true, value: 3 }); // 6 visible companies (5 + the closed one)
    const all: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const chunk = companySitemapPaths(i, { store, perChunk: 2 });
      if (!chunk.ok) throw new Error('chunk failed');
      expect(chunk.value.length).toBeLessThanOrEqual(2);
      all.push(...chunk.value);
    }
    const expected = [...NUMBERS, CLOSED].sort().map((n) => `/search-service/result?corporateNumber=${n}`);
    expect(all).toEqual(expected);
    expect(all.some((p) => p.includes(HIDDEN))).toBe(false);
    expect(companySitemapPaths(3, { store, perChunk: 2 })).toEqual({ ok: false, code: 'not_found' });
    store.close();
  });

  it('answers 503 (not an empty list) while the registry is missing', () => {
    const store = new RegistryStore(path.join(tempDir(), 'missing.sqlite'), { checkIntervalMs: 0 });
    expect(companySitemapCount({ store })).toEqual({ ok: false, code: 'registry_unavailable' });
  });
});

describe('/sitemap.xml, /sitemaps/*, /robots.txt', () => {
  const base = getEnv().APP_BASE_URL;

  it('the index lists the pages sitemap and one company sitemap per 50,000 companies, with cache headers', async () => {
    const res = indexRoute.GET();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(res.headers.get('cache-control')).toMatch(/^public, max-age=3600/);
    const xml = await res.text();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(xmlLocs(xml)).toEqual([`${base}/sitemaps/pages.xml`, `${base}/sitemaps/companies/0.xml`]);
  });

  it('a company sitemap holds absolute record URLs; an unknown chunk or name is 404', async () => {
    const res = await companiesRoute.GET(new Request(`${base}/sitemaps/companies/0.xml`), { params: Promise.resolve({ file: '0.xml' }) });
    expect(res.status).toBe(200);
    const locs = xmlLocs(await res.text());
    expect(locs).toHaveLength(6);
    expect(locs[0]).toBe(`${base}/search-service/result?corporateNumber=${NUMBERS[0]}`);
    for (const file of ['1.xml', '01.xml', '0.json', '-1.xml', 'x.xml']) {
      const r = await companiesRoute.GET(new Request(`${base}/sitemaps/companies/${file}`), { params: Promise.resolve({ file }) });
      expect(r.status, file).toBe(404);
    }
  });

  it('the pages sitemap lists the public pages and no member page', async () => {
    const locs = xmlLocs(await pagesRoute.GET().text());
    expect(locs).toContain(`${base}/`);
    expect(locs).toContain(`${base}/search`);
    expect(locs.some((l) => /purchase|my-page|login|api/.test(l))).toBe(false);
  });

  it('robots.txt points at the sitemap index and keeps crawlers out of the API and the member area', () => {
    const r = robots();
    expect(r.sitemap).toBe(`${base}/sitemap.xml`);
    const rules = Array.isArray(r.rules) ? r.rules[0] : r.rules;
    expect(rules?.allow).toBe('/');
    expect(rules?.disallow).toEqual(expect.arrayContaining(['/api/', '/my-page/', '/purchase/']));
  });
});
