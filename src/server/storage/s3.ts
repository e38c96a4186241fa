import 'server-only';

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';

import { AwsV4Signer } from 'aws4fetch';

import { assertSafeKey, type FileStorage, type StoredObject } from './types';

export interface S3Options {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/**
 * S3-compatible object storage (AWS S3, Cloudflare R2, MinIO …) with path-style URLs and AWS
 * Signature Version 4 (aws4fetch), on fetch — five calls do not justify the AWS SDK's weight.
 * Files are streamed both ways (putFile, get): a registry snapshot is never held in memory. One
 * PUT takes at most 5 GB; a larger file would need the multipart upload (not implemented).
 */
export class S3Storage implements FileStorage {
  constructor(private readonly options: S3Options) {}

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const res = await this.request('PUT', key, { body, headers: { 'content-type': contentType } });
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
  }

  async putFile(key: string, filePath: string, contentType: string, sha256?: string): Promise<void> {
    const { size } = await fs.promises.stat(filePath);
    if (size > MAX_SINGLE_PUT)
      throw new Error(`S3 PUT ${key}: ${size} bytes is over the single-PUT limit (multipart upload not implemented)`);
    // The payload hash is signed, so the store refuses a body that differs from the file read here.
    const payloadHash = sha256 ?? (await sha256OfFile(filePath));
    const body = Readable.toWeb(fs.createReadStream(filePath)) as ReadableStream<Uint8Array>;
    const res = await this.request('PUT', key, {
      body,
      payloadHash,
      headers: { 'content-type': contentType, 'content-length': String(size) },
      timeoutMs: 30_000 + Math.ceil(size / 1000), // at least 1 MB/s
    });
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
  }

  async get(key: string): Promise<StoredObject | null> {
    // No overall timeout: a snapshot takes as long as its size; a stalled body fails at the socket.
    const res = await this.request('GET', key, { timeoutMs: null });
    if (res.status === 404) return null;
    if (!res.ok || !res.body) throw new Error(`S3 GET ${key} failed: ${res.status}`);
    const length = res.headers.get('content-length');
    return { body: res.body, size: length ? Number(length) : null };
  }

  async delete(key: string): Promise<void> {
    const res = await this.request('DELETE', key);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
  }

  async list(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    let token: string | null = null;
    do {
      const query: Record<string, string> = { 'list-type': '2', prefix };
      if (token !== null) query['continuation-token'] = token;
      const res = await this.request('GET', null, { query });
      const xml = await res.text();
      if (!res.ok) throw new Error(`S3 LIST ${prefix} failed: ${res.status} ${xml.slice(0, 200)}`);
      for (const m of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) keys.push(xmlText(m[1] ?? ''));
      const next = /<IsTruncated>true<\/IsTruncated>/.test(xml)
        ? /<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)
        : null;
      token = next ? xmlText(next[1] ?? '') : null;
    } while (token !== null);
    return keys;
  }

  private async request(
    method: string,
    key: string | null,
    options: {
      body?: Uint8Array | ReadableStream<Uint8Array>;
      payloadHash?: string;
      headers?: Record<string, string>;
      query?: Record<string, string>;
      timeoutMs?: number | null;
    } = {},
  ): Promise<Response> {
    if (key !== null) assertSafeKey(key);
    const objectPath = key === null ? '' : `/${key.split('/').map(encodeURIComponent).join('/')}`;
    const url = new URL(`${this.options.endpoint.replace(/\/$/, '')}/${this.options.bucket}${objectPath}`);
    for (const [name, value] of Object.entries(options.query ?? {})) url.searchParams.set(name, value);
    const { body } = options;
    const headers = await signS3Request({
      method,
      url,
      headers: options.headers ?? {},
      payloadHash: options.payloadHash ?? sha256Hex(body instanceof Uint8Array ? body : new Uint8Array()),
      region: this.options.region,
      accessKeyId: this.options.accessKeyId,
      secretAccessKey: this.options.secretAccessKey,
    });
    const timeoutMs = options.timeoutMs === undefined ? 30_000 : options.timeoutMs;
    return fetch(url, {
      method,
      headers,
      body: body instanceof Uint8Array ? Buffer.from(body) : body,
      ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
      ...(timeoutMs !== null ? { signal: AbortSignal.timeout(timeoutMs) } : {}),
    } as RequestInit);
  }
}

/** S3's limit for one PUT (5 GiB). */
const MAX_SINGLE_PUT = 5 * 1024 ** 3;

const xmlText = (s: string) =>
  s.replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"').replaceAll('&apos;', "'").replaceAll('&amp;', '&');

async function sha256OfFile(filePath: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(filePath)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

const sha256Hex = (data: Uint8Array) => createHash('sha256').update(data).digest('hex');

export interface S3SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  /** The payload's hex SHA-256 (signed, so the store checks the body), or 'UNSIGNED-PAYLOAD'. */
  payloadHash: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** ISO 8601 basic (20130524T000000Z); now by default. */
  datetime?: string;
}

/** The headers of one S3 request, with its AWS Signature Version 4 (aws4fetch signs). */
export async function signS3Request(input: S3SignInput): Promise<Headers> {
  const signer = new AwsV4Signer({
    method: input.method,
    url: input.url.toString(),
    headers: { ...input.headers, 'x-amz-content-sha256': input.payloadHash },
    accessKeyId: input.accessKeyId,
    secretAccessKey: input.secretAccessKey,
    service: 's3',
    region: input.region,
    allHeaders: true, // sign every header given (content-type, range), as S3 allows
    ...(input.datetime ? { datetime: input.datetime } : {}),
  });
  return (await signer.sign()).headers;
}
