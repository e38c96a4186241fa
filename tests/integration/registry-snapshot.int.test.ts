import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createS3StandIn } from '../../dev/s3/stand-in';
import { findCompanyByNumber, RegistryStore, servedSnapshotId } from '@/features/registry/index.server';
import { readLatestManifest, SNAPSHOT_PREFIX } from '@/features/registry/server/snapshot/snapshot';
import {
  followLatestSnapshot,
  forgetRefusedSnapshots,
  publishServedSnapshot,
  syncSnapshot,
  type SnapshotContext,
} from '@/features/registry/server/snapshot/sync';
import { REGISTRY_UPDATE_JOB, runScheduledUpdate } from '@/features/registry/server/update/schedule';
import { buildRegistry, ntaRow, tempDir } from '@/features/registry/testing';
import { getDb } from '@/server/db/client';
import { giveBackJobLease, takeJobLease } from '@/server/jobs/lease';
import { LocalFileStorage } from '@/server/storage/local';
import { S3Storage } from '@/server/storage/s3';
import type { FileStorage } from '@/server/storage';

/**
 * Registry snapshots (issue 28 §1, docs/decisions/0120): one "instance" publishes, another — its
 * own directory, its own RegistryStore — follows and serves the new data date; a corrupted or
 * truncated snapshot is refused and the previous file keeps answering; two publishers never
 * publish at once; and the same round trip through the S3 driver against the S3 stand-in.
 */

const A = '8040001999013';
let root: string;

const instance = (name: string, storage: FileStorage): SnapshotContext => {
  const dir = path.join(root, name);
  fs.mkdirSync(dir, { recursive: true });
  return {
    storage,
    files: { registry: path.join(dir, 'registry.sqlite'), invoice: path.join(dir, 'invoice.sqlite') },
    holder: `test-${name}`,
    keep: 2,
  };
};

const build = (ctx: SnapshotContext, dataDate: string, name: string) =>
  buildRegistry(ctx.files.registry, [ntaRow({ corporateNumber: A, name, updateDate: dataDate, changeDate: dataDate })], { dataDate });

function serves(store: RegistryStore) {
  const state = store.acquire();
  const company = findCompanyByNumber(A, store);
  return {
    dataDate: state.ok ? state.registry.meta.dataDate : null,
    name: company.ok ? company.company.current.name : null,
    snapshotId: state.ok ? servedSnapshotId(store.path, state.registry.meta.buildId) : null,
  };
}

beforeAll(() => {
  root = tempDir();
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

let storageDir: string;
let storage: LocalFileStorage;
beforeEach(() => {
  forgetRefusedSnapshots();
  storageDir = fs.mkdtempSync(path.join(root, 'storage-'));
  storage = new LocalFileStorage(storageDir);
});

const objectPath = async (name: 'registry' | 'invoice') => {
  const manifest = await readLatestManifest(storage);
  const key = manifest?.files.find((f) => f.name === name)?.key ?? '';
  return path.join(storageDir, key);
};

describe('registry snapshots through the local-folder storage', () => {
  it('publishes from the builder; a new instance with no file starts from it, then follows the next one', async () => {
    const builder = instance('builder-1', storage);
    const follower = instance('follower-1', storage);
    build(builder, '2026-02-01', '株式会社一日目');

    // Nothing published yet, and the follower has no file: it has nothing to serve and publishes nothing.
    expect(await syncSnapshot(follower)).toEqual({ status: 'none' });
    const first = await syncSnapshot(builder);
    expect(first).toMatchObject({ status: 'published', dataDate: '2026-02-01' });
    const manifest = await readLatestManifest(storage);
    expect(manifest?.files[0]).toMatchObject({ name: 'registry', size: fs.statSync(builder.files.registry).size });
    expect(manifest?.files[0]?.compressedSize).toBeLessThan(manifest?.files[0]?.size ?? 0);

    const store = new RegistryStore(follower.files.registry, { checkIntervalMs: 0 });
    expect(store.acquire()).toMatchObject({ ok: false, reason: 'missing' });
    expect(await syncSnapshot(follower)).toMatchObject({ status: 'applied', id: manifest?.id, dataDate: '2026-02-01' });
    expect(serves(store)).toEqual({ dataDate: '2026-02-01', name: '株式会社一日目', snapshotId: manifest?.id });
    expect(await syncSnapshot(follower)).toEqual({ status: 'current', id: manifest?.id });
    expect(await syncSnapshot(builder)).toEqual({ status: 'current', id: manifest?.id });

    // The builder builds the next day and publishes it; the follower's open store swaps to it.
    build(builder, '2026-02-02', '株式会社二日目');
    expect(await syncSnapshot(builder)).toMatchObject({ status: 'published', dataDate: '2026-02-02' });
    expect(await syncSnapshot(follower)).toMatchObject({ status: 'applied', dataDate: '2026-02-02' });
    expect(serves(store)).toMatchObject({ dataDate: '2026-02-02', name: '株式会社二日目' });

    // Only the newest `keep` (2) snapshots stay in the storage.
    build(builder, '2026-02-03', '株式会社三日目');
    await syncSnapshot(builder);
    const ids = new Set((await storage.list(SNAPSHOT_PREFIX)).map((k) => k.slice(SNAPSHOT_PREFIX.length).split('/')[0]));
    expect(ids.size).toBe(3); // two snapshots and latest.json
    store.close();
  });

  for (const [what, damage] of [
    [
      'corrupted',
      (file: string) => {
        const bytes = fs.readFileSync(file);
        const at = Math.floor(bytes.length / 2);
        bytes[at] = (bytes[at] ?? 0) ^ 0xff;
        fs.writeFileSync(file, bytes);
      },
    ],
    ['truncated', (file: string) => fs.truncateSync(file, Math.floor(fs.statSync(file).size / 2))],
  ] as const) {
    it(`refuses a ${what} snapshot; the previous file keeps serving`, async () => {
      const builder = instance(`builder-${what}`, storage);
      const follower = instance(`follower-${what}`, storage);
      build(builder, '2026-03-01', '株式会社旧');
      await syncSnapshot(builder);
      await syncSnapshot(follower);
      const store = new RegistryStore(follower.files.registry, { checkIntervalMs: 0 });
      const before = serves(store);
      expect(before).toMatchObject({ dataDate: '2026-03-01', name: '株式会社旧' });

      build(builder, '2026-03-02', '株式会社新');
      await syncSnapshot(builder);
      damage(await objectPath('registry'));
      const outcome = await syncSnapshot(follower);
      expect(outcome).toMatchObject({ status: 'refused' });
      expect(serves(store)).toEqual(before);
      // No temporary file is left beside the served one.
      expect(fs.readdirSync(path.dirname(follower.files.registry)).filter((f) => f.startsWith('.'))).toEqual([]);
      // Refused once, not downloaded again every minute.
      expect(await syncSnapshot(follower)).toMatchObject({ status: 'refused', reason: 'refused before' });
      store.close();
    });
  }

  it('refuses a manifest that does not parse; the served file is untouched', async () => {
    const follower = instance('follower-bad-manifest', storage);
    build(follower, '2026-03-05', '株式会社手元');
    await storage.put(`${SNAPSHOT_PREFIX}latest.json`, new TextEncoder().encode('{"format":1,'));
    expect(await syncSnapshot(follower)).toMatchObject({ status: 'refused' });
    const store = new RegistryStore(follower.files.registry, { checkIntervalMs: 0 });
    expect(serves(store)).toMatchObject({ dataDate: '2026-03-05' });
    store.close();
  });

  it('never lets two publishers publish at once (the registry-update lease)', async () => {
    const one = instance('publisher-1', storage);
    const two = instance('publisher-2', storage);
    build(one, '2026-04-01', '株式会社一号');
    build(two, '2026-04-01', '株式会社二号');

    // While another instance holds the lease (it is building), neither publishes.
    const db = await getDb();
    expect(await takeJobLease(db, REGISTRY_UPDATE_JOB, 'someone-else', 60_000)).toBe(true);
    expect(await syncSnapshot(one)).toEqual({ status: 'leased' });
    await giveBackJobLease(db, REGISTRY_UPDATE_JOB, 'someone-else');

    // Both at once: one publishes; the other, once it has the lease, finds it published and follows.
    const outcomes = await Promise.all([syncSnapshot(one), syncSnapshot(two)]);
    expect(outcomes.filter((o) => o.status === 'published')).toHaveLength(1);
    const ids = new Set((await storage.list(SNAPSHOT_PREFIX)).filter((k) => k.endsWith('manifest.json')));
    expect(ids.size).toBe(1);
    await syncSnapshot(one);
    await syncSnapshot(two);
    const manifest = await readLatestManifest(storage);
    for (const ctx of [one, two]) {
      const store = new RegistryStore(ctx.files.registry, { checkIntervalMs: 0 });
      expect(serves(store).snapshotId).toBe(manifest?.id);
      store.close();
    }
  });
});

describe('the daily update and the snapshots', () => {
  it('follows the latest snapshot before it builds and publishes what it built, both under its lease', async () => {
    const other = instance('updater-other', storage);
    const updater = instance('updater', storage);
    build(other, '2026-06-01', '株式会社前');
    await syncSnapshot(other);
    const db = await getDb();
    let leaseFreeDuringPublish: boolean | null = null;
    const outcome = await runScheduledUpdate({
      holder: updater.holder,
      beforeRun: () => followLatestSnapshot(updater),
      run: () => {
        // The update starts from the followed file (the day another instance built is not built again).
        const followed = new RegistryStore(updater.files.registry);
        expect(followed.acquire()).toMatchObject({ ok: true, registry: { meta: { dataDate: '2026-06-01' } } });
        followed.close();
        build(updater, '2026-06-02', '株式会社後');
        return Promise.resolve({
          status: 'updated' as const,
          previousDataDate: '2026-06-01',
          dataDate: '2026-06-02',
          days: ['2026-06-02'],
          summary: {} as never,
        });
      },
      runInvoice: null,
      publish: async () => {
        leaseFreeDuringPublish = await takeJobLease(db, REGISTRY_UPDATE_JOB, 'someone-else', 60_000);
        return publishServedSnapshot(updater);
      },
    });
    expect(outcome).toMatchObject({ ran: true, result: { status: 'updated' } });
    expect(leaseFreeDuringPublish).toBe(false);
    expect((await readLatestManifest(storage))?.dataDate).toBe('2026-06-02');
    expect(await syncSnapshot(other)).toMatchObject({ status: 'applied', dataDate: '2026-06-02' });
  });
});

describe('registry snapshots through the S3 driver against the S3 stand-in', () => {
  let server: http.Server;
  let s3: S3Storage;
  beforeAll(async () => {
    const credentials = { accessKeyId: 'hojin-test', secretAccessKey: 'test-secret', region: 'auto' };
    server = createS3StandIn({ dir: path.join(root, 's3'), ...credentials });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    s3 = new S3Storage({ endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, bucket: 'hojin', ...credentials });
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('publishes and follows a snapshot', async () => {
    const builder = instance('s3-builder', s3);
    const follower = instance('s3-follower', s3);
    build(builder, '2026-05-01', '株式会社エススリー');
    expect(await syncSnapshot(builder)).toMatchObject({ status: 'published' });
    expect(await syncSnapshot(follower)).toMatchObject({ status: 'applied', dataDate: '2026-05-01' });
    const store = new RegistryStore(follower.files.registry, { checkIntervalMs: 0 });
    expect(serves(store)).toMatchObject({ dataDate: '2026-05-01', name: '株式会社エススリー' });
    store.close();
  });
});
