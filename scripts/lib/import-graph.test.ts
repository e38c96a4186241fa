import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

import { checkCycles, runtimeSpecifiers } from './import-graph';

let dirs: string[] = [];
afterEach(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  dirs = [];
});

/** A throw-away src/ tree: path → source. */
function tree(files: Record<string, string>): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'import-graph-'));
  dirs.push(dir);
  for (const [file, source] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), source);
  }
  return dir;
}

const check = (dir: string) => checkCycles({ dir, aliases: { '@/': dir + '/' } });

describe('runtimeSpecifiers', () => {
  it('counts imports, re-exports, import() and require(), not type-only statements', () => {
    const specs = runtimeSpecifiers(
      [
        "import a from './a';",
        "import { b } from './b';",
        "import type { C } from './c';",
        "import { type D } from './d';",
        "import { type E, e } from './e';",
        "export { f } from './f';",
        "export type { G } from './g';",
        "export * from './h';",
        "const i = () => import('./i');",
        "const j = require('./j');",
        "import './k.css';",
      ].join('\n'),
    );
    expect(specs).toEqual(['./a', './b', './e', './f', './h', './i', './j', './k.css']);
  });
});

describe('checkCycles', () => {
  it('finds no cycle in an acyclic tree', () => {
    const dir = tree({
      'lib/a.ts': "import { b } from './b';\nexport const a = b;",
      'lib/b.ts': 'export const b = 1;',
      'features/x/index.ts': "import { a } from '@/lib/a';\nexport const x = a;",
      'features/y/index.ts': "import { x } from '@/features/x';\nexport const y = x;",
    });
    const report = check(dir);
    expect(report.fileCycles).toEqual([]);
    expect(report.featureCycles).toEqual([]);
    expect(report.partEdges).toBe(2); // features/x → lib, features/y → features/x
  });

  it('reports a cycle between files, also through a dynamic import()', () => {
    const dir = tree({
      'lib/a.ts': "import { b } from './b';\nexport const a = () => b;",
      'lib/b.ts': "export const b = async () => (await import('./a')).a;",
    });
    expect(check(dir).fileCycles).toEqual([['lib/a.ts', 'lib/b.ts']]);
  });

  it('does not report a cycle closed only by a type import', () => {
    const dir = tree({
      'lib/a.ts': "import { b } from './b';\nexport type A = number;\nexport const a = b;",
      'lib/b.ts': "import type { A } from './a';\nexport const b: A = 1;",
    });
    expect(check(dir).fileCycles).toEqual([]);
  });

  it('reports a cycle between features even when no file cycle exists, with the imports behind it', () => {
    const dir = tree({
      'features/orders/index.ts': "export { price } from './pricing';",
      'features/orders/pricing.ts': 'export const price = 1;',
      'features/orders/refund.ts': "import { pay } from '@/features/payments';\nexport const refund = pay;",
      'features/payments/index.ts': "import { price } from '@/features/orders';\nexport const pay = price;",
    });
    const report = check(dir);
    expect(report.fileCycles).toEqual([]);
    expect(report.featureCycles).toEqual([['features/orders', 'features/payments']]);
    expect(report.featureReasons.get('features/orders → features/payments')).toEqual([
      'features/orders/refund.ts → features/payments/index.ts',
    ]);
  });

  it('finds a cycle of three features', () => {
    const dir = tree({
      'features/a/index.ts': "import '@/features/b';",
      'features/b/index.ts': "import '@/features/c/index';",
      'features/c/index.ts': "export const load = () => import('../a');",
    });
    expect(check(dir).featureCycles).toEqual([['features/a', 'features/b', 'features/c']]);
  });
});
