import fs from 'node:fs';
import path from 'node:path';

import { importsOf, resolveSpecifier, stronglyConnected, type ImportKind } from './source-imports';

/**
 * The dependency graph of src/ between its top-level parts (each feature, app, server, lib,
 * components, config, and the files at src/'s top), read from the import statements — static
 * imports, re-exports and `import()` alike (scripts/deps-graph.ts prints it; docs/architecture.md
 * shows its output). Pure over a map of files so a test can hand it a small tree.
 */

export interface FileImport {
  from: string;
  to: string;
  kind: ImportKind;
  dynamic: boolean;
}

export interface PartEdge {
  from: string;
  to: string;
  /** Import statements (files × specifiers) behind the edge, runtime and type-only. */
  runtime: number;
  type: number;
  /** The edge goes from a lower layer to a higher one (LAYERS). */
  backUp: boolean;
}

export interface DepsGraph {
  parts: string[];
  edges: PartEdge[];
  /** Sets of parts that import each other round a loop (runtime imports), each sorted. */
  partCycles: string[][];
  /** Sets of files that import each other round a loop (runtime imports), each sorted. */
  fileCycles: string[][];
  /** The same, counting type-only imports too (what a TypeScript-aware cycle rule may see). */
  fileCyclesWithTypes: string[][];
  /** Each feature's faces: its index*.ts files and server/index.ts, as they are. */
  faces: Record<string, string[]>;
}

/**
 * Layers from the top: a route may use a feature, a feature the shared UI and infrastructure, and
 * everything lib and config — never the other way ("back up").
 */
const LAYERS: Record<string, number> = { app: 0, 'src (top)': 0, components: 2, server: 2, lib: 3, config: 3 };
const FEATURE_LAYER = 1;

export function layerOf(part: string): number {
  return LAYERS[part] ?? FEATURE_LAYER;
}

/** The part a file under src/ belongs to: the feature's name, or src/'s top-level folder. */
export function partOf(file: string): string {
  const rel = file.split(path.sep).join('/');
  const m = /^src\/features\/([^/]+)\//.exec(rel);
  if (m) return m[1] as string;
  const top = /^src\/([^/]+)\//.exec(rel);
  if (top) return top[1] as string;
  return 'src (top)';
}

/** Loops of the graph, each sorted, sorted by their first member. */
function cycles(nodes: Iterable<string>, next: (n: string) => Iterable<string>): string[][] {
  return stronglyConnected(nodes, next).sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** Files under src/ whose graph counts: sources, not tests. */
export function countsInGraph(file: string): boolean {
  return /\.(ts|tsx)$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.endsWith('.d.ts');
}

export function buildGraph(files: ReadonlyMap<string, string>): DepsGraph {
  const has = (f: string): boolean => files.has(f);
  const imports: FileImport[] = [];
  for (const [file, source] of files) {
    if (!countsInGraph(file)) continue;
    for (const imp of importsOf(file, source)) {
      const to = resolveSpecifier(file, imp.spec, has);
      if (to !== null && countsInGraph(to)) imports.push({ from: file, to, kind: imp.kind, dynamic: imp.dynamic });
    }
  }

  const partSet = new Set<string>();
  const faces: Record<string, string[]> = {};
  for (const file of files.keys()) {
    if (!countsInGraph(file)) continue;
    const part = partOf(file);
    partSet.add(part);
    const face = /^src\/features\/([^/]+)\/(index(\.[a-z]+)?\.tsx?|server\/index\.tsx?)$/.exec(file);
    if (face) (faces[face[1] as string] ??= []).push(face[2] as string);
  }
  for (const list of Object.values(faces)) list.sort();

  const edgeMap = new Map<string, PartEdge>();
  const partNext = new Map<string, Set<string>>();
  const fileNext = new Map<string, Set<string>>();
  const fileNextAll = new Map<string, Set<string>>();
  for (const imp of imports) {
    if (!fileNextAll.has(imp.from)) fileNextAll.set(imp.from, new Set());
    fileNextAll.get(imp.from)?.add(imp.to);
    if (imp.kind === 'runtime') {
      if (!fileNext.has(imp.from)) fileNext.set(imp.from, new Set());
      fileNext.get(imp.from)?.add(imp.to);
    }
    const from = partOf(imp.from);
    const to = partOf(imp.to);
    if (from === to) continue;
    const key = `${from}\u0000${to}`;
    let edge = edgeMap.get(key);
    if (!edge) {
      edge = { from, to, runtime: 0, type: 0, backUp: layerOf(to) < layerOf(from) };
      edgeMap.set(key, edge);
    }
    edge[imp.kind]++;
    if (imp.kind === 'runtime') {
      if (!partNext.has(from)) partNext.set(from, new Set());
      partNext.get(from)?.add(to);
    }
  }

  const parts = [...partSet].sort((a, b) => layerOf(a) - layerOf(b) || a.localeCompare(b));
  const edges = [...edgeMap.values()].sort(
    (a, b) => layerOf(a.from) - layerOf(b.from) || a.from.localeCompare(b.from) || a.to.localeCompare(b.to),
  );
  return {
    parts,
    edges,
    partCycles: cycles(parts, (p) => partNext.get(p) ?? []),
    fileCycles: cycles([...fileNext.keys()].sort(), (f) => fileNext.get(f) ?? []),
    fileCyclesWithTypes: cycles([...fileNextAll.keys()].sort(), (f) => fileNextAll.get(f) ?? []),
    faces,
  };
}

/** The files under src/ of a checkout, keyed by their path from the repository's root. */
export function readSourceTree(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (/\.(ts|tsx)$/.test(entry.name)) files.set(rel, fs.readFileSync(path.join(root, rel), 'utf8'));
    }
  };
  walk('src');
  return files;
}

function label(e: PartEdge): string {
  return e.type > 0 ? `${e.runtime}+${e.type}t` : String(e.runtime);
}

export function formatText(g: DepsGraph): string {
  const lines: string[] = [];
  const runtimeEdges = g.edges.filter((e) => e.runtime > 0);
  lines.push(
    `parts ${g.parts.length}; edges ${g.edges.length} (runtime ${runtimeEdges.length}); back up ${g.edges.filter((e) => e.backUp).length}; ` +
      `part cycles ${g.partCycles.length}; file cycles ${g.fileCycles.length} (${g.fileCyclesWithTypes.length} counting type-only imports)`,
  );
  lines.push('');
  for (const part of g.parts) {
    const out = g.edges.filter((e) => e.from === part);
    const list = out.map((e) => `${e.to}${e.backUp ? ' ↑' : ''} (${label(e)})`).join(', ');
    lines.push(`${part} → ${list === '' ? '—' : list}`);
  }
  lines.push('');
  lines.push('part cycles (runtime imports):');
  lines.push(...(g.partCycles.length === 0 ? ['  none'] : g.partCycles.map((c) => `  ${c.join(' ↔ ')}`)));
  lines.push('file cycles (runtime imports):');
  lines.push(...(g.fileCycles.length === 0 ? ['  none'] : g.fileCycles.map((c) => `  ${c.join(' ↔ ')}`)));
  const typeOnly = g.fileCyclesWithTypes.filter((c) => !g.fileCycles.some((r) => r.join() === c.join()));
  if (typeOnly.length > 0) {
    lines.push('file cycles through type-only imports:');
    lines.push(...typeOnly.map((c) => `  ${c.join(' ↔ ')}`));
  }
  lines.push('faces:');
  for (const [feature, list] of Object.entries(g.faces).sort(([a], [b]) => a.localeCompare(b)))
    lines.push(`  ${feature}: ${list.join(', ')}`);
  return lines.join('\n');
}

export function formatMermaid(g: DepsGraph): string {
  const id = (p: string): string => p.replace(/[^a-z0-9]/gi, '_');
  const lines = ['flowchart TD'];
  for (const p of g.parts) lines.push(`  ${id(p)}["${p}"]`);
  for (const e of g.edges) {
    const arrow = e.runtime > 0 ? '-->' : '-.->';
    lines.push(`  ${id(e.from)} ${arrow}|${label(e)}${e.backUp ? ' ↑' : ''}| ${id(e.to)}`);
  }
  return lines.join('\n');
}
