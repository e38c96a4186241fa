import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { S3Storage, signS3Request } from './s3';

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

describe('signS3Request', () => {
  it('reproduces the GET Object example of the AWS Signature Version 4 documentation', async () => {
    const headers = await signS3Request({
      method: 'GET',
      url: new URL('https://examplebucket.s3.amazonaws.com/test.txt'),
      headers: { Range: 'bytes=0-9' },
      payloadHash: sha256(''),
      region: 'us-east-1',
      accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      datetime: '20130524T000000Z',
    });
    expect(headers.get('authorization')).toBe(
      'AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ' +
        'SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, ' +
        'Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41',
    );
  });
});

/** A local S3-compatible stand-in: keeps objects in memory and records what each request carried. */
describe('S3Storage against a local S3-compatible server', () => {
  const objects = new Map<string, Buffer>();
  const seen: { method: string; path: string; authorization: string; contentSha256: string; bodySha256: string }[] = [];
  let server: Server;
  let storage: S3Storage;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        const body = Buffer.concat(chunks);
        const path = decodeURIComponent(req.url ?? '');
        seen.push({
          method: req.method ?? '',
          path,
          authorization: String(req.headers.authorization ?? ''),
          contentSha256: String(req.headers['x-amz-content-sha256'] ?? ''),
          bodySha256: sha256(body),
        });
        if (req.method === 'PUT') objects.set(path, body);
        if (req.method === 'DELETE') objects.delete(path);
        const found = objects.get(path);
        if (req.method === 'GET' && !found) res.writeHead(404).end('<Error><Code>NoSuchKey</Code></Error>');
        else if (req.method === 'GET') res.writeHead(200, { 'content-length': found?.length }).end(found);
        else res.writeHead(req.method === 'DELETE' ? 204 : 200).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    storage = new S3Storage({
      endpoint: `http://127.0.0.1:${port}/`,
      region: 'auto',
      bucket: 'hojin',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'secret',
    });
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('puts, gets and deletes an object with signed requests whose payload hash is the body’s', async () => {
    const body = new TextEncoder().encode('お知らせ PDF');
    await storage.put('notices/2026/notice_file.pdf', body, 'application/pdf');
    const got = await storage.get('notices/2026/notice_file.pdf');
    expect(got?.size).toBe(body.length);
    expect(new Uint8Array(await new Response(got?.body).arrayBuffer())).toEqual(body);
    await storage.delete('notices/2026/notice_file.pdf');
    expect(await storage.get('notices/2026/notice_file.pdf')).toBeNull();
    await storage.delete('notices/2026/notice_file.pdf'); // a missing object is not an error

    expect(seen.map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /hojin/notices/2026/notice_file.pdf',
      'GET /hojin/notices/2026/notice_file.pdf',
      'DELETE /hojin/notices/2026/notice_file.pdf',
      'GET /hojin/notices/2026/notice_file.pdf',
      'DELETE /hojin/notices/2026/notice_file.pdf',
    ]);
    for (const r of seen) {
      expect(r.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/auto\/s3\/aws4_request, SignedHeaders=[a-z0-9;-]*x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/,
      );
      expect(r.contentSha256).toBe(r.bodySha256);
    }
    expect(seen[0]?.authorization).toMatch(/SignedHeaders=content-type;host;/);
  });

  it('refuses a key that could leave its folder before any request', async () => {
    const before = seen.length;
    await expect(storage.get('../secret')).rejects.toThrow();
    expect(seen.length).toBe(before);
  });
});
