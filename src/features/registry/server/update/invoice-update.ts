import 'server-only';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { todayInJapan } from '../../invoice-status';
import { importInvoiceFiles, type InvoiceImportSummary } from '../invoice/import';
import { readInvoiceMeta } from '../invoice/writer';
import { NtaApiClient } from './nta-api';
import { addDays, RegistryUpdateError } from './update';

/**
 * The daily update of the invoice file (適格請求書発行事業者公表システム): as the registry's, day by
 * day after the last day applied — from its Web-API `diff` (type=01 CSV) with an application ID,
 * otherwise from diff files (a date `YYYYMMDD` in the name) dropped into a folder — applied in
 * update mode to a copy that is swapped in. The last day applied is kept in the file's metadata
 * (`diff_through`; before the first update, the newest 更新年月日 of the bulk import).
 */

export type InvoiceUpdateSource =
  { kind: 'api'; baseUrl: string; applicationId: string; fetch?: typeof fetch } | { kind: 'folder'; dir: string };

export type InvoiceUpdateResult =
  | { status: 'current'; through: string }
  | { status: 'updated'; previousThrough: string; through: string; days: string[]; summary: InvoiceImportSummary };

function appliedThrough(targetPath: string): string {
  if (!fs.existsSync(targetPath)) {
    throw new RegistryUpdateError(
      `更新するインボイス登録データがありません。先に npm run invoice:import で取り込んでください (no invoice file at ${targetPath})`,
    );
  }
  const db = new Database(targetPath, { readonly: true, fileMustExist: true });
  try {
    const meta = readInvoiceMeta(db);
    const through = meta?.diffThrough ?? meta?.dataDate ?? null;
    if (through === null) throw new RegistryUpdateError(`インボイス登録データに更新日がありません (invoice file has no data date)`);
    return through;
  } finally {
    db.close();
  }
}

const DATED = /(?:^|[^0-9])(\d{4})(\d{2})(\d{2})(?![0-9])/;

export async function updateInvoices(options: {
  targetPath: string;
  source: InvoiceUpdateSource;
  today?: string;
  maxDays?: number;
}): Promise<InvoiceUpdateResult> {
  const previousThrough = appliedThrough(options.targetPath);
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-invoice-update-'));
  try {
    const days: string[] = [];
    const paths: string[] = [];
    if (options.source.kind === 'api') {
      const client = new NtaApiClient({
        baseUrl: options.source.baseUrl,
        applicationId: options.source.applicationId,
        type: '01',
        label: '適格請求書発行事業者公表システム Web-API',
        ...(options.source.fetch ? { fetch: options.source.fetch } : {}),
      });
      const lastComplete = addDays(options.today ?? todayInJapan(), -1);
      for (let day = addDays(previousThrough, 1); day <= lastComplete && days.length < (options.maxDays ?? 50); day = addDays(day, 1)) {
        const { lines } = await client.diffDay(day);
        const file = path.join(staging, `invoice_diff_${day.replaceAll('-', '')}.csv`);
        fs.writeFileSync(file, lines.length > 0 ? `${lines.join('\r\n')}\r\n` : '');
        days.push(day);
        paths.push(file);
      }
    } else if (fs.existsSync(options.source.dir)) {
      const dated = fs
        .readdirSync(options.source.dir)
        .map((name) => ({ name, m: DATED.exec(name) }))
        .filter((f) => f.m !== null && /\.(csv|json|zip)$/i.test(f.name))
        .map((f) => ({ file: path.join((options.source as { dir: string }).dir, f.name), day: `${f.m![1]}-${f.m![2]}-${f.m![3]}` }))
        .filter((f) => f.day > previousThrough)
        .sort((a, b) => a.day.localeCompare(b.day) || a.file.localeCompare(b.file));
      for (const f of dated) {
        if (!days.includes(f.day)) days.push(f.day);
        paths.push(f.file);
      }
    }
    if (days.length === 0) return { status: 'current', through: previousThrough };
    const through = days[days.length - 1] as string;
    const summary = await importInvoiceFiles({ paths, targetPath: options.targetPath, mode: 'update', diffThrough: through });
    return { status: 'updated', previousThrough, through, days, summary };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}
