import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

/**
 * What the one-owner-per-table tests share (src/features/orders/ownership.test.ts,
 * src/features/accounts/ownership.test.ts): the app's and the scripts' source files outside the
 * owning feature, and the code lines of a source that match a table's patterns.
 */

const ROOT = join(__dirname, '..', '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(path);
    return /\.(ts|tsx|mts|js|mjs)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

// Comments may name a statement (logger.ts explains `insert into "orders"` in its log fields).
const code = (line: string) => !/^\s*(\*|\/\/|\/\*)/.test(line);

/** The lines of `source` that are code (not a comment line) and match one of `patterns`. */
export function codeLinesMatching(source: string, patterns: readonly RegExp[]): string[] {
  return source.split('\n').filter((line) => code(line) && patterns.some((p) => p.test(line)));
}

/** Every non-test source file of src/ and scripts/ outside `owner` ('src/features/orders'): its path from the root ('/'-separated) and its text. */
export function sourcesOutside(owner: string): { path: string; text: string }[] {
  return ['src', 'scripts']
    .flatMap((d) => sourceFiles(join(ROOT, d)))
    .map((path) => relative(ROOT, path).split(sep).join('/'))
    .filter((path) => !path.startsWith(`${owner}/`))
    .map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));
}
