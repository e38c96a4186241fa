import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

const SRC = path.resolve(__dirname, '..');

/**
 * Modules under a server/ folder that cannot say `import 'server-only'`, each with why: run by the
 * Node server process around Next (server.ts, and scripts/lib/precompress.ts run by Playwright),
 * which has no react-server condition, so the server-only package throws
 * (scripts/lib/plain-node-entries.test.ts walks those entry points). Only app-wide infrastructure
 * may be here: a feature's server/ folder is server-only without exception — the registry's file
 * formats that tools and scripts read in plain Node live in src/features/registry/formats/
 * (docs/decisions/0102). Isomorphic code lives outside server/ folders.
 */
const NOT_YET: Record<string, string> = {
  'server/http/precompressed-static.ts': 'scripts/lib/precompress.ts, run by Playwright',
  'server/http/odd-methods.ts': 'server.ts (scripts/lib/plain-node-entries.test.ts)',
  'server/http/peer-address.ts': 'server.ts (scripts/lib/plain-node-entries.test.ts)',
  'server/http/lean-path.ts': 'server.ts (scripts/lib/plain-node-entries.test.ts)',
  'server/http/lifecycle.ts': 'server.ts (scripts/lib/plain-node-entries.test.ts)',
  'server/http/metrics-door.ts': 'server.ts (scripts/lib/plain-node-entries.test.ts)',
  'server/http/node-listener.ts': 'server.ts (scripts/lib/plain-node-entries.test.ts)',
  'server/http/request-context.ts': 'server.ts (scripts/lib/plain-node-entries.test.ts)',
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

  it("has no exception in a feature's server/ folder", () => {
    expect(Object.keys(NOT_YET).filter((file) => file.startsWith('features/'))).toEqual([]);
  });
});
