import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { importsOf, resolveSpecifier, SRC_ALIASES } from './source-imports';

/**
 * Processes that run our TypeScript without the react-server condition — server.ts (our HTTP
 * server in front of Next), the dev stand-ins, Playwright's config, setup and specs, the fuzzer, the
 * budget check and the registry tools — must never load a module that says `import 'server-only'`:
 * there the package throws on import and the process dies at start. (server.ts imported
 * server/http/odd-methods.ts and peer-address.ts after they were given the import: `npm start` and
 * the e2e stack failed to start, and no unit or integration test noticed.)
 */
const ROOT = path.resolve(__dirname, '..', '..');
const ALIASES: Record<string, string> = { ...SRC_ALIASES, '@tests/': 'tests/', '@db/': 'db/' };

function listTs(dir: string): string[] {
  return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return listTs(rel);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [rel] : [];
  });
}

const ENTRIES = [
  'server.ts',
  'playwright.config.ts',
  'scripts/check-budgets.ts',
  'scripts/fuzz.ts',
  ...['mail', 'nta', 'oidc', 'payjp', 's3'].map((s) => `dev/${s}/server.ts`),
  ...listTs('tests/e2e'),
  ...listTs('tools/registry'),
];

const has = (file: string) => fs.existsSync(path.join(ROOT, file)) && fs.statSync(path.join(ROOT, file)).isFile();

/**
 * Every repository file an entry loads at run time (static and dynamic imports; `import type` is
 * erased); `staticOnly`: what loads when the entry loads, not what a function may import later.
 */
function reached(entries: readonly string[], staticOnly = false): Map<string, string> {
  const via = new Map<string, string>();
  const queue = entries.filter(has).map((e) => {
    via.set(e, e);
    return e;
  });
  while (queue.length > 0) {
    const file = queue.shift() as string;
    for (const imp of importsOf(file, fs.readFileSync(path.join(ROOT, file), 'utf8'))) {
      if (imp.kind === 'type' || (staticOnly && imp.dynamic)) continue;
      const target = resolveSpecifier(file, imp.spec, has, ALIASES);
      if (target === null || via.has(target)) continue;
      via.set(target, file);
      queue.push(target);
    }
  }
  return via;
}

describe('entry points that run without the react-server condition', () => {
  it('exist (the list is not stale)', () => {
    for (const entry of ENTRIES) expect(has(entry), entry).toBe(true);
  });

  it("load no module that says import 'server-only'", () => {
    const via = reached(ENTRIES);
    const bad = [...via.keys()]
      .filter((f) => /^import 'server-only';$/m.test(fs.readFileSync(path.join(ROOT, f), 'utf8')))
      .map((f) => `${f} (imported by ${via.get(f)})`);
    expect(bad).toEqual([]);
  });

  it('the walk follows our aliases and relative imports (server.ts reaches its HTTP helpers)', () => {
    const via = reached(['server.ts']);
    expect(via.has('src/server/http/odd-methods.ts')).toBe(true);
  });
});

/**
 * Processes that run the server's code with the react-server condition but without Next's bundler
 * — the command-line scripts and the test children that kill and restart the app — cannot load a
 * stylesheet: Node reads `.css` as JavaScript and dies. (The API's subscriptions took two rules
 * from the payments face that also exports the card form; the kill tests' children then failed at
 * start, and only they noticed.)
 */
describe('server code run by tsx without a bundler', () => {
  const TSX_ENTRIES = [
    'src/instrumentation-node.ts',
    'src/features/api/index.server.ts',
    'src/features/payments/index.server.ts',
    'tests/support/purchase-process.ts',
    'tests/support/drain-process.ts',
    ...fs
      .readdirSync(path.join(ROOT, 'scripts'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .map((f) => `scripts/${f}`),
  ];

  it('loads no stylesheet (a lazy loader, imported on demand in the browser, is not followed)', () => {
    const via = reached(TSX_ENTRIES, true);
    expect(via.has('src/features/api/server/subscriptions.ts')).toBe(true);
    const bad = [...via.keys()].filter((f) => f.endsWith('.css')).map((f) => `${f} (imported by ${via.get(f)})`);
    expect(bad).toEqual([]);
  });
});
