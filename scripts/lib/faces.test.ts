import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { checkFaces, importsOf } from './faces';

/** Fixture trees for the face check (scripts/check-faces.ts): each breaks one rule. */
const roots: string[] = [];
function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-faces-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => {
  for (const root of roots.splice(0)) fs.rmSync(root, { recursive: true, force: true });
});

/** A tree that keeps every rule: a client face, a server face, and a feature using both. */
const GOOD = {
  'src/features/a/index.ts': "export { A } from './a';\nexport type { Row } from './server/repo';\n",
  'src/features/a/a.ts': "import { type Row } from './server/repo';\nexport const A = 1;\nexport type R = Row;\n",
  'src/features/a/index.server.ts': "import 'server-only';\n\nexport { repo } from './server/repo';\n",
  'src/features/a/server/repo.ts': "import 'server-only';\nexport type Row = { id: string };\nexport const repo = 1;\n",
  'src/features/a/testing.ts': 'export const fixture = 1;\n',
  'src/features/b/index.ts': "// import { repo } from '@/features/a/server/repo';\nexport { A } from '@/features/a';\n",
  'src/features/b/server/use.ts': "import 'server-only';\nimport { repo } from '@/features/a/index.server';\nexport const x = repo;\n",
  'src/features/b/use.test.ts': "import { fixture } from '@/features/a/testing';\nexport const y = fixture;\n",
  'src/app/page.tsx': "import { repo } from '@/features/a/server/repo';\nexport default repo;\n",
};

describe('checkFaces', () => {
  it('passes a tree that keeps the convention (routes may reach into a feature)', () => {
    expect(checkFaces(tree(GOOD))).toEqual([]);
  });

  it('reports a face file of another name: index.client.ts, server/index.ts', () => {
    const root = tree({
      ...GOOD,
      'src/features/a/index.client.ts': "export { A } from './a';\n",
      'src/features/a/server/index.ts': "import 'server-only';\nexport { repo } from './repo';\n",
    });
    expect(checkFaces(root).map((p) => [p.rule, p.file])).toEqual([
      ['face-name', 'src/features/a/index.client.ts'],
      ['face-name', 'src/features/a/server/index.ts'],
    ]);
  });

  it("reports an index.server.ts that does not start with import 'server-only'", () => {
    const root = tree({ ...GOOD, 'src/features/a/index.server.ts': "export { repo } from './server/repo';\nimport 'server-only';\n" });
    expect(checkFaces(root).map((p) => [p.rule, p.file])).toEqual([['server-face', 'src/features/a/index.server.ts']]);
  });

  it('reports an index.ts that reaches a server-only module through its re-exports, however deep', () => {
    const root = tree({
      ...GOOD,
      'src/features/a/index.ts': "export { A } from './a';\nexport * from './rules';\n",
      'src/features/a/rules.ts': "export { helper } from '@/features/a/server/helper';\n",
      'src/features/a/server/helper.ts': "import { repo } from './repo';\nexport const helper = repo;\n",
    });
    const problems = checkFaces(root);
    // b's index.ts re-exports a's, so it reaches the same module.
    expect(problems.map((p) => [p.rule, p.file])).toEqual([
      ['client-face', 'src/features/a/index.ts'],
      ['client-face', 'src/features/b/index.ts'],
    ]);
    expect(problems[0]!.message).toContain(
      'src/features/a/index.ts → src/features/a/rules.ts → src/features/a/server/helper.ts → src/features/a/server/repo.ts',
    );
  });

  it('reports a deep import from another feature (alias or relative), and testing.ts outside tests', () => {
    const root = tree({
      ...GOOD,
      'src/features/b/server/use.ts': "import 'server-only';\nimport { repo } from '@/features/a/server/repo';\nexport const x = repo;\n",
      'src/features/b/components/view.tsx': "import { A } from '../../a/a';\nexport const v = A;\n",
      'src/features/b/fixtures.ts': "import { fixture } from '@/features/a/testing';\nexport const f = fixture;\n",
      'src/lib/x.ts': "import { A } from '@/features/a/a';\nexport const l = A;\n",
    });
    expect(
      checkFaces(root)
        .map((p) => [p.rule, p.file])
        .sort(),
    ).toEqual([
      ['deep-import', 'src/features/b/components/view.tsx'],
      ['deep-import', 'src/features/b/fixtures.ts'],
      ['deep-import', 'src/features/b/server/use.ts'],
      ['deep-import', 'src/lib/x.ts'],
    ]);
  });

  it('passes the repository itself', () => {
    expect(checkFaces(path.resolve(__dirname, '..', '..'))).toEqual([]);
  });
});

describe('importsOf', () => {
  it('tells erased imports from value imports', () => {
    const refs = importsOf(
      [
        "import type { A } from './a';",
        "import { type B, type C } from './b';",
        "import { type D, E } from './c';",
        "export type { F } from './d';",
        "export * from './e';",
        "import './f.css';",
        "const g = () => import('./g');",
        "// import { h } from './h';",
      ].join('\n'),
    );
    expect(refs.map((r) => [r.specifier, r.value]).sort()).toEqual([
      ['./a', false],
      ['./b', false],
      ['./c', true],
      ['./d', false],
      ['./e', true],
      ['./f.css', true],
      ['./g', true],
    ]);
  });
});
