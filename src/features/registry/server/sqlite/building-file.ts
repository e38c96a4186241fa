import 'server-only';

import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * How a new version of a served SQLite file (the registry, the invoice file) is built and swapped
 * in: written beside it under a temporary name, then renamed over it, so a reader
 * (reloading-file.ts) sees the old file or the new one and never half of one. The one place for
 * both writers, so that a fix to building or swapping reaches both.
 */

/**
 * Opens the file a writer builds in: a copy of the served file for an update (`missing()` is
 * thrown when there is none), else a new one.
 */
export function openBuildingFile(targetPath: string, update: boolean, missing: () => Error): { tempPath: string; db: Database.Database } {
  const dir = path.dirname(targetPath);
  fs.mkdirSync(dir, { recursive: true });
  // Same directory as the target: rename() is atomic only within one file system.
  const tempPath = path.join(dir, `.${path.basename(targetPath)}.building-${process.pid}-${randomUUID().slice(0, 8)}`);
  if (update) {
    if (!fs.existsSync(targetPath)) throw missing();
    fs.copyFileSync(targetPath, tempPath);
  }
  const db = new Database(tempPath);
  // A temporary file that is thrown away on any failure: no journal, no fsync until the end.
  db.pragma('journal_mode = OFF');
  db.pragma('synchronous = OFF');
  return { tempPath, db };
}

/** Closes the built file and renames it over the served one, flushed to disk first. */
export function swapIn(db: Database.Database, tempPath: string, targetPath: string): void {
  db.pragma('journal_mode = DELETE');
  db.close();
  renameInto(tempPath, targetPath);
}

/** Renames a finished file over the served one, flushed to disk first (a downloaded snapshot too). */
export function renameInto(tempPath: string, targetPath: string): void {
  const fd = fs.openSync(tempPath, 'r');
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.renameSync(tempPath, targetPath);
  try {
    const dirFd = fs.openSync(path.dirname(targetPath), 'r');
    fs.fsyncSync(dirFd);
    fs.closeSync(dirFd);
  } catch {
    // Directory fsync is not supported everywhere; the rename itself is already atomic.
  }
}

/** Closes the building file (if still open) and removes it; the served file is untouched. */
export function discardBuildingFile(db: Database.Database | null, tempPath: string): void {
  try {
    db?.close();
  } catch {
    // Already closed or broken: the file is removed below either way.
  }
  for (const suffix of ['', '-journal', '-wal', '-shm']) fs.rmSync(tempPath + suffix, { force: true });
}
