import { describe, expect, it } from 'vitest';

import { importsOf, resolveSpecifier, stronglyConnected } from './source-imports';

describe('importsOf', () => {
  it('reads static, type-only, re-exported, dynamic and required imports', () => {
    expect(
      importsOf(
        'x.ts',
        [
          "import type { A } from 'a';",
          "import { type B } from 'b';",
          "import { type C, D } from 'c';",
          "export * from 'd';",
          "const e = import('e');",
          "export type { F } from 'f';",
          "export { type G } from 'g';",
          "const h = require('h');",
          "let i: import('i').I;",
          "import 'j.css';",
          'const k = \'import("not-an-import")\';',
        ].join('\n'),
      ),
    ).toEqual([
      { spec: 'a', kind: 'type', dynamic: false },
      { spec: 'b', kind: 'type', dynamic: false },
      { spec: 'c', kind: 'runtime', dynamic: false },
      { spec: 'd', kind: 'runtime', dynamic: false },
      { spec: 'e', kind: 'runtime', dynamic: true },
      { spec: 'f', kind: 'type', dynamic: false },
      { spec: 'g', kind: 'type', dynamic: false },
      { spec: 'h', kind: 'runtime', dynamic: false },
      { spec: 'i', kind: 'type', dynamic: false },
      { spec: 'j.css', kind: 'runtime', dynamic: false },
    ]);
  });
});

describe('resolveSpecifier', () => {
  const files = new Set(['src/lib/y.ts', 'src/features/a/index.ts', 'src/app/page.tsx', 'tests/support/db.ts']);
  const has = (f: string) => files.has(f);

  it('follows relative paths, the @/ alias, index files and .js written for .ts', () => {
    expect(resolveSpecifier('src/features/a/x.ts', '../../lib/y.js', has)).toBe('src/lib/y.ts');
    expect(resolveSpecifier('src/app/page.tsx', '@/features/a', has)).toBe('src/features/a/index.ts');
    expect(resolveSpecifier('src/app/page.tsx', 'react', has)).toBeNull();
    expect(resolveSpecifier('src/app/page.tsx', '@/lib/missing', has)).toBeNull();
  });

  it('takes other aliases, the root included', () => {
    expect(resolveSpecifier('server.ts', '@tests/support/db', has, { '@tests/': 'tests/' })).toBe('tests/support/db.ts');
    expect(resolveSpecifier('app/page.tsx', '@/lib/y', (f) => f === 'lib/y.ts', { '@/': '' })).toBe('lib/y.ts');
  });
});

describe('stronglyConnected', () => {
  it('finds each loop of more than one node, sorted', () => {
    const next: Record<string, string[]> = { a: ['b'], b: ['c', 'a'], c: ['d'], d: ['c'], e: ['e'] };
    expect(stronglyConnected(Object.keys(next), (n) => next[n] ?? [])).toEqual([
      ['c', 'd'],
      ['a', 'b'],
    ]);
  });
});
