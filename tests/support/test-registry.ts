import fs from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll } from 'vitest';

import { RegistryStore } from '@/features/registry/index.server';
import { buildRegistry, tempDir } from '@/features/registry/testing';
import type { NtaRow } from '@/features/registry/nta-types';

/**
 * A registry of `rows` for the tests of one file: built before them in a temporary directory and
 * opened as a store that sees a swap at once (`store`, read inside a test); closed and removed
 * after them.
 */
export function testRegistry(rows: readonly NtaRow[], options: Parameters<typeof buildRegistry>[2] = {}) {
  const dir = tempDir();
  const fixture = { dir, file: path.join(dir, 'registry.sqlite'), store: null as unknown as RegistryStore };
  beforeAll(() => {
    buildRegistry(fixture.file, rows, options);
    fixture.store = new RegistryStore(fixture.file, { checkIntervalMs: 0 });
  });
  afterAll(() => {
    fixture.store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  return fixture;
}
