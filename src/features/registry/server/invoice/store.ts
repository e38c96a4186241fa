import 'server-only';

import fs from 'node:fs';
import Database from 'better-sqlite3';
import { getEnv } from '@/config/env';
import { INVOICE_SCHEMA_VERSION, type InvoiceMeta, readInvoiceMeta } from './writer';
import type { InvoiceProcess } from './types';

/**
 * Read-only access to the invoice registration file, reopened when the file is swapped (same
 * approach as the registry's RegistryStore: compare inode, size and mtime at most once per
 * second). A missing file is a value, not an error: the record page then says 「不明」.
 */

export interface InvoiceRegistration {
  /** "T" + 法人番号. */
  registrationNumber: string;
  process: InvoiceProcess;
  registrationDate: string;
  updateDate: string;
  disposalDate: string | null;
  expireDate: string | null;
  name: string;
}

export type InvoiceLookup =
  | { state: 'found'; registration: InvoiceRegistration; meta: InvoiceMeta }
  /** The data is loaded and holds no registration for this number. */
  | { state: 'absent'; meta: InvoiceMeta }
  /** No invoice data at all. */
  | { state: 'unavailable' };

interface Open {
  db: Database.Database;
  meta: InvoiceMeta;
  get: Database.Statement;
  identity: string;
}

export class InvoiceStore {
  private current: Open | null = null;
  private lastCheck = -Infinity;

  constructor(
    readonly path: string,
    private readonly checkIntervalMs = 1000,
  ) {}

  private refresh(): void {
    let identity: string;
    try {
      const st = fs.statSync(this.path);
      identity = `${st.dev}:${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      this.closeCurrent();
      return;
    }
    if (this.current?.identity === identity) return;
    let db: Database.Database | null = null;
    try {
      db = new Database(this.path, { readonly: true, fileMustExist: true });
      const meta = readInvoiceMeta(db);
      if (meta === null || meta.schemaVersion !== INVOICE_SCHEMA_VERSION) throw new Error('not an invoice file of this version');
      const get = db.prepare(
        'SELECT process, registration_date, update_date, disposal_date, expire_date, name FROM invoice WHERE corporate_number = ?',
      );
      this.closeCurrent();
      this.current = { db, meta, get, identity };
    } catch {
      db?.close();
      // Keep the previous file if there is one (the new one may still be in transit).
    }
  }

  lookup(corporateNumber: string): InvoiceLookup {
    const now = performance.now();
    if (now - this.lastCheck >= this.checkIntervalMs) {
      this.lastCheck = now;
      this.refresh();
    }
    const cur = this.current;
    if (cur === null) return { state: 'unavailable' };
    const row = cur.get.get(Number(corporateNumber)) as
      | {
          process: InvoiceProcess;
          registration_date: string;
          update_date: string;
          disposal_date: string | null;
          expire_date: string | null;
          name: string;
        }
      | undefined;
    if (row === undefined) return { state: 'absent', meta: cur.meta };
    return {
      state: 'found',
      meta: cur.meta,
      registration: {
        registrationNumber: `T${corporateNumber}`,
        process: row.process,
        registrationDate: row.registration_date,
        updateDate: row.update_date,
        disposalDate: row.disposal_date,
        expireDate: row.expire_date,
        name: row.name,
      },
    };
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

  close(): void {
    this.closeCurrent();
    this.lastCheck = -Infinity;
  }
}

let shared: InvoiceStore | null = null;

/** The process-wide store on `getEnv().paths.invoice`. */
export function getInvoiceStore(): InvoiceStore {
  shared ??= new InvoiceStore(getEnv().paths.invoice);
  return shared;
}
