/**
 * Brings the registry (and invoice) files to the latest snapshot published in the file storage
 * (docs/decisions/0120), as a running instance does every REGISTRY_SNAPSHOT_INTERVAL_SECONDS.
 * `npm start` runs it before it would generate a sample registry: an instance with no registry
 * file starts from the fleet's snapshot instead of building its own.
 *
 *   npm run registry:snapshot -- restore
 *
 * Exit codes: 0 the files are the latest snapshot's (applied now or already), 3 nothing to take
 * (none published, snapshots off, or the served files hold newer data), 1 the snapshot was refused
 * or could not be read (the served files are untouched; the reason is printed), 2 bad arguments.
 */
import { serverConfig } from '@/config/server';
import { followSnapshot, SnapshotRefused } from '@/features/registry/server/snapshot/snapshot';
import { getFileStorage } from '@/server/storage';

const [command, ...rest] = process.argv.slice(2);
if (command !== 'restore' || rest.length > 0) {
  console.error('使い方: npm run registry:snapshot -- restore');
  process.exit(2);
}

async function main(): Promise<number> {
  const config = serverConfig();
  if (config.jobs.registrySnapshotIntervalMs === 0) return 3;
  const started = performance.now();
  const outcome = await followSnapshot({
    storage: getFileStorage(),
    files: { registry: config.registryUpdate.registryPath, invoice: config.registryUpdate.invoicePath },
  });
  const ms = Math.round(performance.now() - started);
  if (outcome.status === 'applied') {
    console.log(
      `[hojin] 登記データのスナップショット ${outcome.id}（データ更新日 ${outcome.dataDate ?? '不明'}）を取り込みました（${ms} ms）。`,
    );
    return 0;
  }
  return outcome.status === 'current' ? 0 : 3;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof SnapshotRefused ? error.message : error);
    process.exit(1);
  },
);
