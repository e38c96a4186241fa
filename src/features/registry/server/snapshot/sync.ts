import 'server-only';

import { getDb } from '@/server/db/client';
import { giveBackJobLease, takeJobLease } from '@/server/jobs/lease';
import { logger } from '@/server/logger';
import { getFileStorage, type FileStorage } from '@/server/storage';
import { serverConfig } from '@/config/server';
import { INSTANCE_ID, REGISTRY_UPDATE_JOB } from '../update/schedule';
import {
  followSnapshot,
  publishSnapshot,
  readLatestManifest,
  readSnapshotMarker,
  servedRegistry,
  SnapshotRefused,
  type FollowOutcome,
  type SnapshotFiles,
  type SnapshotManifest,
} from './snapshot';

/**
 * Each instance's snapshot job (docs/decisions/0120): at start and every
 * REGISTRY_SNAPSHOT_INTERVAL_SECONDS it follows the latest published snapshot, or — when nothing
 * is published yet, or its own files hold newer data that it built itself — publishes them under
 * the `registry-update` lease (the lease of the daily update: one builder and publisher at a time).
 * Within a process the job and the updater's publish never overlap (one chain).
 */

export interface SnapshotContext {
  storage: FileStorage;
  files: SnapshotFiles;
  holder: string;
  keep: number;
  leaseMs?: number;
}

export type SyncOutcome =
  | FollowOutcome
  | { status: 'published'; id: string; dataDate: string | null; ms: number }
  | { status: 'leased' }
  | { status: 'refused'; id: string; reason: string };

const LEASE_MS = 30 * 60 * 1000;

let chain: Promise<unknown> = Promise.resolve();
/** Runs `fn` after whatever snapshot work this process already started. */
function exclusive<T>(fn: () => Promise<T>): Promise<T> {
  const run = chain.then(fn, fn);
  chain = run.catch(() => undefined);
  return run;
}

/** The configured storage and files, with this process as the holder. */
export function configuredSnapshotContext(): SnapshotContext {
  const config = serverConfig();
  return {
    storage: getFileStorage(),
    files: { registry: config.registryUpdate.registryPath, invoice: config.registryUpdate.invoicePath },
    holder: INSTANCE_ID,
    keep: config.registryUpdate.snapshotsKeep,
  };
}

/** Publishes the served files; the caller holds the `registry-update` lease. Logged. */
export function publishServedSnapshot(ctx: SnapshotContext): Promise<SyncOutcome> {
  return exclusive(async () => {
    const started = performance.now();
    const manifest = await publishSnapshot({ storage: ctx.storage, files: ctx.files, keep: ctx.keep, publishedBy: ctx.holder });
    const ms = Math.round(performance.now() - started);
    logger.info(
      { event: 'registry.snapshot.published', id: manifest.id, dataDate: manifest.dataDate, ms, files: sizes(manifest) },
      'registry snapshot published',
    );
    return { status: 'published', id: manifest.id, dataDate: manifest.dataDate, ms };
  });
}

const sizes = (m: SnapshotManifest) => m.files.map((f) => ({ name: f.name, size: f.size, compressedSize: f.compressedSize }));

/** Whether the served files should be published over `manifest`: none published, or newer data built here. */
function shouldPublish(ctx: SnapshotContext, manifest: SnapshotManifest | null): boolean {
  const served = servedRegistry(ctx.files.registry);
  if (served === null) return false;
  if (manifest === null) return true;
  const builtHere = readSnapshotMarker(ctx.files.registry)?.registryBuild !== served.build;
  return builtHere && (served.dataDate ?? '') > (manifest.dataDate ?? '');
}

/** Ids refused in this process: logged once, not downloaded again. */
const refused = new Set<string>();

/** One look at the storage: follow, publish, or nothing. A bad snapshot is logged and the served files keep answering. */
export async function syncSnapshot(ctx: SnapshotContext): Promise<SyncOutcome> {
  let manifest: SnapshotManifest | null;
  try {
    manifest = await readLatestManifest(ctx.storage);
  } catch (error) {
    const reason = (error as Error).message;
    if (!refused.has(`latest:${reason}`))
      logger.error({ event: 'registry.snapshot.refused', err: error }, 'registry snapshot manifest unreadable');
    refused.add(`latest:${reason}`);
    return { status: 'refused', id: 'latest', reason };
  }
  if (shouldPublish(ctx, manifest)) return publishUnderLease(ctx);
  return followLatestSnapshot(ctx, manifest);
}

/** Follows the latest snapshot (the updater, before it builds); a refusal is logged and returned. */
export async function followLatestSnapshot(ctx: SnapshotContext, known?: SnapshotManifest | null): Promise<SyncOutcome> {
  const manifest = known !== undefined ? known : await readLatestManifest(ctx.storage);
  if (manifest === null) return { status: 'none' };
  if (refused.has(manifest.id)) return { status: 'refused', id: manifest.id, reason: 'refused before' };
  try {
    const outcome = await exclusive(() => followSnapshot({ storage: ctx.storage, files: ctx.files, manifest }));
    if (outcome.status === 'applied') {
      logger.info(
        { event: 'registry.snapshot.applied', id: outcome.id, dataDate: outcome.dataDate, ms: outcome.ms },
        'registry snapshot applied',
      );
    }
    return outcome;
  } catch (error) {
    refused.add(manifest.id);
    const reason = (error as Error).message;
    logger.error(
      { event: 'registry.snapshot.refused', id: manifest.id, err: error },
      `registry snapshot not applied; the served files are unchanged: ${reason}`,
    );
    if (error instanceof SnapshotRefused) return { status: 'refused', id: manifest.id, reason };
    throw error;
  }
}

/** Takes the lease, checks again that publishing is still due (another instance may have published), publishes. */
async function publishUnderLease(ctx: SnapshotContext): Promise<SyncOutcome> {
  const db = await getDb();
  if (!(await takeJobLease(db, REGISTRY_UPDATE_JOB, ctx.holder, ctx.leaseMs ?? LEASE_MS))) return { status: 'leased' };
  try {
    const manifest = await readLatestManifest(ctx.storage);
    if (!shouldPublish(ctx, manifest)) return manifest === null ? { status: 'none' } : { status: 'current', id: manifest.id };
    return await publishServedSnapshot(ctx);
  } finally {
    await giveBackJobLease(db, REGISTRY_UPDATE_JOB, ctx.holder);
  }
}

/** Forgets the refused ids (tests). */
export function forgetRefusedSnapshots(): void {
  refused.clear();
}

export interface RunningSnapshotSync {
  stop: () => Promise<void>;
}

/** Looks at once, then every `intervalMs`; looks never overlap within an instance. */
export function startSnapshotSync(intervalMs: number, ctx: () => SnapshotContext = configuredSnapshotContext): RunningSnapshotSync {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = (delay: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = syncSnapshot(ctx())
        .catch((error: unknown) => logger.error({ event: 'registry.snapshot.error', err: error }, 'registry snapshot look failed'))
        .finally(() => schedule(intervalMs));
    }, delay);
    timer.unref();
  };
  schedule(0);
  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

const globalKey = Symbol.for('hojin.registrySnapshotSync');
type GlobalWithSync = typeof globalThis & { [globalKey]?: RunningSnapshotSync };

/** Starts the server's snapshot job once per process (instrumentation-node.ts). */
export function startServerSnapshotSync(intervalMs: number): RunningSnapshotSync {
  const g = globalThis as GlobalWithSync;
  g[globalKey] ??= startSnapshotSync(intervalMs);
  return g[globalKey];
}
