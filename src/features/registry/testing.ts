import 'server-only';

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { testNtaRecord } from '@tools/registry/nta-test-record';

import { withCheckDigit } from '@/features/registry/corporate-number';
import type { NtaRow } from '@/features/registry/nta-types';
import { RegistryWriter, type RegistryWriterOptions } from './server/store/writer';

/** Test helpers: NTA rows and small registries in a temporary directory. Used by *.test.ts only. */

let serial = 100_000;

/** A valid 法人番号 that no other call returns. */
export function nextCorporateNumber(): string {
  serial += 1;
  return withCheckDigit(String(700_000_000_000 + serial));
}

/** An NTA row with plausible defaults (an active 株式会社 in 東京都, latest). */
export function ntaRow(overrides: Partial<NtaRow> = {}): NtaRow {
  return {
    sequenceNumber: 1,
    ...testNtaRecord({ corporateNumber: overrides.corporateNumber ?? nextCorporateNumber() }),
    file: 'test.csv',
    line: 1,
    ...overrides,
  };
}

export function tempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-registry-'));
}

/**
 * Builds (or updates) a registry file from rows and returns the writer's result. `dataDate`
 * records the rows as coming from that day's NTA diff (the file's データ更新日).
 */
export function buildRegistry(
  targetPath: string,
  rows: readonly NtaRow[],
  { dataDate, ...options }: Partial<Omit<RegistryWriterOptions, 'targetPath'>> & { dataDate?: string } = {},
) {
  const writer = RegistryWriter.open({ targetPath, mode: 'new', cacheMiB: 8, ...options });
  try {
    const stats = writer.applyRows(rows);
    if (dataDate !== undefined) {
      writer.addSource({ file: `diff_${dataDate.replaceAll('-', '')}.csv`, kind: 'diff', date: dataDate, rows: rows.length, errors: 0 });
    }
    return { stats, result: writer.finish() };
  } catch (err) {
    writer.abort();
    throw err;
  }
}
