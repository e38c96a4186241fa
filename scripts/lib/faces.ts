import fs from 'node:fs';
import path from 'node:path';

/**
 * The feature-face convention (docs/architecture.md, "Feature faces"; docs/decisions/0090), checked
 * over a source tree by `scripts/check-faces.ts` in the static tier of `npm test`:
 *
 * 1. A feature's public faces are `src/features/<f>/index.ts` (client-safe) and
 *    `src/features/<f>/index.server.ts` (server); no other `index*` file anywhere in a feature
 *    (`index.client.ts`, `server/index.ts`, …).
 * 2. `index.server.ts` starts with `import 'server-only';`.
 * 3. `index.ts` reaches no `server-only` module through its value imports and re-exports, however
 *    deep (`import type` and `export type` are erased and not followed).
 * 4. From outside a feature (another feature, src/components, src/lib, src/server, src/config) only
 *    `@/features/<f>` and `@/features/<f>/index.server` are imported, and `@/features/<f>/testing`
 *    from tests. Routes (src/app) compose a feature's pages and handlers and may reach its modules.
 */
export interface FaceProblem {
  file: string;
  rule: 'face-name' | 'server-face' | 'client-face' | 'deep-import';
  message: string;
}

const SOURCE = /\.(ts|tsx)$/;
const TEST = /(\.test\.tsx?$)|(\/test-support\/)/;
const SERVER_ONLY = /^\s*import\s+['"]server-only['"]\s*;?/m;
const ALLOWED_FACES = new Set(['index.ts', 'index.server.ts']);

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...walk(p));
    else if (SOURCE.test(entry.name)) out.push(p);
  }
  return out;
}

/** Strips comments so that an import written in a comment is not read as one. */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

interface ImportRef {
  specifier: string;
  /** false when the statement is erased at build (`import type`, `export type`, only `type` names) */
  value: boolean;
}

/** The module specifiers a file imports or re-exports, with whether any value crosses. */
export function importsOf(text: string): ImportRef[] {
  const src = code(text);
  const refs: ImportRef[] = [];
  const statement = /(?:^|[;\n])\s*(import|export)\s+(type\s+)?([^'";]*?)\s*from\s*['"]([^'"]+)['"]/g;
  for (const m of src.matchAll(statement)) {
    const typeOnly = Boolean(m[2]);
    const clause = m[3] ?? '';
    const braces = /^\{([\s\S]*)\}$/.exec(clause.trim());
    const allTypeNames =
      braces !== null &&
      braces[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    refs.push({ specifier: m[4]!, value: !typeOnly && !allTypeNames });
  }
  for (const m of src.matchAll(/(?:^|[;\n])\s*import\s+['"]([^'"]+)['"]/g)) refs.push({ specifier: m[1]!, value: true });
  for (const m of src.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g)) refs.push({ specifier: m[1]!, value: true });
  return refs;
}

function resolveFile(base: string): string | null {
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** A specifier of ours resolved to a file (relative or `@/…`), or null for a package. */
function resolve(root: string, from: string, specifier: string): string | null {
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), specifier));
  if (specifier.startsWith('@/')) return resolveFile(path.join(root, 'src', specifier.slice(2)));
  return null;
}

function featureOf(root: string, file: string): string | null {
  const rel = path.relative(path.join(root, 'src', 'features'), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0] ?? null;
}

/** The chain of value imports from `start` to a `server-only` module, or null. */
function serverOnlyChain(root: string, start: string, cache: Map<string, string>): string[] | null {
  const seen = new Set<string>();
  const queue: { file: string; chain: string[] }[] = [{ file: start, chain: [start] }];
  while (queue.length > 0) {
    const { file, chain } = queue.shift()!;
    if (seen.has(file)) continue;
    seen.add(file);
    let text = cache.get(file);
    if (text === undefined) {
      text = fs.readFileSync(file, 'utf8');
      cache.set(file, text);
    }
    if (SERVER_ONLY.test(code(text))) return chain;
    for (const ref of importsOf(text)) {
      if (!ref.value) continue;
      const next = resolve(root, file, ref.specifier);
      if (next && !seen.has(next)) queue.push({ file: next, chain: [...chain, next] });
    }
  }
  return null;
}

export function checkFaces(root: string): FaceProblem[] {
  const problems: FaceProblem[] = [];
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const featuresDir = path.join(root, 'src', 'features');
  const features = fs.existsSync(featuresDir)
    ? fs
        .readdirSync(featuresDir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
  const cache = new Map<string, string>();

  for (const feature of features) {
    const dir = path.join(featuresDir, feature);
    for (const file of walk(dir)) {
      const name = path.basename(file);
      if (!/^index(\..+)?\.tsx?$/.test(name)) continue;
      if (path.dirname(file) === dir && ALLOWED_FACES.has(name)) continue;
      problems.push({
        file: rel(file),
        rule: 'face-name',
        message: `A feature's faces are index.ts (client-safe) and index.server.ts (server) at its root; move ${rel(file)} into one of them.`,
      });
    }
    const serverFace = path.join(dir, 'index.server.ts');
    if (fs.existsSync(serverFace) && !/^\s*import\s+['"]server-only['"];/.test(code(fs.readFileSync(serverFace, 'utf8')))) {
      problems.push({ file: rel(serverFace), rule: 'server-face', message: "index.server.ts must start with import 'server-only';" });
    }
    const clientFace = path.join(dir, 'index.ts');
    if (fs.existsSync(clientFace)) {
      const chain = serverOnlyChain(root, clientFace, cache);
      if (chain) {
        problems.push({
          file: rel(clientFace),
          rule: 'client-face',
          message: `index.ts must be client-safe, but reaches a server-only module: ${chain.map(rel).join(' → ')}. Export it from index.server.ts.`,
        });
      }
    }
  }

  const outside = ['features', 'components', 'lib', 'server', 'config'].flatMap((d) => walk(path.join(root, 'src', d)));
  for (const file of outside) {
    const from = featureOf(root, file);
    for (const ref of importsOf(cache.get(file) ?? fs.readFileSync(file, 'utf8'))) {
      let target: string | null = null;
      let face: string | null = null;
      const alias = /^@\/features\/([^/]+)(?:\/(.+))?$/.exec(ref.specifier);
      if (alias) {
        target = alias[1]!;
        face = alias[2] ?? '';
      } else if (ref.specifier.startsWith('.')) {
        const resolved = path.resolve(path.dirname(file), ref.specifier);
        const f = featureOf(root, resolved);
        if (f !== null && f !== from) {
          target = f;
          face = path.relative(path.join(featuresDir, f), resolved).split(path.sep).join('/');
        }
      }
      if (target === null || target === from) continue;
      face = face!.replace(/\.tsx?$/, '').replace(/^index$/, '');
      if (face === '' || face === 'index.server') continue;
      if (face === 'testing' && TEST.test(rel(file))) continue;
      problems.push({
        file: rel(file),
        rule: 'deep-import',
        message: `${ref.specifier}: outside the ${target} feature import only @/features/${target} or @/features/${target}/index.server${
          face === 'testing' ? ' (testing.ts is for tests)' : ''
        }.`,
      });
    }
  }
  return problems;
}
