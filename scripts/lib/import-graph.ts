import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

/**
 * The import graph of a source tree, parsed from the files themselves (docs/decisions/0070):
 * every `import … from`, `export … from`, `import()` and `require()` whose specifier resolves to a
 * file of the tree counts; a statement that only imports types (`import type`, `export type`) does
 * not, because it is erased at build and cannot make a cycle at run time. Test files (`*.test.ts`,
 * `*.test.tsx`) are leaves nobody imports and are left out.
 */

const EXTENSIONS = ['.ts', '.tsx', '.mts', '.js', '.mjs'];

export interface ImportGraph {
  /** Files of the tree, relative to the root, with forward slashes. */
  files: string[];
  /** file → the files of the tree it imports (at run time). */
  edges: Map<string, Set<string>>;
}

export interface GraphOptions {
  /** Directory whose files make the graph (e.g. `<repo>/src`). */
  dir: string;
  /** Path aliases: prefix → directory (e.g. `{ '@/': '<repo>/src' }`). */
  aliases?: Record<string, string>;
}

function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(ts|tsx|mts)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(full);
    }
  };
  walk(dir);
  return out.sort();
}

function resolveFile(base: string): string | null {
  const candidates = [base, ...EXTENSIONS.map((e) => base + e), ...EXTENSIONS.map((e) => path.join(base, 'index' + e))];
  for (const c of candidates) {
    if (fs.existsSync(c) && fs.statSync(c).isFile()) return c;
  }
  // `./x.js` written for an `x.ts` file.
  if (/\.(m?js)$/.test(base)) return resolveFile(base.replace(/\.(m?js)$/, ''));
  return null;
}

function resolveSpecifier(spec: string, from: string, aliases: Record<string, string>): string | null {
  if (spec.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), spec));
  for (const [prefix, target] of Object.entries(aliases)) {
    if (spec.startsWith(prefix)) return resolveFile(path.join(target, spec.slice(prefix.length)));
  }
  return null;
}

/** The run-time module specifiers of one source file. */
export function runtimeSpecifiers(source: string, fileName = 'x.ts'): string[] {
  const sf = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const specs: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((e) => e.isTypeOnly)));
      if (!typeOnly) specs.push(node.moduleSpecifier.text);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      if (!typeOnly) specs.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node)) {
      const first = node.arguments[0];
      const isDynamicImport = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (first && ts.isStringLiteralLike(first) && (isDynamicImport || isRequire)) specs.push(first.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return specs;
}

export function buildImportGraph({ dir, aliases = {} }: GraphOptions): ImportGraph {
  const root = path.resolve(dir);
  const abs = listFiles(root);
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const inTree = new Set(abs);
  const edges = new Map<string, Set<string>>();
  for (const file of abs) {
    const targets = new Set<string>();
    for (const spec of runtimeSpecifiers(fs.readFileSync(file, 'utf8'), file)) {
      const target = resolveSpecifier(spec, file, aliases);
      if (target && inTree.has(target) && target !== file) targets.add(rel(target));
    }
    edges.set(rel(file), targets);
  }
  return { files: abs.map(rel), edges };
}

/** Strongly connected components with more than one node (Tarjan), each sorted, biggest first. */
export function cycles(edges: Map<string, Set<string>>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);

  // Iterative Tarjan: the tree has deep import chains and recursion would be needlessly fragile.
  for (const start of nodes) {
    if (indices.has(start)) continue;
    const work: { node: string; it: Iterator<string> }[] = [];
    const open = (node: string) => {
      indices.set(node, index);
      low.set(node, index);
      index++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, it: (edges.get(node) ?? new Set<string>()).values() });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const next = frame.it.next();
      if (!next.done) {
        const w = next.value;
        if (!indices.has(w)) open(w);
        else if (onStack.has(w)) low.set(frame.node, Math.min(low.get(frame.node)!, indices.get(w)!));
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1]!.node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) === indices.get(frame.node)) {
        const component: string[] = [];
        let w: string;
        do {
          w = stack.pop()!;
          onStack.delete(w);
          component.push(w);
        } while (w !== frame.node);
        if (component.length > 1) out.push(component.sort());
      }
    }
  }
  return out.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** The top-level part of a file: `features/<name>` for a feature, else its first folder (`app`, `lib`, …). */
export function partOf(file: string): string {
  const parts = file.split('/');
  if (parts[0] === 'features' && parts.length > 2) return `features/${parts[1]}`;
  return parts.length > 1 ? parts[0]! : file;
}

/** The graph between parts (`features/<name>`, `app`, `lib`, …), with the file edges behind each arrow. */
export function partGraph(graph: ImportGraph, part: (file: string) => string = partOf) {
  const edges = new Map<string, Set<string>>();
  const because = new Map<string, string[]>();
  for (const [from, targets] of graph.edges) {
    for (const to of targets) {
      const a = part(from);
      const b = part(to);
      if (a === b) continue;
      if (!edges.has(a)) edges.set(a, new Set());
      edges.get(a)!.add(b);
      const key = `${a} → ${b}`;
      if (!because.has(key)) because.set(key, []);
      because.get(key)!.push(`${from} → ${to}`);
    }
  }
  return { edges, because };
}

/** Only the feature-to-feature arrows of a part graph. */
export function featureGraph(graph: ImportGraph) {
  const { edges, because } = partGraph(graph);
  const features = new Map<string, Set<string>>();
  for (const [from, targets] of edges) {
    if (!from.startsWith('features/')) continue;
    features.set(from, new Set([...targets].filter((t) => t.startsWith('features/'))));
  }
  return { edges: features, because };
}

export interface CycleReport {
  fileCycles: string[][];
  featureCycles: string[][];
  /** For each feature cycle, the file imports that make its arrows. */
  featureReasons: Map<string, string[]>;
  partEdges: number;
}

export function checkCycles(options: GraphOptions): CycleReport {
  const graph = buildImportGraph(options);
  const fileCycles = cycles(graph.edges);
  const features = featureGraph(graph);
  const featureCycles = cycles(features.edges);
  const featureReasons = new Map<string, string[]>();
  for (const cycle of featureCycles) {
    const members = new Set(cycle);
    for (const from of cycle) {
      for (const to of features.edges.get(from) ?? []) {
        if (members.has(to)) featureReasons.set(`${from} → ${to}`, features.because.get(`${from} → ${to}`) ?? []);
      }
    }
  }
  const parts = partGraph(graph);
  const partEdges = [...parts.edges.values()].reduce((n, s) => n + s.size, 0);
  return { fileCycles, featureCycles, featureReasons, partEdges };
}
