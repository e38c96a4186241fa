import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs stay short and true (issue 25 §8): performance.md holds today's figures, not a
 * notebook; every decision is in the index with its status; what architecture.md and
 * performance.md cite — files, folders, npm scripts — exists.
 */
const root = path.join(__dirname, '..', '..');
const read = (rel: string): string => fs.readFileSync(path.join(root, rel), 'utf8');

const ROOTS = ['src', 'tests', 'scripts', 'bench', 'db', 'dev', 'tools', 'assets', 'docs'];

/** Repository paths a document cites: tokens starting with one of ROOTS and a slash. */
function citedPaths(text: string): string[] {
  const found = new Set<string>();
  const re = new RegExp(`(?<![\\w./@-])((?:${ROOTS.join('|')})/[\\w.\\-/\\[\\]()]*)`, 'g');
  for (const m of text.matchAll(re)) {
    const p = (m[1] as string).replace(/[.,)]+$/, '');
    const after = text[(m.index ?? 0) + (m[0] as string).length] ?? '';
    if (/[*{<…]/.test(after) || p.startsWith('bench/out/')) continue; // a pattern, or a bench's output
    found.add(p);
  }
  return [...found].sort();
}

/** A cited path exists; `docs/decisions/0011` names decision 0011's file. */
function exists(p: string): boolean {
  if (fs.existsSync(path.join(root, p))) return true;
  const decision = /^docs\/decisions\/(\d{4})$/.exec(p);
  return decision !== null && fs.readdirSync(path.join(root, 'docs/decisions')).some((f) => f.startsWith(`${decision[1]}-`));
}

describe('docs', () => {
  it('performance.md is at most 400 lines', () => {
    expect(read('docs/performance.md').split('\n').length).toBeLessThanOrEqual(400);
  });

  it('the decisions index lists every decision, and every row links to a file', () => {
    const index = read('docs/decisions/README.md');
    const files = fs.readdirSync(path.join(root, 'docs/decisions')).filter((f) => /^\d{4}-.*\.md$/.test(f));
    const linked = [...index.matchAll(/\]\((\d{4}-[^)]+\.md)\)/g)].map((m) => m[1] as string);
    expect(files.filter((f) => !linked.includes(f))).toEqual([]);
    expect(linked.filter((f) => !files.includes(f))).toEqual([]);
    for (const row of index.split('\n').filter((l) => /^\| \[\d{4}\]/.test(l))) {
      expect(row).toMatch(/\| (accepted|superseded by \d{4})[^|]*\|\s*$/);
    }
  });

  it.each(['docs/architecture.md', 'docs/performance.md', 'docs/decisions/README.md'])('every path %s cites exists', (doc) => {
    const missing = citedPaths(read(doc)).filter((p) => !exists(p));
    expect(missing).toEqual([]);
  });

  it.each(['docs/architecture.md', 'docs/performance.md'])('every npm script %s names exists', (doc) => {
    const scripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);
    const named = [...read(doc).matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] as string);
    expect(named.filter((s) => !scripts.includes(s))).toEqual([]);
  });

  it('finds cited paths, skipping patterns', () => {
    expect(citedPaths('see `src/lib/csv.ts`, tests/e2e/fuzz.spec.ts and src/features/*/index.ts; http://x/src/no')).toEqual([
      'src/lib/csv.ts',
      'tests/e2e/fuzz.spec.ts',
    ]);
  });
});
