import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { buildGraph, formatMermaid, formatText, partOf, readSourceTree } from './deps-graph';

const tree = new Map<string, string>([
  ['src/features/a/index.ts', "export { b } from '@/features/b';\nexport const a = 1;"],
  ['src/features/a/server/index.ts', "import type { B } from '../../b/types';\nimport { c } from '@/features/c';\nexport const s = c;"],
  ['src/features/b/index.ts', "export const b = async () => (await import('@/features/a')).a;"],
  ['src/features/b/types.ts', "import type { S } from '../a/server/index';\nexport type B = number;\nexport type T = S;"],
  ['src/features/b/b.test.ts', "import { c } from '@/features/c';"],
  ['src/features/c/index.ts', "import { type X } from '@/lib/x';\nimport { y } from '../../lib/y.js';"],
  ['src/lib/x.ts', 'export type X = 1;'],
  ['src/lib/y.ts', "import { a } from '@/features/a';\nimport React from 'react';\nexport const y = a;"],
  ['src/app/page.tsx', "import { c } from '@/features/c';\nexport default function P() { return <p>{c}</p>; }"],
  ['src/proxy.ts', "import { y } from './lib/y';"],
]);

describe('deps-graph', () => {
  it('names the part of a file', () => {
    expect(partOf('src/features/address/server/postal-index.ts')).toBe('address');
    expect(partOf('src/app/page.tsx')).toBe('app');
    expect(partOf('src/proxy.ts')).toBe('src (top)');
  });

  it('counts edges between parts, marks those that run back up, finds the cycles', () => {
    const g = buildGraph(tree);
    expect(g.parts).toEqual(['app', 'src (top)', 'a', 'b', 'c', 'lib']);
    const edge = (from: string, to: string) => g.edges.find((e) => e.from === from && e.to === to);
    expect(edge('a', 'b')).toMatchObject({ runtime: 1, type: 1, backUp: false });
    expect(edge('b', 'a')).toMatchObject({ runtime: 1, type: 1 }); // the dynamic import counts as runtime
    expect(edge('c', 'lib')).toMatchObject({ runtime: 1, type: 1 });
    expect(edge('lib', 'a')).toMatchObject({ runtime: 1, backUp: true });
    expect(edge('b', 'c')).toBeUndefined(); // tests are not part of the graph
    expect(g.partCycles).toEqual([['a', 'b', 'c', 'lib'].sort()]);
    expect(g.fileCycles).toEqual([['src/features/a/index.ts', 'src/features/b/index.ts']]);
    expect(g.fileCyclesWithTypes).toEqual([
      ['src/features/a/index.ts', 'src/features/b/index.ts'],
      ['src/features/a/server/index.ts', 'src/features/b/types.ts'],
    ]);
    expect(g.faces).toEqual({ a: ['index.ts', 'server/index.ts'], b: ['index.ts'], c: ['index.ts'] });
  });

  it('prints text and mermaid', () => {
    const g = buildGraph(tree);
    const text = formatText(g);
    expect(text).toContain('lib → a ↑ (1)');
    expect(text).toContain('a ↔ b ↔ c ↔ lib');
    expect(formatMermaid(g)).toContain('a -->|1+1t| b');
  });

  it('sees every feature folder of this checkout', () => {
    const root = path.join(__dirname, '..', '..');
    const g = buildGraph(readSourceTree(root));
    for (const feature of ['address', 'registry', 'company-search', 'orders', 'payments', 'watch']) expect(g.parts).toContain(feature);
  });
});
