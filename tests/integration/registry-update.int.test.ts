import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createNtaStandIn } from '../../dev/nta/stand-in';
import { findCompanyByNumber, importInvoiceFiles, InvoiceStore, RegistryStore } from '@/features/registry/index.server';
import { getReferenceRecord } from '@/features/company-reference/index.server';
import { runScheduledUpdate } from '@/features/registry/server/update/schedule';
import { updateInvoices } from '@/features/registry/server/update/invoice-update';
import { updateRegistry } from '@/features/registry/server/update/update';
import { jobLeases } from '@db/schema';
import { getDb } from '@/server/db/client';
import { buildRegistry, ntaRow, tempDir } from '@/features/registry/testing';
import { formatInvoiceCsvLine, testInvoiceRecord, type InvoiceSourceRecord } from '@tools/registry/invoice-synthetic';
import { formatNtaLine } from '@tools/registry/nta-synthetic';
import type { NtaRow } from '@/features/registry';

/**
 * The daily update (issue 14 item 1) against the local Web-API stand-in (dev/nta): the real
 * client, paging included (one row a part here), the real importer and the atomic swap.
 */

const A = '8040001999013';
const B = '2430101000011';

let dir: string;
let apiDir: string;
let target: string;
let server: http.Server;
let baseUrl: string;

const day = (d: string, rows: NtaRow[]) =>
  fs.writeFileSync(path.join(apiDir, `diff_${d.replaceAll('-', '')}.csv`), rows.map((r, i) => formatNtaLine(r, i + 1)).join(''));

const api = { kind: 'api' as const, applicationId: 'test-id', baseUrl: '' };
const run = (today: string) => updateRegistry({ targetPath: target, source: { ...api, baseUrl }, today });

function served() {
  const store = new RegistryStore(target, { checkIntervalMs: 0 });
  const company = findCompanyByNumber(A, store);
  const state = store.acquire();
  const meta = state.ok ? state.registry.meta : null;
  store.close();
  return { company: company.ok ? company.company : null, meta };
}

beforeAll(async () => {
  dir = tempDir();
  apiDir = path.join(dir, 'api');
  fs.mkdirSync(apiDir);
  server = createNtaStandIn({ dir: apiDir, divideSize: 1 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/4`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(async () => {
  for (const f of fs.readdirSync(apiDir)) fs.rmSync(path.join(apiDir, f));
  await fetch(`${baseUrl.replace(/\/4$/, '')}/_control/fail?clear=1`);
  target = path.join(dir, 'registry', 'registry.sqlite');
  fs.rmSync(path.dirname(target), { recursive: true, force: true });
  fs.mkdirSync(path.dirname(target), { recursive: true });
  buildRegistry(target, [ntaRow({ corporateNumber: A, name: '株式会社一日目', updateDate: '2026-02-01', changeDate: '2026-02-01' })], {
    dataDate: '2026-02-01',
  });
  // Three days of changes: a rename, a new company, another rename.
  day('2026-02-02', [
    ntaRow({ corporateNumber: A, name: '株式会社二日目', process: '11', updateDate: '2026-02-02', changeDate: '2026-02-02' }),
  ]);
  day('2026-02-03', [ntaRow({ corporateNumber: B, name: '株式会社三日目新設', updateDate: '2026-02-03', changeDate: '2026-02-03' })]);
  day('2026-02-04', [
    ntaRow({ corporateNumber: A, name: '株式会社四日目', process: '11', updateDate: '2026-02-04', changeDate: '2026-02-04' }),
    ntaRow({
      corporateNumber: B,
      name: '株式会社三日目新設',
      process: '12',
      updateDate: '2026-02-04',
      changeDate: '2026-02-04',
      cityName: '熊本市北区',
    }),
  ]);
});

describe('updateRegistry through the NTA Web-API stand-in', () => {
  it('applies three days of diffs in order and moves the データ更新日 to the last one', async () => {
    const result = await run('2026-02-05');
    expect(result).toMatchObject({ status: 'updated', previousDataDate: '2026-02-01', dataDate: '2026-02-04' });
    expect(result.status === 'updated' && result.days).toEqual(['2026-02-02', '2026-02-03', '2026-02-04']);
    const { company, meta } = served();
    expect(company?.current.name).toBe('株式会社四日目');
    expect(company?.formerNames).toEqual(['株式会社二日目', '株式会社一日目']);
    expect(meta?.dataDate).toBe('2026-02-04');
    expect(meta?.counts.companies).toBe(2);
  });

  it('fetches complete days only, and catches up a missed day on the next run', async () => {
    expect(await run('2026-02-03')).toMatchObject({ status: 'updated', dataDate: '2026-02-02' });
    expect(served().company?.current.name).toBe('株式会社二日目');
    // Two days missed: both come in the next run.
    expect(await run('2026-02-05')).toMatchObject({ status: 'updated', previousDataDate: '2026-02-02', dataDate: '2026-02-04' });
    expect(served().company?.current.name).toBe('株式会社四日目');
  });

  it('applies a day only once: a second run changes nothing, not even the file', async () => {
    await run('2026-02-05');
    const before = served().meta;
    const stat = fs.statSync(target);
    expect(await run('2026-02-05')).toEqual({ status: 'current', dataDate: '2026-02-04' });
    expect(served().meta?.buildId).toBe(before?.buildId);
    expect(fs.statSync(target).ino).toBe(stat.ino);
  });

  it('leaves the served registry answering when a day fails, says why, and applies it once it works', async () => {
    await fetch(`${baseUrl.replace(/\/4$/, '')}/_control/fail?day=2026-02-03`);
    await expect(run('2026-02-05')).rejects.toThrow(/HTTP 500/);
    const { company, meta } = served();
    expect(company?.current.name).toBe('株式会社一日目');
    expect(meta?.dataDate).toBe('2026-02-01');
    expect(fs.readdirSync(path.dirname(target))).toEqual(['registry.sqlite']);
    await fetch(`${baseUrl.replace(/\/4$/, '')}/_control/fail?clear=1`);
    expect(await run('2026-02-05')).toMatchObject({ status: 'updated', dataDate: '2026-02-04' });
  });

  it('takes the same days from diff files dropped into a folder when no application ID is configured', async () => {
    const result = await updateRegistry({ targetPath: target, source: { kind: 'folder', dir: apiDir } });
    expect(result).toMatchObject({ status: 'updated', dataDate: '2026-02-04' });
    expect(served().company?.current.name).toBe('株式会社四日目');
    expect(await updateRegistry({ targetPath: target, source: { kind: 'folder', dir: apiDir } })).toEqual({
      status: 'current',
      dataDate: '2026-02-04',
    });
  });
});

describe('the scheduled update', () => {
  it('runs on one of two instances only, and the other takes its turn once the lease is back', async () => {
    // Instance b ticks while a is inside its run (holding the lease): b must leave the job to a.
    let entered!: () => void;
    let release!: () => void;
    const insideRun = new Promise<void>((resolve) => (entered = resolve));
    const gate = new Promise<void>((resolve) => (release = resolve));
    const first = runScheduledUpdate({
      holder: 'instance-a',
      run: async () => {
        entered();
        await gate;
        return run('2026-02-05');
      },
      runInvoice: null,
    });
    await insideRun;
    const b = await runScheduledUpdate({ holder: 'instance-b', run: () => run('2026-02-05'), runInvoice: null });
    release();
    const a = await first;
    expect(b).toEqual({ ran: false, reason: 'leased' });
    const outcomes = [a, b];
    expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    expect(outcomes.find((o) => o.ran)).toMatchObject({ ran: true, result: { status: 'updated', dataDate: '2026-02-04' } });
    expect(outcomes.find((o) => !o.ran)).toEqual({ ran: false, reason: 'leased' });
    // The lease was given back: the next tick (either instance) runs and finds nothing to do.
    expect(await runScheduledUpdate({ holder: 'instance-b', run: () => run('2026-02-05'), runInvoice: null })).toEqual({
      ran: true,
      result: { status: 'current', dataDate: '2026-02-04' },
    });
  });

  it('takes over the lease of an instance that died mid-run once it expires, and reports a failed run', async () => {
    const db = await getDb();
    await db
      .insert(jobLeases)
      .values({ name: 'registry-update', holder: 'dead', leasedUntil: new Date(Date.now() + 60_000) })
      .onConflictDoUpdate({ target: jobLeases.name, set: { holder: 'dead', leasedUntil: new Date(Date.now() + 60_000) } });
    expect(await runScheduledUpdate({ holder: 'instance-a', run: () => run('2026-02-05'), runInvoice: null })).toEqual({
      ran: false,
      reason: 'leased',
    });
    await db.update(jobLeases).set({ leasedUntil: new Date(Date.now() - 1000) });
    await fetch(`${baseUrl.replace(/\/4$/, '')}/_control/fail?day=2026-02-02`);
    const failed = await runScheduledUpdate({ holder: 'instance-a', run: () => run('2026-02-05'), runInvoice: null });
    expect(failed).toMatchObject({ ran: true, error: expect.stringMatching(/HTTP 500/) });
    expect(served().meta?.dataDate).toBe('2026-02-01');
  });
});

describe('the invoice update through the invoice Web-API stand-in', () => {
  const invoiceLine = (extra: Partial<InvoiceSourceRecord>) =>
    formatInvoiceCsvLine(testInvoiceRecord(A, { sequenceNumber: '1', name: '株式会社一日目', ...extra }));

  it('flips a company from registered to disposed on its record page', async () => {
    const invoicePath = path.join(dir, 'registry', 'invoice.sqlite');
    const bulk = path.join(dir, 'invoice-bulk.csv');
    fs.writeFileSync(bulk, invoiceLine({}));
    await importInvoiceFiles({ paths: [bulk], targetPath: invoicePath });
    fs.writeFileSync(
      path.join(apiDir, 'invoice_diff_20231002.csv'),
      invoiceLine({ process: '03', updateDate: '2023-10-02', disposalDate: '2023-10-02' }),
    );
    const registry = new RegistryStore(target, { checkIntervalMs: 0 });
    const invoice = new InvoiceStore(invoicePath, 0);
    const status = () => {
      const outcome = getReferenceRecord(A, { registry, invoice, today: '2023-10-03' });
      return outcome.ok && outcome.record.invoice.state === 'known' ? outcome.record.invoice.status : null;
    };
    expect(status()).toBe('valid');

    const result = await updateInvoices({
      targetPath: invoicePath,
      source: { kind: 'api', baseUrl: baseUrl.replace(/\/4$/, '/1'), applicationId: 'test-id' },
      today: '2023-10-03',
    });
    expect(result).toMatchObject({ status: 'updated', previousThrough: '2023-10-01', through: '2023-10-02', days: ['2023-10-02'] });
    expect(status()).toBe('disposed');
    // The day is recorded as applied: the next run has nothing to do.
    expect(
      await updateInvoices({
        targetPath: invoicePath,
        source: { kind: 'api', baseUrl: baseUrl.replace(/\/4$/, '/1'), applicationId: 'test-id' },
        today: '2023-10-03',
      }),
    ).toEqual({ status: 'current', through: '2023-10-02' });
    registry.close();
    invoice.close();
  });
});
