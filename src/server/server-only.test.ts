import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');

/**
 * Modules under a server/ folder that cannot say `import 'server-only'` yet, each with why: run by
 * a process without the react-server condition (server.ts, Playwright's global setup, the registry
 * tools; scripts/lib/plain-node-entries.test.ts walks those entry points),
 * where the server-only package throws. Isomorphic code lives outside server/ folders.
 */
const NOT_YET: Record<string, string> = {
  'features/registry/server/nta/row.ts': 'tools/registry (synthetic NTA files)',
  'features/registry/server/invoice/types.ts': 'tools/registry (synthetic invoice files)',
  'features/registry/server/store/schema.ts': 'scripts/lib/stack.ts, run by Playwright',
  'server/http/precompressed-static.ts': 'scripts/lib/precompress.ts, run by Playwright',
  'server/http/odd-methods.ts': 'server.ts (scripts/lib/plain-node-entries.test.ts)',
  'server/http/peer-address.ts': 'server.ts (scripts/lib/plain-node-entries.test.ts)',
  'server/http/lean-path.ts': 'server.ts (scripts/lib/plain-node-entries.test.ts)',
};

function serverModules(dir: string, inServer = false): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return serverModules(full, inServer || entry.name === 'server');
    const isModule = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name);
    return inServer && isModule ? [path.relative(SRC, full).split(path.sep).join('/')] : [];
  });
}

describe("import 'server-only' (issue 25 §7)", () => {
  it('is in every module under a server/ folder, but the listed ones', () => {
    const missing = serverModules(SRC).filter((file) => !/^import 'server-only';$/m.test(fs.readFileSync(path.join(SRC, file), 'utf8')));
    expect(missing.sort()).toEqual(Object.keys(NOT_YET).sort());
  });
});
