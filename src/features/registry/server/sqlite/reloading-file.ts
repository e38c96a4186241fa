import 'server-only';

import fs from 'node:fs';
import Database from 'better-sqlite3';

/**
 * A read-only SQLite file that is replaced by a rename, never modified in place (the registry
 * file and the invoice file are both built next to the served one and swapped in). The open
 * connection stays valid on the old file until we notice the swap: at most once per
 * `checkIntervalMs` an `acquire()` compares the path's device, inode, size and mtime with the open
 * file's and reopens when they differ. A missing or unreadable file is a value, never a crash,
 * and is retried at the same interval. The one class for both files, so a fix to swapping
 * reaches both.
 */

export interface ReloadingSqliteOptions {
  /** Minimum time between two checks of the file for a swap (default 1000; 0 checks on every call). */
  checkIntervalMs?: number;
  /** Memory-mapped bytes (default 0: no mmap). */
  mmapBytes?: number;
  /** Page cache in KiB (default: SQLite's). */
  cacheKiB?: number;
}

export type ReloadingState<T> = { ok: true; value: T } | { ok: false; reason: 'missing' | 'unreadable' };

interface FileIdentity {
  ino: number;
  dev: number;
  size: number;
  mtimeMs: number;
}

const sameFile = (a: FileIdentity, b: FileIdentity) => a.ino === b.ino && a.dev === b.dev && a.size === b.size && a.mtimeMs === b.mtimeMs;

export class ReloadingSqliteFile<T> {
  private current: { db: Database.Database; value: T; identity: FileIdentity } | null = null;
  private lastCheck = -Infinity;
  private lastProblem: 'missing' | 'unreadable' = 'missing';
  private readonly checkIntervalMs: number;

  /**
   * `open` turns a freshly opened connection into what callers use (prepared statements, cached
   * metadata); it throws when the file is not of the expected kind or version.
   */
  constructor(
    readonly path: string,
    private readonly open: (db: Database.Database) => T,
    private readonly options: ReloadingSqliteOptions = {},
  ) {
    this.checkIntervalMs = options.checkIntervalMs ?? 1000;
  }

  /** The current file's value, reopened if the file was swapped since the last check. */
  acquire(): ReloadingState<T> {
    const now = performance.now();
    if (now - this.lastCheck >= this.checkIntervalMs) {
      this.lastCheck = now;
      this.refresh();
    }
    if (this.current === null) return { ok: false, reason: this.lastProblem };
    return { ok: true, value: this.current.value };
  }

  private refresh(): void {
    let identity: FileIdentity;
    try {
      const st = fs.statSync(this.path);
      identity = { ino: st.ino, dev: st.dev, size: st.size, mtimeMs: st.mtimeMs };
    } catch {
      this.closeCurrent();
      this.lastProblem = 'missing';
      return;
    }
    if (this.current !== null && sameFile(this.current.identity, identity)) return;
    let db: Database.Database | null = null;
    try {
      db = new Database(this.path, { readonly: true, fileMustExist: true });
      if (this.options.mmapBytes) db.pragma(`mmap_size = ${this.options.mmapBytes}`);
      if (this.options.cacheKiB) db.pragma(`cache_size = -${this.options.cacheKiB}`);
      const value = this.open(db);
      this.closeCurrent();
      this.current = { db, value, identity };
    } catch {
      db?.close();
      // Keep serving the previous file if there is one (the new one may still be in transit
      // on a file system without atomic rename); otherwise report the file unreadable.
      if (this.current === null) this.lastProblem = 'unreadable';
    }
  }

  private closeCurrent(): void {
    if (this.current === null) return;
    try {
      this.current.db.close();
    } catch {
      // Nothing to recover from a failed close of a read-only file.
    }
    this.current = null;
  }

  /** Close the file; the next acquire() looks at the path again. */
  close(): void {
    this.closeCurrent();
    this.lastCheck = -Infinity;
  }
}
