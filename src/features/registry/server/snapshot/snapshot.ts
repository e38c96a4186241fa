import 'server-only';

import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { z } from 'zod';
import type { FileStorage } from '@/server/storage';
import { SCHEMA_VERSION } from '../../formats/registry-schema';
import { INVOICE_SCHEMA_VERSION, readInvoiceMeta } from '../invoice/writer';
import { readMeta } from '../store/writer';
import { renameInto } from '../sqlite/building-file';

/**
 * Registry snapshots through the file storage (issue 28 §1, docs/decisions/0120). The instance
 * that builds the registry (full import or daily update, under the `registry-update` lease)
 * publishes the served SQLite files gzip-compressed, then a manifest; every other instance reads
 * the manifest, downloads a newer snapshot beside its files, verifies it and renames it in — the
 * reloading file (sqlite/reloading-file.ts) picks it up as it does a local rebuild.
 *
 * Layout under `registry-snapshots/`: `<id>/registry.sqlite.gz`, `<id>/invoice.sqlite.gz`,
 * `<id>/manifest.json`, and `latest.json` (a copy of the newest manifest) written LAST, so a
 * snapshot whose upload did not finish is never the one followers see. Ids start with the publish
 * time, so they sort oldest first; the newest `keep` are kept and the rest deleted.
 */

export const SNAPSHOT_PREFIX = 'registry-snapshots/';
const LATEST_KEY = `${SNAPSHOT_PREFIX}latest.json`;
/** The manifest's own format (the files' formats are their schema versions). */
const MANIFEST_FORMAT = 1;

const FileName = z.enum(['registry', 'invoice']);
type FileName = z.infer<typeof FileName>;
const hex64 = z.string().regex(/^[0-9a-f]{64}$/);

const ManifestFile = z.strictObject({
  name: FileName,
  key: z.string().min(1),
  /** The file's format version (the registry's SCHEMA_VERSION, the invoice file's). */
  schemaVersion: z.number().int(),
  /** What identifies the build inside the file (the registry's buildId, the invoice file's builtAt). */
  build: z.string(),
  size: z.number().int().nonnegative(),
  sha256: hex64,
  compressedSize: z.number().int().nonnegative(),
  compressedSha256: hex64,
});

const ManifestSchema = z.strictObject({
  format: z.literal(MANIFEST_FORMAT),
  id: z.string().regex(/^[0-9A-Za-z-]{8,80}$/),
  /** The registry's データ更新日. */
  dataDate: z.string().nullable(),
  /** When the registry file was built (its meta). */
  builtAt: z.string(),
  publishedAt: z.string(),
  publishedBy: z.string(),
  compression: z.literal('gzip'),
  files: z.array(ManifestFile).min(1),
});
export type SnapshotManifest = z.infer<typeof ManifestSchema>;

/** The served files a snapshot carries (the invoice file is optional). */
export interface SnapshotFiles {
  registry: string;
  invoice: string;
}

/** What a snapshot was refused for; the served files are untouched. */
export class SnapshotRefused extends Error {
  constructor(
    readonly snapshotId: string,
    message: string,
  ) {
    super(`snapshot ${snapshotId} refused: ${message}`);
    this.name = 'SnapshotRefused';
  }
}

/** The file beside the registry that says which snapshot the served files came from. */
const markerPath = (registryPath: string) => `${registryPath}.snapshot.json`;

const MarkerSchema = z.object({ id: z.string(), dataDate: z.string().nullable(), registryBuild: z.string() });
export type SnapshotMarker = z.infer<typeof MarkerSchema>;

/** The snapshot the served files came from (published or followed here), or null. */
export function readSnapshotMarker(registryPath: string): SnapshotMarker | null {
  try {
    return MarkerSchema.parse(JSON.parse(fs.readFileSync(markerPath(registryPath), 'utf8')));
  } catch {
    return null;
  }
}

/** The id of the snapshot the registry build `build` came from, or null (built here and not published, or snapshots off). */
export function servedSnapshotId(registryPath: string, build: string): string | null {
  const marker = readSnapshotMarker(registryPath);
  return marker !== null && marker.registryBuild === build ? marker.id : null;
}

function writeSnapshotMarker(registryPath: string, manifest: SnapshotManifest): void {
  const registry = manifest.files.find((f) => f.name === 'registry');
  const marker: SnapshotMarker = { id: manifest.id, dataDate: manifest.dataDate, registryBuild: registry?.build ?? '' };
  const tmp = `${markerPath(registryPath)}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(marker));
  fs.renameSync(tmp, markerPath(registryPath));
}

interface FileInfo {
  schemaVersion: number;
  build: string;
  dataDate: string | null;
  builtAt: string;
}

/** The format and build of a registry or invoice file; throws when it is not one of this version. */
function fileInfo(name: FileName, file: string): FileInfo {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    if (name === 'registry') {
      const meta = readMeta(db);
      if (meta === null || meta.schemaVersion !== SCHEMA_VERSION) throw new Error(`${file} is not a registry of format ${SCHEMA_VERSION}`);
      return { schemaVersion: meta.schemaVersion, build: meta.buildId, dataDate: meta.dataDate, builtAt: meta.builtAt };
    }
    const meta = readInvoiceMeta(db);
    if (meta === null || meta.schemaVersion !== INVOICE_SCHEMA_VERSION) {
      throw new Error(`${file} is not an invoice file of format ${INVOICE_SCHEMA_VERSION}`);
    }
    return { schemaVersion: meta.schemaVersion, build: meta.builtAt, dataDate: meta.dataDate, builtAt: meta.builtAt };
  } finally {
    db.close();
  }
}

/** The served registry's data date and build, or null when there is no readable registry of this version. */
export function servedRegistry(registryPath: string): { dataDate: string | null; build: string } | null {
  if (!fs.existsSync(registryPath)) return null;
  try {
    const info = fileInfo('registry', registryPath);
    return { dataDate: info.dataDate, build: info.build };
  } catch {
    return null;
  }
}

/** A pass-through stream that counts and hashes what flows through it. */
function tap(): Transform & { bytes: () => number; sha256: () => string } {
  const hash = createHash('sha256');
  let bytes = 0;
  const t = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      bytes += chunk.length;
      done(null, chunk);
    },
  });
  let digest: string | null = null;
  return Object.assign(t, { bytes: () => bytes, sha256: () => (digest ??= hash.digest('hex')) });
}

const tempBeside = (target: string, what: string) =>
  path.join(path.dirname(target), `.${path.basename(target)}.${what}-${process.pid}-${randomUUID().slice(0, 8)}`);

const compactTime = (iso: string) => iso.replace(/[-:]|\.\d{3}/g, '');

/** The newest published manifest, null when none was published; throws when it cannot be read or is not valid. */
export async function readLatestManifest(storage: FileStorage): Promise<SnapshotManifest | null> {
  const object = await storage.get(LATEST_KEY);
  if (object === null) return null;
  const text = await new Response(object.body).text();
  return ManifestSchema.parse(JSON.parse(text));
}

export interface PublishOptions {
  storage: FileStorage;
  files: SnapshotFiles;
  /** Snapshots kept (the newest; default 3). */
  keep?: number;
  /** Who publishes (the instance id, for the manifest). */
  publishedBy: string;
}

/**
 * Publishes the served files as a new snapshot: each file compressed to a temporary file (the
 * sizes and hashes taken on the way), uploaded, then the manifest, then `latest.json`; finally the
 * snapshots past `keep` are deleted. The caller holds the `registry-update` lease (one publisher).
 */
export async function publishSnapshot(options: PublishOptions): Promise<SnapshotManifest> {
  const registry = fileInfo('registry', options.files.registry);
  const publishedAt = new Date().toISOString();
  const id = `${compactTime(publishedAt)}-${(registry.dataDate ?? 'nodate').replaceAll('-', '')}-${randomUUID().slice(0, 6)}`;
  const names: FileName[] = fs.existsSync(options.files.invoice) ? ['registry', 'invoice'] : ['registry'];
  const entries: SnapshotManifest['files'] = [];
  for (const name of names) {
    const file = options.files[name];
    const info = name === 'registry' ? registry : fileInfo(name, file);
    const tmp = tempBeside(file, 'snapshot-upload');
    try {
      const raw = tap();
      const packed = tap();
      await pipeline(fs.createReadStream(file), raw, zlib.createGzip({ level: 6 }), packed, fs.createWriteStream(tmp));
      const key = `${SNAPSHOT_PREFIX}${id}/${name}.sqlite.gz`;
      await options.storage.putFile(key, tmp, 'application/gzip', packed.sha256());
      entries.push({
        name,
        key,
        schemaVersion: info.schemaVersion,
        build: info.build,
        size: raw.bytes(),
        sha256: raw.sha256(),
        compressedSize: packed.bytes(),
        compressedSha256: packed.sha256(),
      });
    } finally {
      fs.rmSync(tmp, { force: true });
    }
  }
  const manifest: SnapshotManifest = {
    format: MANIFEST_FORMAT,
    id,
    dataDate: registry.dataDate,
    builtAt: registry.builtAt,
    publishedAt,
    publishedBy: options.publishedBy,
    compression: 'gzip',
    files: entries,
  };
  const json = new TextEncoder().encode(JSON.stringify(manifest, null, 2));
  await options.storage.put(`${SNAPSHOT_PREFIX}${id}/manifest.json`, json, 'application/json');
  await options.storage.put(LATEST_KEY, json, 'application/json');
  writeSnapshotMarker(options.files.registry, manifest);
  await pruneSnapshots(options.storage, id, options.keep ?? 3);
  return manifest;
}

/** Deletes the objects of every snapshot but the newest `keep` (never the one just published). */
async function pruneSnapshots(storage: FileStorage, current: string, keep: number): Promise<void> {
  const keys = await storage.list(SNAPSHOT_PREFIX);
  const idOf = (key: string) => key.slice(SNAPSHOT_PREFIX.length).split('/')[0] ?? '';
  const ids = [...new Set(keys.filter((k) => k !== LATEST_KEY).map(idOf))].filter((id) => id !== '').sort();
  const kept = new Set([...ids.slice(-keep), current]);
  for (const key of keys) if (key !== LATEST_KEY && !kept.has(idOf(key))) await storage.delete(key);
}

export type FollowOutcome =
  | { status: 'none' }
  | { status: 'current'; id: string }
  | { status: 'kept-newer'; id: string; servedDataDate: string | null }
  | { status: 'applied'; id: string; dataDate: string | null; ms: number };

/**
 * Brings the served files to the given (or latest) manifest: nothing when they came from it or
 * hold newer data; else each file is downloaded beside its target, decompressed, checked (size and
 * sha256 of both forms, SQLite opens it, format version and build as the manifest says) and only
 * when every file passed renamed over the served ones. Throws SnapshotRefused for a bad snapshot
 * — the served files are then untouched.
 */
export async function followSnapshot(options: {
  storage: FileStorage;
  files: SnapshotFiles;
  manifest?: SnapshotManifest | null;
}): Promise<FollowOutcome> {
  const manifest = options.manifest !== undefined ? options.manifest : await readLatestManifest(options.storage);
  if (manifest === null) return { status: 'none' };
  const served = servedRegistry(options.files.registry);
  const marker = readSnapshotMarker(options.files.registry);
  if (served !== null && marker?.id === manifest.id && marker.registryBuild === served.build) return { status: 'current', id: manifest.id };
  if (served !== null && (served.dataDate ?? '') > (manifest.dataDate ?? '')) {
    return { status: 'kept-newer', id: manifest.id, servedDataDate: served.dataDate };
  }
  const started = performance.now();
  const refuse = (message: string) => new SnapshotRefused(manifest.id, message);
  const expected: Record<FileName, number> = { registry: SCHEMA_VERSION, invoice: INVOICE_SCHEMA_VERSION };
  if (!manifest.files.some((f) => f.name === 'registry')) throw refuse('no registry file in the manifest');
  const staged: { entry: SnapshotManifest['files'][number]; tmp: string; target: string }[] = [];
  try {
    for (const entry of manifest.files) {
      if (entry.schemaVersion !== expected[entry.name]) {
        throw refuse(`${entry.name} is of format ${entry.schemaVersion}, this instance reads ${expected[entry.name]}`);
      }
      const target = options.files[entry.name];
      fs.mkdirSync(path.dirname(target), { recursive: true });
      const tmp = tempBeside(target, 'snapshot');
      staged.push({ entry, tmp, target });
      const object = await options.storage.get(entry.key);
      if (object === null) throw refuse(`${entry.key} is missing`);
      const packed = tap();
      const raw = tap();
      try {
        await pipeline(
          Readable.fromWeb(object.body as WebReadableStream<Uint8Array>),
          packed,
          zlib.createGunzip(),
          raw,
          fs.createWriteStream(tmp),
        );
      } catch (error) {
        throw refuse(`${entry.key} could not be read or decompressed (${(error as Error).message})`);
      }
      if (packed.bytes() !== entry.compressedSize || packed.sha256() !== entry.compressedSha256) {
        throw refuse(
          `${entry.key}: ${packed.bytes()} compressed bytes or their sha256 differ from the manifest's (${entry.compressedSize})`,
        );
      }
      if (raw.bytes() !== entry.size || raw.sha256() !== entry.sha256) {
        throw refuse(`${entry.name}: ${raw.bytes()} bytes or their sha256 differ from the manifest's (${entry.size})`);
      }
      let info: FileInfo;
      try {
        info = fileInfo(entry.name, tmp);
      } catch (error) {
        throw refuse(`${entry.name} does not open as its format: ${(error as Error).message}`);
      }
      if (info.build !== entry.build) throw refuse(`${entry.name} is build ${info.build}, the manifest says ${entry.build}`);
    }
    // Every file passed: rename them in (the registry first; each rename is atomic).
    for (const { tmp, target } of staged) renameInto(tmp, target);
    writeSnapshotMarker(options.files.registry, manifest);
    return { status: 'applied', id: manifest.id, dataDate: manifest.dataDate, ms: Math.round(performance.now() - started) };
  } finally {
    for (const { tmp } of staged) fs.rmSync(tmp, { force: true });
  }
}
