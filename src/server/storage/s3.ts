import 'server-only';

import { createHash } from 'node:crypto';

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
 * Signature Version 4 (aws4fetch), on fetch — three calls do not justify the AWS SDK's weight.
 */
export class S3Storage implements FileStorage {
  constructor(private readonly options: S3Options) {}

  async put(key: string, body: Uint8Array, contentType: string): Promise<void> {
    const res = await this.request('PUT', key, body, { 'content-type': contentType });
    if (!res.ok) throw new Error(`S3 PUT ${key} failed: ${res.status} ${await res.text()}`);
  }

  async get(key: string): Promise<StoredObject | null> {
    const res = await this.request('GET', key);
    if (res.status === 404) return null;
    if (!res.ok || !res.body) throw new Error(`S3 GET ${key} failed: ${res.status}`);
    const length = res.headers.get('content-length');
    return { body: res.body, size: length ? Number(length) : null };
  }

  async delete(key: string): Promise<void> {
    const res = await this.request('DELETE', key);
    if (!res.ok && res.status !== 404) throw new Error(`S3 DELETE ${key} failed: ${res.status}`);
  }

  private async request(method: string, key: string, body?: Uint8Array, extra: Record<string, string> = {}): Promise<Response> {
    assertSafeKey(key);
    const url = new URL(
      `${this.options.endpoint.replace(/\/$/, '')}/${this.options.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
    );
    const headers = await signS3Request({
      method,
      url,
      headers: extra,
      payloadHash: sha256Hex(body ?? new Uint8Array()),
      region: this.options.region,
      accessKeyId: this.options.accessKeyId,
      secretAccessKey: this.options.secretAccessKey,
    });
    return fetch(url, { method, headers, body: body ? Buffer.from(body) : undefined, signal: AbortSignal.timeout(30_000) });
  }
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
