import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';

import { expect, test } from '@playwright/test';

import { E2E_PORT } from './support/e2e-env';

/**
 * The static JavaScript and CSS go out Brotli-compressed from the build's copies, gzip to clients
 * without Brotli, and as before to clients that accept neither (server.ts,
 * src/server/http/precompressed-static.ts; docs/decisions/0035-brotli-static-assets.md).
 * Raw requests (node:http): a browser or Playwright's request context would decode the body and
 * choose its own Accept-Encoding.
 */
const STATIC_DIR = path.resolve(__dirname, '..', '..', '.next', 'static');

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(pathname: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: E2E_PORT, path: pathname, method, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** The chunks and stylesheets the home page loads. */
async function assetsOfHome(): Promise<{ scripts: string[]; styles: string[] }> {
  const html = (await get('/', { 'accept-encoding': 'identity' })).body.toString('utf8');
  const urls = [...html.matchAll(/(?:src|href)="(\/_next\/static\/[^"]+)"/g)].map((m) => m[1] ?? '');
  return { scripts: [...new Set(urls.filter((u) => u.endsWith('.js')))], styles: [...new Set(urls.filter((u) => u.endsWith('.css')))] };
}

const SECURITY_HEADERS = ['x-content-type-options', 'referrer-policy', 'x-frame-options', 'permissions-policy'];

test.describe('static JavaScript and CSS compression', () => {
  test('a browser that accepts Brotli gets the .br copy, decoding to the file itself, with the headers Next sends', async () => {
    const { scripts, styles } = await assetsOfHome();
    expect(scripts.length).toBeGreaterThan(3);
    expect(styles.length).toBeGreaterThan(0);
    for (const url of [...scripts, ...styles]) {
      const onDisk = fs.readFileSync(path.join(STATIC_DIR, url.slice('/_next/static/'.length)));
      const plain = await get(url, { 'accept-encoding': 'identity' });
      const br = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.status, url).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(zlib.brotliDecompressSync(br.body).equals(onDisk), url).toBe(true);
      expect(Number(br.headers['content-length'])).toBe(br.body.length);
      expect(br.body.length).toBeLessThan(onDisk.length);
      // what Next itself answers for the same file, uncompressed
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.equals(onDisk)).toBe(true);
      expect(br.headers['content-type']).toBe(plain.headers['content-type']);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(br.headers['cache-control']).toBe(plain.headers['cache-control']);
      expect(br.headers.vary).toBe('Accept-Encoding');
      for (const name of SECURITY_HEADERS) {
        expect(plain.headers[name], name).toBeTruthy();
        expect(br.headers[name], name).toBe(plain.headers[name]);
      }
    }
  });

  test('without Brotli the answer is gzip, and identity when gzip is refused too', async () => {
    const { scripts } = await assetsOfHome();
    const url = scripts[0] ?? '';
    const onDisk = fs.readFileSync(path.join(STATIC_DIR, url.slice('/_next/static/'.length)));
    for (const accept of ['gzip, deflate', 'br;q=0, gzip', 'gzip;q=1, br;q=0.5']) {
      const res = await get(url, { 'accept-encoding': accept });
      expect(res.headers['content-encoding'], accept).toBe('gzip');
      expect(zlib.gunzipSync(res.body).equals(onDisk), accept).toBe(true);
    }
    for (const accept of ['identity', 'br;q=0', 'br;q=0, gzip;q=0']) {
      const res = await get(url, { 'accept-encoding': accept });
      expect(res.status, accept).toBe(200);
      expect(res.headers['content-encoding'], accept).toBeUndefined();
      expect(res.body.equals(onDisk), accept).toBe(true);
    }
  });

  test('a repeated request with the ETag gets 304 and no body; HEAD gets the headers only', async () => {
    const { scripts } = await assetsOfHome();
    const url = scripts[0] ?? '';
    const first = await get(url, { 'accept-encoding': 'br' });
    const etag = first.headers.etag ?? '';
    expect(etag).not.toBe('');
    const again = await get(url, { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const head = await get(url, { 'accept-encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.headers['content-length']).toBe(first.headers['content-length']);
  });

  test('paths that try to leave .next/static are answered by Next as before', async () => {
    for (const url of [
      '/_next/static/%2e%2e/%2e%2e/package.json',
      '/_next/static/..%2f..%2fpackage.json',
      '/_next/static/chunks/%2e%2e%2f%2e%2e%2f%2e%2e%2fserver.ts',
      '/_next/static/chunks/%00.js',
      '/_next/static/chunks/no-such-chunk.js',
    ]) {
      const res = await get(url, { 'accept-encoding': 'br' });
      expect(res.status, url).toBe(404);
      expect(res.headers['content-encoding'], url).not.toBe('br');
    }
  });
});
