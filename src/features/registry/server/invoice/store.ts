import 'server-only';

import type Database from 'better-sqlite3';
import { ReloadingSqliteFile } from '../sqlite/reloading-file';
import { INVOICE_SCHEMA_VERSION, type InvoiceMeta, readInvoiceMeta } from './writer';
import type { InvoiceProcess, InvoiceRow } from '../../formats/invoice-row';
import { dataPaths } from '@/config/server';

/**
 * Read-only access to the invoice registration file, reopened when the file is swapped
 * (ReloadingSqliteFile, as the registry file). A missing file is a value, not an error: the record page then says 「不明」.
 */

/** A stored registration as pages show it: the row's dates and name, named by its registration number. */
export interface InvoiceRegistration extends Omit<InvoiceRow, 'corporateNumber' | 'file' | 'line'> {
  /** "T" + 法人番号. */
  registrationNumber: string;
}

export type InvoiceLookup =
  | { state: 'found'; registration: InvoiceRegistration; meta: InvoiceMeta }
  /** The data is loaded and holds no registration for this number. */
  | { state: 'absent'; meta: InvoiceMeta }
  /** No invoice data at all. */
  | { state: 'unavailable' };

interface OpenInvoice {
  meta: InvoiceMeta;
  get: Database.Statement;
}

function openInvoice(db: Database.Database): OpenInvoice {
  const meta = readInvoiceMeta(db);
  if (meta === null || meta.schemaVersion !== INVOICE_SCHEMA_VERSION) throw new Error('not an invoice file of this version');
  const get = db.prepare(
    'SELECT process, registration_date, update_date, disposal_date, expire_date, name FROM invoice WHERE corporate_number = ?',
  );
  return { meta, get };
}

export class InvoiceStore {
  private readonly file: ReloadingSqliteFile<OpenInvoice>;

  constructor(path: string, checkIntervalMs = 1000) {
    this.file = new ReloadingSqliteFile(path, openInvoice, { checkIntervalMs });
  }

  get path(): string {
    return this.file.path;
  }

  /** The data's metadata (its date among others), or null when there is no invoice file. */
  meta(): InvoiceMeta | null {
    const state = this.file.acquire();
    return state.ok ? state.value.meta : null;
  }

  lookup(corporateNumber: string): InvoiceLookup {
    const state = this.file.acquire();
    if (!state.ok) return { state: 'unavailable' };
    const cur = state.value;
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

  close(): void {
    this.file.close();
  }
}

let shared: InvoiceStore | null = null;

/** The process-wide store on `dataPaths().invoice`. */
export function getInvoiceStore(): InvoiceStore {
  shared ??= new InvoiceStore(dataPaths().invoice);
  return shared;
}
