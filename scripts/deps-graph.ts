import path from 'node:path';
import { parseArgs } from 'node:util';

import { buildGraph, formatMermaid, formatText, readSourceTree } from './lib/deps-graph';

/**
 * `npx tsx scripts/deps-graph.ts [--format text|mermaid] [--root <checkout>]`: the dependency
 * graph between src/'s top-level parts (features, app, server, lib, components, config) from the
 * import graph, with the edges that run back up, the cycles between parts and between files, and
 * each feature's faces. docs/architecture.md shows its output; rerun it after moving code.
 * Exits 0 whatever it finds: it describes, the lint rules enforce.
 */
function main(): void {
  const { values } = parseArgs({
    options: { format: { type: 'string', default: 'text' }, root: { type: 'string' } },
    strict: true,
  });
  if (values.format !== 'text' && values.format !== 'mermaid') {
    console.error('--format: text または mermaid を指定してください');
    process.exit(2);
  }
  const root = path.resolve(values.root ?? path.join(__dirname, '..'));
  const graph = buildGraph(readSourceTree(root));
  console.log(values.format === 'mermaid' ? formatMermaid(graph) : formatText(graph));
}

main();
