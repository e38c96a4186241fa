import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { BUDGETS, ROUTE_BROTLI_BUDGETS, brotliBudgetOf, brotliSize, measureRoutes, violations } from './bundle-budget';

/** A minimal `.next/` as `next build` (Turbopack) leaves it: route stats, route map, client-reference manifests. */
function fakeBuild(pages: Record<string, { appPath: string; jsBytes: number[]; cssBytes: number[] }>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-budget-'));
  const next = path.join(root, '.next');
  fs.mkdirSync(path.join(next, 'diagnostics'), { recursive: true });
  fs.mkdirSync(path.join(next, 'static', 'chunks'), { recursive: true });
  const stats: { route: string; firstLoadChunkPaths: string[] }[] = [];
  const routes: Record<string, string> = {};
  let n = 0;
  // Random bytes do not compress, so gzip size ≈ the size asked for.
  const chunk = (bytes: number, ext: string) => {
    n += 1;
    const file = `static/chunks/c${n}.${ext}`;
    fs.writeFileSync(path.join(next, file), crypto.randomBytes(bytes));
    return file;
  };
  for (const [route, page] of Object.entries(pages)) {
    stats.push({ route, firstLoadChunkPaths: page.jsBytes.map((b) => `.next/${chunk(b, 'js')}`) });
    routes[`${page.appPath}/page`] = route;
    const css = page.cssBytes.map((b) => ({ path: chunk(b, 'css'), inlined: false }));
    const manifest = { moduleLoading: { prefix: '' }, clientModules: {}, entryCSSFiles: { '[project]/src/app/layout': css } };
    const dir = path.join(next, 'server', 'app', page.appPath);
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(
      path.join(dir, 'page_client-reference-manifest.js'),
      `globalThis.__RSC_MANIFEST = globalThis.__RSC_MANIFEST || {};\nglobalThis.__RSC_MANIFEST["${page.appPath}/page"] = ${JSON.stringify(manifest)};\n`,
    );
  }
  fs.writeFileSync(path.join(next, 'diagnostics', 'route-bundle-stats.json'), JSON.stringify(stats));
  fs.writeFileSync(path.join(next, 'app-path-routes-manifest.json'), JSON.stringify(routes));
  return next;
}

describe('page-size budgets from the build output', () => {
  it('passes pages within budget and names the page and the resource that went over', () => {
    const next = fakeBuild({
      '/': { appPath: '', jsBytes: [70_000, 60_000], cssBytes: [4_000] },
      '/purchase/select': { appPath: '/(member)/purchase/select', jsBytes: [120_000, 50_000], cssBytes: [16_000] },
    });
    const sizes = measureRoutes(next);
    expect(sizes.map((s) => s.route)).toEqual(['/', '/purchase/select']);
    const home = sizes[0];
    expect(home?.jsKiB).toBeGreaterThan(125);
    expect(home?.jsKiB).toBeLessThan(BUDGETS.firstLoadJsKiB);
    expect(home?.jsBrotliKiB).toBeLessThan(BUDGETS.firstLoadJsBrotliKiB);
    // The route group (member) is mapped away to find the page's stylesheets.
    expect(sizes[1]?.cssFiles).toHaveLength(1);
    expect(violations(sizes, BUDGETS, {}, {})).toEqual([
      expect.objectContaining({ route: '/purchase/select', what: 'js', budget: BUDGETS.firstLoadJsKiB }),
      expect.objectContaining({ route: '/purchase/select', what: 'js-brotli', budget: BUDGETS.firstLoadJsBrotliKiB }),
      expect.objectContaining({ route: '/purchase/select', what: 'css', budget: BUDGETS.renderBlockingCssKiB }),
    ]);
  });

  it('holds a page with its own budget to that one', () => {
    const next = fakeBuild({ '/my-page/x': { appPath: '/(member)/my-page/x', jsBytes: [200_000], cssBytes: [] } });
    const sizes = measureRoutes(next);
    expect(violations(sizes, BUDGETS, { '/my-page/x': 250 })).toEqual([]);
    expect(violations(sizes, BUDGETS, {})).toEqual([expect.objectContaining({ route: '/my-page/x', what: 'js' })]);
  });

  it('holds public pages and purchase steps to the Brotli budget, the back office and my-page to the gzip guard only', () => {
    // Random bytes do not compress: ~135 KiB both ways, under the gzip guard and over 130 in Brotli.
    const next = fakeBuild({
      '/search': { appPath: '/search', jsBytes: [138_000], cssBytes: [] },
      '/purchase/select': { appPath: '/(member)/purchase/select', jsBytes: [138_000], cssBytes: [] },
      '/my-page/watch': { appPath: '/(member)/my-page/watch', jsBytes: [138_000], cssBytes: [] },
      '/admin/staff': { appPath: '/admin/staff', jsBytes: [138_000], cssBytes: [] },
    });
    const sizes = measureRoutes(next);
    expect(violations(sizes, BUDGETS, {}, {}).map((v) => [v.route, v.what])).toEqual([
      ['/purchase/select', 'js-brotli'],
      ['/search', 'js-brotli'],
    ]);
    // a page's own Brotli allowance
    expect(violations(sizes, BUDGETS, {}, { '/search': 140, '/purchase/select': 140 })).toEqual([]);
    expect(brotliBudgetOf('/admin', BUDGETS, {})).toBeNull();
    expect(brotliBudgetOf('/my-page/basic-info', BUDGETS, {})).toBeNull();
    expect(brotliBudgetOf('/administration', BUDGETS, {})).toBe(BUDGETS.firstLoadJsBrotliKiB);
  });

  it('allows no public page or purchase step more than 130 KiB of Brotli (issue 24 §8: the last two allowances ended, 0097)', () => {
    expect(ROUTE_BROTLI_BUDGETS).toEqual({});
    for (const route of ['/purchase/recipient-info', '/purchase/resume']) expect(brotliBudgetOf(route)).toBe(BUDGETS.firstLoadJsBrotliKiB);
  });

  it("counts the build's current .br copy, and compresses in process when there is none or it is stale", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-budget-br-'));
    const file = path.join(dir, 'a.js');
    const source = Buffer.from('const 会社 = "検索";\n'.repeat(2_000));
    fs.writeFileSync(file, source);
    const inProcess = brotliSize(file);
    expect(inProcess).toBeGreaterThan(0);
    expect(inProcess).toBeLessThan(source.length / 20);

    const other = path.join(dir, 'b.js');
    fs.writeFileSync(other, source);
    fs.writeFileSync(`${other}.br`, Buffer.alloc(123));
    expect(brotliSize(other)).toBe(123);

    const stale = path.join(dir, 'c.js');
    fs.writeFileSync(`${stale}.br`, Buffer.alloc(123));
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(`${stale}.br`, old, old);
    fs.writeFileSync(stale, source);
    expect(brotliSize(stale)).toBe(inProcess);
  });

  it('refuses to pass when there is no build to read', () => {
    expect(() => measureRoutes(path.join(os.tmpdir(), 'no-such-build', '.next'))).toThrow(/next build/);
  });
});
