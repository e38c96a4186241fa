import 'server-only';

import { createHash, createHmac } from 'node:crypto';

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
 * Signature Version 4, on fetch — three calls do not justify the AWS SDK's weight.
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

  private request(method: string, key: string, body?: Uint8Array, extra: Record<string, string> = {}): Promise<Response> {
    assertSafeKey(key);
    const url = new URL(
      `${this.options.endpoint.replace(/\/$/, '')}/${this.options.bucket}/${key.split('/').map(encodeURIComponent).join('/')}`,
    );
    const headers = signV4({
      method,
      url,
      headers: extra,
      body: body ?? new Uint8Array(),
      region: this.options.region,
      service: 's3',
      accessKeyId: this.options.accessKeyId,
      secretAccessKey: this.options.secretAccessKey,
      now: new Date(),
    });
    return fetch(url, { method, headers, body: body ? Buffer.from(body) : undefined, signal: AbortSignal.timeout(30_000) });
  }
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();

export interface SignInput {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Uint8Array | string;
  region: string;
  service: string;
  accessKeyId: string;
  secretAccessKey: string;
  now: Date;
  /** 'UNSIGNED-PAYLOAD' or the payload's hex SHA-256 (default) */
  payloadHash?: string;
}

/** AWS Signature Version 4 headers for one request. */
export function signV4(input: SignInput): Record<string, string> {
  const amzDate = input.now.toISOString().replace(/[:-]|\.\d{3}/g, '');
  const day = amzDate.slice(0, 8);
  const payloadHash = input.payloadHash ?? sha256(input.body);
  const headers: Record<string, string> = {
    ...Object.fromEntries(Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim()])),
    host: input.url.host,
    'x-amz-content-sha256': payloadHash,
    'x-amz-date': amzDate,
  };
  const names = Object.keys(headers).sort();
  const canonicalQuery = [...input.url.searchParams.entries()]
    .map(([k, v]) => [encodeRfc3986(k), encodeRfc3986(v)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const canonicalRequest = [
    input.method,
    input.url.pathname,
    canonicalQuery,
    names.map((n) => `${n}:${headers[n]}\n`).join(''),
    names.join(';'),
    payloadHash,
  ].join('\n');
  const scope = `${day}/${input.region}/${input.service}/aws4_request`;
  const stringToSign = ['AWS4-HMAC-SHA256', amzDate, scope, sha256(canonicalRequest)].join('\n');
  const kDate = hmac(`AWS4${input.secretAccessKey}`, day);
  const kSigning = hmac(hmac(hmac(kDate, input.region), input.service), 'aws4_request');
  const signature = createHmac('sha256', kSigning).update(stringToSign).digest('hex');
  return {
    ...headers,
    authorization: `AWS4-HMAC-SHA256 Credential=${input.accessKeyId}/${scope}, SignedHeaders=${names.join(';')}, Signature=${signature}`,
  };
}

function encodeRfc3986(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}
