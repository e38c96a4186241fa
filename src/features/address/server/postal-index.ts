import 'server-only';

import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

import type { AddressCandidate } from '../schemas';
import { PostalTable } from './postal-file';

/**
 * Postal-code → address candidates from Japan Post's KEN_ALL (住所の郵便番号) and JIGYOSYO
 * (事業所の個別郵便番号) data, built by `npm run postcode:import` into one compact file committed
 * with the app (`assets/postal/postal-codes.tsv.gz`, format in postal-file.ts; docs/api.md). No
 * network and no third-party package at run time.
 *
 * The file is read, unzipped and indexed once, on the first lookup (0.15–0.25 s here; the promise is
 * shared, and a failed load is not kept, so the next lookup tries again). Afterwards a lookup is a
 * binary search over a typed array of codes and the decoding of one or a few lines
 * (bench/address-load.ts prints the figures).
 */

export const POSTAL_FILE = path.join('assets', 'postal', 'postal-codes.tsv.gz');

/** Finds the data file from the working directory up (the app, tests and scripts run from the repository). */
export function findPostalFile(start: string = process.cwd()): string {
  for (let dir = path.resolve(/*turbopackIgnore: true*/ start); ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, POSTAL_FILE);
    if (existsSync(candidate)) return candidate;
    if (path.dirname(dir) === dir) {
      throw new Error(`postal data not found: ${POSTAL_FILE} (run npm run postcode:import, see docs/api.md)`);
    }
  }
}

/** Reads and indexes a postal-code file (gzipped, or plain text for a file written with --no-gzip). */
export async function loadPostalTable(file: string): Promise<PostalTable> {
  const bytes = await readFile(file);
  const text = (file.endsWith('.gz') ? await promisify(gunzip)(bytes) : bytes).toString('utf8');
  return PostalTable.parse(text);
}

export class PostalIndex {
  private readonly file: string;
  private loading: Promise<PostalTable> | undefined;

  constructor(options: { file?: string } = {}) {
    this.file = options.file ?? findPostalFile();
  }

  /** Candidates for a normalised 7-digit postal code; [] when the code is unknown. */
  async lookup(zipcode: string): Promise<AddressCandidate[]> {
    if (!/^\d{7}$/.test(zipcode)) throw new RangeError(`postal code must be 7 digits, got ${zipcode}`);
    return (await this.table()).lookup(zipcode);
  }

  /** Where the data came from and its date (the file's #version line). */
  async dataVersion(): Promise<string> {
    return (await this.table()).version;
  }

  /** The loaded table (bench). */
  table(): Promise<PostalTable> {
    if (!this.loading) {
      const loading = loadPostalTable(this.file);
      this.loading = loading;
      loading.catch(() => {
        if (this.loading === loading) this.loading = undefined;
      });
    }
    return this.loading;
  }
}

let shared: PostalIndex | undefined;

function sharedIndex(): PostalIndex {
  shared ??= new PostalIndex();
  return shared;
}

/** Address candidates for a normalised 7-digit postal code, from the process-wide index. */
export function lookupZipcode(zipcode: string): Promise<AddressCandidate[]> {
  return sharedIndex().lookup(zipcode);
}

/**
 * Loads the process-wide index now, at the server's start: reading and parsing the file takes 1–5 s
 * on a busy machine, which the first buyer's postal-code fill would otherwise wait for. A failure
 * is left for the first lookup to meet again (and answer as it does).
 */
export async function warmPostalIndex(): Promise<{ codes: number; ms: number }> {
  const started = performance.now();
  const table = await sharedIndex().table();
  return { codes: table.size, ms: Math.round(performance.now() - started) };
}
