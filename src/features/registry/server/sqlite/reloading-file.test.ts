import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ReloadingSqliteFile } from './reloading-file';

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'reloading-'));
  file = path.join(dir, 'data.sqlite');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Builds a file next to the served one and renames it over it, as the importers do. */
function publish(label: string, kind = 'ours'): void {
  const next = `${file}.next`;
  fs.rmSync(next, { force: true });
  const db = new Database(next);
  db.exec(`CREATE TABLE meta (kind TEXT, label TEXT); INSERT INTO meta VALUES ('${kind}', '${label}')`);
  db.close();
  fs.renameSync(next, file);
}

function openLabel(db: Database.Database): string {
  const row = db.prepare('SELECT kind, label FROM meta').get() as { kind: string; label: string };
  if (row.kind !== 'ours') throw new Error('not our file');
  return row.label;
}

describe('ReloadingSqliteFile', () => {
  it('reports a missing file, picks it up once it exists and follows each swap', () => {
    const f = new ReloadingSqliteFile(file, openLabel, { checkIntervalMs: 0 });
    expect(f.acquire()).toEqual({ ok: false, reason: 'missing' });
    publish('one');
    expect(f.acquire()).toEqual({ ok: true, value: 'one' });
    publish('two');
    expect(f.acquire()).toEqual({ ok: true, value: 'two' });
    fs.rmSync(file);
    expect(f.acquire()).toEqual({ ok: false, reason: 'missing' });
    f.close();
  });

  it('keeps serving the open file when the new one is not of its kind, and says unreadable when there is none', () => {
    const f = new ReloadingSqliteFile(file, openLabel, { checkIntervalMs: 0 });
    publish('good');
    expect(f.acquire()).toEqual({ ok: true, value: 'good' });
    publish('bad', 'theirs');
    expect(f.acquire()).toEqual({ ok: true, value: 'good' });
    f.close();
    expect(f.acquire()).toEqual({ ok: false, reason: 'unreadable' });
    f.close();
  });

  it('looks at the file at most once per interval', () => {
    const f = new ReloadingSqliteFile(file, openLabel, { checkIntervalMs: 60_000 });
    publish('old');
    expect(f.acquire()).toEqual({ ok: true, value: 'old' });
    publish('new');
    expect(f.acquire()).toEqual({ ok: true, value: 'old' });
    f.close();
    expect(f.acquire()).toEqual({ ok: true, value: 'new' });
    f.close();
  });
});
