import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

import { ENCODINGS, PRECOMPRESSED_TYPES, type Encoding } from '../../src/server/http/precompressed-static';

/**
 * Writes `<file>.br` (Brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text asset
 * of `.next/static`, which server.ts sends to browsers that accept them
 * (src/server/http/precompressed-static.ts; docs/decisions/0035-brotli-static-assets.md).
 *
 * Idempotent: a copy newer than its source is kept (the fast path: a stat per file), a copy that
 * would not be smaller than its source is not written, and copies whose source is gone are removed.
 * Each copy is written to a temporary name and renamed, so a server reading the folder never sees
 * half a file.
 */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Brotli at its best quality, text mode: what the build writes and `check:budgets` counts. */
export function brotliOptions(size: number): zlib.BrotliOptions {
  return {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** gzip level 9 (a larger memLevel than the default 8 made the files bigger, not smaller). */
export const GZIP_OPTIONS: zlib.ZlibOptions = { level: zlib.constants.Z_BEST_COMPRESSION };

export function compress(coding: Encoding['coding'], data: Buffer): Promise<Buffer> {
  return coding === 'br' ? brotli(data, brotliOptions(data.length)) : gzip(data, GZIP_OPTIONS);
}

export interface PrecompressResult {
  /** text assets found */
  files: number;
  /** copies written this time */
  written: number;
  /** copies already up to date */
  upToDate: number;
  /** copies removed (source gone, or no longer smaller) */
  removed: number;
  /** bytes of the text assets, and of what a client gets with br / with gzip (the source where no copy is smaller) */
  bytes: { source: number; br: number; gzip: number };
}

function walk(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) walk(full, out);
    else if (entry.isFile()) out.push(full);
  }
  return out;
}

const mtime = (file: string) => {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return null;
  }
};

/** Runs `task` over `items`, `limit` at a time (zlib's async work runs on libuv's pool of 4 threads). */
async function eachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next];
      next += 1;
      if (item !== undefined) await task(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

export async function precompressStatic(nextDir: string): Promise<PrecompressResult> {
  const staticDir = path.join(nextDir, 'static');
  const result: PrecompressResult = { files: 0, written: 0, upToDate: 0, removed: 0, bytes: { source: 0, br: 0, gzip: 0 } };
  if (!fs.existsSync(staticDir)) return result;
  const all = walk(staticDir);
  const sources = all.filter((f) => Object.hasOwn(PRECOMPRESSED_TYPES, path.extname(f)));
  const isSource = new Set(sources);

  // Leftovers: copies whose source is gone, and temporary files of an interrupted run.
  for (const file of all) {
    const encoding = ENCODINGS.find((e) => file.endsWith(e.suffix));
    const orphan = encoding !== undefined && !isSource.has(file.slice(0, -encoding.suffix.length));
    if (orphan || file.includes('.precompress-tmp-')) {
      fs.rmSync(file, { force: true });
      result.removed += 1;
    }
  }

  result.files = sources.length;
  await eachLimited(sources, 4, async (file) => {
    const sourceTime = mtime(file);
    if (sourceTime === null) return;
    let data: Buffer | null = null;
    const size = fs.statSync(file).size;
    result.bytes.source += size;
    for (const encoding of ENCODINGS) {
      const target = file + encoding.suffix;
      const targetTime = mtime(target);
      if (targetTime !== null && targetTime >= sourceTime) {
        result.upToDate += 1;
        result.bytes[encoding.coding] += fs.statSync(target).size;
        continue;
      }
      data ??= await fs.promises.readFile(file);
      const packed = await compress(encoding.coding, data);
      if (packed.length >= data.length) {
        if (targetTime !== null) {
          fs.rmSync(target, { force: true });
          result.removed += 1;
        }
        result.bytes[encoding.coding] += data.length;
        continue;
      }
      const temp = `${target}.precompress-tmp-${process.pid}`;
      await fs.promises.writeFile(temp, packed);
      await fs.promises.rename(temp, target);
      result.written += 1;
      result.bytes[encoding.coding] += packed.length;
    }
  });
  return result;
}
