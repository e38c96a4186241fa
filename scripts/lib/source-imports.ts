import path from 'node:path';
import ts from 'typescript';

/**
 * The one reader of import statements for the scripts that walk our sources: the cycle check
 * (import-graph.ts, `npm run lint`), the dependency graph of docs/architecture.md (deps-graph.ts)
 * and the plain-Node entry-point test (plain-node-entries.test.ts). Parsed with the TypeScript
 * compiler, so a string or comment that looks like an import is not one.
 */

export type ImportKind = 'runtime' | 'type';

export interface SourceImport {
  spec: string;
  /** `type`: erased at build (`import type`, `export type`, all-`type` named lists, `import('x').T` in a type). */
  kind: ImportKind;
  /** `import()` (a module loaded on demand still loads at run time, so it is `runtime`). */
  dynamic: boolean;
}

/** Every import of one file: declarations, re-exports, `import()`, `require()` and import types. */
export function importsOf(file: string, source: string): SourceImport[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const out: SourceImport[] = [];
  const visit = (node: ts.Node): void => {
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
      out.push({ spec: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'runtime', dynamic: false });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const typeOnly =
        node.isTypeOnly ||
        (node.exportClause !== undefined &&
          ts.isNamedExports(node.exportClause) &&
          node.exportClause.elements.length > 0 &&
          node.exportClause.elements.every((e) => e.isTypeOnly));
      out.push({ spec: node.moduleSpecifier.text, kind: typeOnly ? 'type' : 'runtime', dynamic: false });
    } else if (ts.isCallExpression(node) && node.arguments[0] !== undefined && ts.isStringLiteralLike(node.arguments[0])) {
      const dynamic = node.expression.kind === ts.SyntaxKind.ImportKeyword;
      const isRequire = ts.isIdentifier(node.expression) && node.expression.text === 'require';
      if (dynamic || isRequire) out.push({ spec: node.arguments[0].text, kind: 'runtime', dynamic });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      out.push({ spec: node.argument.literal.text, kind: 'type', dynamic: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return out;
}

/** tsconfig's alias: `@/x` is `src/x` (paths from the repository's root). */
export const SRC_ALIASES: Readonly<Record<string, string>> = { '@/': 'src/' };

const EXTENSIONS = ['', '.ts', '.tsx', '.mts', '/index.ts', '/index.tsx', '/index.mts'];

/**
 * A specifier resolved to a file for which `has` holds, or null for a package or a path outside.
 * Paths are relative (forward slashes) to one root; `aliases` maps a prefix to a folder under it
 * (`''` for the root itself). `./x.js` written for `x.ts` resolves to `x.ts`.
 */
export function resolveSpecifier(
  from: string,
  spec: string,
  has: (file: string) => boolean,
  aliases: Readonly<Record<string, string>> = SRC_ALIASES,
): string | null {
  let base: string | undefined;
  if (spec.startsWith('./') || spec.startsWith('../')) base = path.posix.join(path.posix.dirname(from), spec);
  else {
    const prefix = Object.keys(aliases).find((p) => spec.startsWith(p));
    if (prefix === undefined) return null;
    base = path.posix.normalize(`${aliases[prefix]}${spec.slice(prefix.length)}`);
  }
  const stem = base.replace(/\.(js|mjs)$/, '');
  for (const ext of EXTENSIONS) if (has(stem + ext)) return stem + ext;
  return null;
}

/**
 * Strongly connected components of more than one node (Tarjan, iterative: import chains are deep),
 * each sorted, in the order found.
 */
export function stronglyConnected(nodes: Iterable<string>, next: (node: string) => Iterable<string>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: string[][] = [];
  for (const start of nodes) {
    if (indices.has(start)) continue;
    const work: { node: string; it: Iterator<string> }[] = [];
    const open = (node: string) => {
      indices.set(node, index);
      low.set(node, index);
      index++;
      stack.push(node);
      onStack.add(node);
      work.push({ node, it: next(node)[Symbol.iterator]() });
    };
    open(start);
    while (work.length > 0) {
      const frame = work[work.length - 1]!;
      const step = frame.it.next();
      if (!step.done) {
        const w = step.value;
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
  return out;
}
