import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { buildRegistry, ntaRow, tempDir } from '@/features/registry/testing';
import { SCHEMA_VERSION } from '@/features/registry/formats/registry-schema';
import { registryFileFormat } from './stack';

const dir = tempDir();
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('registryFileFormat (npm start rebuilds an old-format sample registry)', () => {
  it('reads the format version and sample flag of a registry file, also of an older version', () => {
    const file = path.join(dir, 'registry.sqlite');
    buildRegistry(file, [ntaRow()], { isSample: true });
    expect(registryFileFormat(file)).toEqual({ schemaVersion: SCHEMA_VERSION, isSample: true });
    const db = new Database(file);
    db.prepare(`UPDATE meta SET value = '1' WHERE key = 'schemaVersion'`).run();
    db.close();
    expect(registryFileFormat(file)).toEqual({ schemaVersion: 1, isSample: true });
  });

  it('answers null for a file that is not a registry', () => {
    const file = path.join(dir, 'garbage.sqlite');
    fs.writeFileSync(file, 'not a database');
    expect(registryFileFormat(file)).toBeNull();
  });
});
