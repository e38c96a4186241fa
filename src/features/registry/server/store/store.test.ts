import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { getCompany } from '../company/get-company';
import { searchCompanies } from '../search/search';
import Database from 'better-sqlite3';
import { RegistryStore } from './store';
import { SCHEMA_VERSION } from '../../formats/registry-schema';
import { buildRegistry, ntaRow, tempDir } from '../../testing';

let dir: string;
let file: string;

beforeEach(() => {
  dir = tempDir();
  file = path.join(dir, 'registry', 'registry.sqlite');
});
afterEach(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function names(store: RegistryStore, q: string): string[] | string {
  const outcome = searchCompanies({ q }, store);
  return outcome.ok ? outcome.result.items.map((i) => i.name) : outcome.code;
}

describe('RegistryStore', () => {
  it('reports a missing registry as unavailable, then picks the file up once it exists', () => {
    const store = new RegistryStore(file, { checkIntervalMs: 0 });
    expect(store.acquire()).toEqual({ ok: false, code: 'registry_unavailable', reason: 'missing' });
    expect(searchCompanies({ q: 'テスト' }, store)).toMatchObject({ ok: false, code: 'registry_unavailable' });
    expect(getCompany('8040001999013', store)).toMatchObject({ ok: false, code: 'registry_unavailable' });
    buildRegistry(file, [ntaRow({ name: '株式会社最初' })]);
    expect(names(store, '最初')).toEqual(['株式会社最初']);
    store.close();
  });

  it('does not open, nor update, a registry of an older file format (SCHEMA_VERSION)', () => {
    buildRegistry(file, [ntaRow({ name: '株式会社旧形式' })]);
    const db = new Database(file);
    db.prepare(`UPDATE meta SET value = ? WHERE key = 'schemaVersion'`).run(JSON.stringify(SCHEMA_VERSION - 1));
    db.close();
    const store = new RegistryStore(file, { checkIntervalMs: 0 });
    expect(store.acquire()).toEqual({ ok: false, code: 'registry_unavailable', reason: 'unreadable' });
    store.close();
    expect(() => buildRegistry(file, [ntaRow({ name: '株式会社差分' })], { mode: 'update' })).toThrow(/形式が古い/);
  });

  it('reports a file that is not a registry as unavailable', () => {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, 'not a database');
    const store = new RegistryStore(file, { checkIntervalMs: 0 });
    expect(store.acquire()).toEqual({ ok: false, code: 'registry_unavailable', reason: 'unreadable' });
    store.close();
  });

  it('serves a swapped registry file without a restart, and rejects cursors of the old one', () => {
    const rows = Array.from({ length: 25 }, (_, i) => ntaRow({ name: `株式会社旧データ${i}` }));
    buildRegistry(file, rows);
    const store = new RegistryStore(file, { checkIntervalMs: 0 });
    const first = searchCompanies({ q: '旧データ' }, store);
    expect(first.ok && first.result.count).toBe(25);
    const cursor = first.ok ? (first.result.nextCursor ?? undefined) : undefined;
    expect(cursor).toBeDefined();

    buildRegistry(file, [ntaRow({ name: '株式会社新データ' })]);
    expect(names(store, '新データ')).toEqual(['株式会社新データ']);
    expect(names(store, '旧データ')).toEqual([]);
    expect(searchCompanies({ q: '旧データ', cursor }, store)).toMatchObject({ ok: false, code: 'cursor_expired' });
    store.close();
  });

  it('checks for a swap at most once per interval, keeping the open file meanwhile', () => {
    buildRegistry(file, [ntaRow({ name: '株式会社旧データ' })]);
    const store = new RegistryStore(file, { checkIntervalMs: 60_000 });
    expect(names(store, 'データ')).toEqual(['株式会社旧データ']);
    buildRegistry(file, [ntaRow({ name: '株式会社新データ' })]);
    expect(names(store, 'データ')).toEqual(['株式会社旧データ']);
    store.close();
    // close() forgets the last check: the next call looks at the file again.
    expect(names(store, 'データ')).toEqual(['株式会社新データ']);
    store.close();
  });

  it('becomes unavailable when the file is removed', () => {
    buildRegistry(file, [ntaRow({ name: '株式会社消える' })]);
    const store = new RegistryStore(file, { checkIntervalMs: 0 });
    expect(names(store, '消える')).toEqual(['株式会社消える']);
    fs.rmSync(file);
    expect(names(store, '消える')).toBe('registry_unavailable');
    store.close();
  });
});
