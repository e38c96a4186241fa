import fs from 'node:fs';
import path from 'node:path';

import { importsOf, resolveSpecifier, stronglyConnected } from './source-imports';

/**
 * The import graph of a source tree, parsed from the files themselves (docs/decisions/0070):
 * every `import … from`, `export … from`, `import()` and `require()` whose specifier resolves to a
 * file of the tree counts; a statement that only imports types (`import type`, `export type`) does
 * not, because it is erased at build and cannot make a cycle at run time. Test files (`*.test.ts`,
 * `*.test.tsx`) are leaves nobody imports and are left out.
 */

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

/** The run-time module specifiers of one source file (type-only statements are erased at build). */
export function runtimeSpecifiers(source: string, fileName = 'x.ts'): string[] {
  return importsOf(fileName, source)
    .filter((i) => i.kind === 'runtime')
    .map((i) => i.spec);
}

export function buildImportGraph({ dir, aliases = {} }: GraphOptions): ImportGraph {
  const root = path.resolve(dir);
  const abs = listFiles(root);
  const rel = (f: string) => path.relative(root, f).split(path.sep).join('/');
  const files = abs.map(rel);
  const inTree = new Set(files);
  // The aliases as folders of the tree ('' for its root), the paths resolveSpecifier works with.
  const treeAliases = Object.fromEntries(
    Object.entries(aliases).map(([prefix, target]) => {
      const folder = rel(path.resolve(target));
      return [prefix, folder === '' ? '' : `${folder}/`];
    }),
  );
  const edges = new Map<string, Set<string>>();
  for (const [i, file] of files.entries()) {
    const targets = new Set<string>();
    for (const spec of runtimeSpecifiers(fs.readFileSync(abs[i] as string, 'utf8'), file)) {
      const target = resolveSpecifier(file, spec, (f) => inTree.has(f), treeAliases);
      if (target !== null && target !== file) targets.add(target);
    }
    edges.set(file, targets);
  }
  return { files, edges };
}

/** Strongly connected components with more than one node, each sorted, biggest first. */
function cycles(edges: Map<string, Set<string>>): string[][] {
  const nodes = new Set<string>([...edges.keys(), ...[...edges.values()].flatMap((s) => [...s])]);
  return stronglyConnected(nodes, (n) => edges.get(n) ?? []).sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
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
