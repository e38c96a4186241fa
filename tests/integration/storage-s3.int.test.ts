import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3StandIn } from '../../dev/s3/stand-in';
import { S3Storage } from '@/server/storage/s3';
import { tempDir } from '@/features/registry/testing';

/**
 * The S3 driver (aws4fetch's signer, fetch) against the S3-compatible stand-in (dev/s3), which
 * checks every signature by the specification and every PUT body against its signed hash.
 */

const credentials = { accessKeyId: 'hojin-test', secretAccessKey: 'test-secret', region: 'auto' };
let dir: string;
let server: http.Server;
let endpoint: string;
let storage: S3Storage;

beforeAll(async () => {
  dir = tempDir();
  server = createS3StandIn({ dir: path.join(dir, 's3'), ...credentials });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  storage = new S3Storage({ endpoint, bucket: 'hojin', ...credentials });
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const text = async (key: string) => {
  const got = await storage.get(key);
  return got === null ? null : Buffer.from(await new Response(got.body).arrayBuffer()).toString('utf8');
};

describe('S3Storage against the S3 stand-in', () => {
  it('puts, gets, lists and deletes objects', async () => {
    await storage.put('notices/2026/a_b.txt', new TextEncoder().encode('お知らせ'), 'text/plain');
    await storage.put('notices/2026/c.txt', new TextEncoder().encode('c'), 'text/plain');
    await storage.put('other/d.txt', new TextEncoder().encode('d'), 'text/plain');
    expect(await text('notices/2026/c.txt')).toBe('c');
    expect((await storage.list('notices/')).sort()).toEqual(['notices/2026/a_b.txt', 'notices/2026/c.txt']);
    await storage.delete('notices/2026/a_b.txt');
    await storage.delete('notices/2026/c.txt');
    expect(await storage.get('notices/2026/c.txt')).toBeNull();
    await storage.delete('notices/2026/c.txt'); // a missing object is not an error
    expect(await storage.list('notices/')).toEqual([]);
    expect(await storage.list('other/')).toEqual(['other/d.txt']);
  });

  it('lists every page of a long listing (ListObjectsV2 continuation)', async () => {
    const keys = Array.from({ length: 1005 }, (_, i) => `many/${String(i).padStart(4, '0')}`);
    // Written straight into the stand-in's folder: 1,005 PUTs would only slow the test.
    for (const key of keys) {
      fs.mkdirSync(path.join(dir, 's3', 'hojin', 'many'), { recursive: true });
      fs.writeFileSync(path.join(dir, 's3', 'hojin', key), '');
    }
    expect((await storage.list('many/')).sort()).toEqual(keys);
  });

  it('streams a file up and down, its signed payload hash checked by the store', async () => {
    const file = path.join(dir, 'big.bin');
    const chunk = Buffer.alloc(1024 * 1024, 7);
    fs.writeFileSync(file, Buffer.concat(Array.from({ length: 12 }, (_, i) => Buffer.concat([chunk, Buffer.from([i])]))));
    const sha = createHash('sha256').update(fs.readFileSync(file)).digest('hex');
    await storage.putFile('snapshots/big.bin', file, 'application/octet-stream');
    const got = await storage.get('snapshots/big.bin');
    expect(got?.size).toBe(fs.statSync(file).size);
    const hash = createHash('sha256');
    const reader = (got as NonNullable<typeof got>).body.getReader();
    for (let r = await reader.read(); !r.done; r = await reader.read()) hash.update(r.value);
    expect(hash.digest('hex')).toBe(sha);

    // A declared hash that is not the file's: the store refuses the body, nothing is stored.
    await expect(storage.putFile('snapshots/bad.bin', file, 'application/octet-stream', '0'.repeat(64))).rejects.toThrow(/400/);
    expect(await storage.get('snapshots/bad.bin')).toBeNull();
  });

  it('is refused with the wrong secret (the stand-in checks the signature)', async () => {
    const wrong = new S3Storage({ endpoint, bucket: 'hojin', ...credentials, secretAccessKey: 'not-it' });
    await expect(wrong.put('x.txt', new Uint8Array([1]), 'text/plain')).rejects.toThrow(/403/);
    await expect(wrong.list('')).rejects.toThrow(/403/);
  });
});
