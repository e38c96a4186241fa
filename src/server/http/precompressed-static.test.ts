import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import {
  STATIC_CACHE_CONTROL,
  chooseEncoding,
  createPrecompressedStatic,
  etagMatches,
  headersFromManifest,
  parseAcceptEncoding,
  staticFileFor,
} from './precompressed-static';

describe('Accept-Encoding', () => {
  it.each([
    ['br', 'br'],
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0, gzip;q=0.1', 'gzip'],
    ['BR;Q=0.000, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['br;q=0.001', 'br'],
    ['BR', 'br'],
    ['x-gzip', 'gzip'],
    ['*', 'br'],
    ['br;q=0, *', 'gzip'],
    ['br;q=1.5, gzip', 'gzip'],
    ['br;q=abc, gzip', 'gzip'],
    ['br;q=, gzip', 'gzip'],
    ['br;q=0.1234, gzip', 'gzip'],
    ['br, br;q=0', 'br'],
    [['gzip', 'br'], 'br'],
  ])('%j → %s', (header, coding) => {
    expect(chooseEncoding(header)?.coding).toBe(coding);
  });

  it.each([
    [undefined],
    [''],
    ['identity'],
    ['deflate, identity'],
    ['br;q=0'],
    ['br;q=0, gzip;q=0'],
    ['*;q=0'],
    ['br;q=0, gzip;q=0, *'],
    ['br;q=-1'],
    [' , ;q=1'],
    ['b r'],
  ])('%j → nothing precompressed', (header) => {
    expect(chooseEncoding(header)).toBeNull();
  });

  it('never throws and only ever picks an encoding the header gives a q above 0 (or * does)', () => {
    const element = fc.tuple(
      fc.constantFrom('br', 'BR', 'gzip', 'x-gzip', '*', 'identity', 'deflate', '', ' ', 'b r'),
      fc.constantFrom('', ';q=0', ';q=1', ';q=0.5', ';q=1.5', ';q=abc', ';q=', ';Q=0.001', ' ; q=0 ', ';level=1'),
    );
    fc.assert(
      fc.property(fc.array(element, { maxLength: 6 }), (parts) => {
        const header = parts.map(([c, q]) => c + q).join(',');
        const chosen = chooseEncoding(header);
        if (chosen !== null) {
          const accepted = parseAcceptEncoding(header);
          expect(accepted.get(chosen.coding) ?? accepted.get('*') ?? 0).toBeGreaterThan(0);
        }
      }),
      { numRuns: 2_000 },
    );
  });

  it('keeps the first mention of a coding and ignores parameters other than q', () => {
    expect(parseAcceptEncoding('gzip;level=9;q=0.3, br;q=0.7, gzip')).toEqual(
      new Map([
        ['gzip', 0.3],
        ['br', 0.7],
      ]),
    );
  });
});

describe('the path of a static file', () => {
  const dir = path.join(os.tmpdir(), 'hojin-next', 'static');

  it('maps /_next/static/… to the file under .next/static, without the query', () => {
    expect(staticFileFor(dir, '/_next/static/chunks/0abc.js')).toBe(path.join(dir, 'chunks', '0abc.js'));
    expect(staticFileFor(dir, '/_next/static/chunks/0abc.css?dpl=x')).toBe(path.join(dir, 'chunks', '0abc.css'));
    expect(staticFileFor(dir, '/_next/static/BUILD/_buildManifest.js#x')).toBe(path.join(dir, 'BUILD', '_buildManifest.js'));
    expect(staticFileFor(dir, '/_next/static/chunks/%30abc.js')).toBe(path.join(dir, 'chunks', '0abc.js'));
  });

  it.each([
    '/_next/static/../server/app/page.js',
    '/_next/static/chunks/../../server/x.js',
    '/_next/static/%2e%2e/server/x.js',
    '/_next/static/%2E%2E/%2E%2E/package.json',
    '/_next/static/chunks/..%2f..%2fserver%2fx.js',
    '/_next/static/chunks%2F..%2F..%2Fx.js',
    '/_next/static/chunks/..%5c..%5cx.js',
    '/_next/static/chunks/a\\..\\..\\x.js',
    '/_next/static/chunks/a.js%00.js',
    '/_next/static/chunks/a\u0000.js',
    '/_next/static/chunks/%zz.js',
    '/_next/static/chunks//a.js',
    '/_next/static/./chunks/a.js',
    '/_next/static/chunks/',
    '/_next/static/',
    '/_next/static',
    '/_next/image?url=/a.js',
    '/static/chunks/a.js',
    'http://evil.example/_next/static/chunks/a.js',
    '/_next/static/media/a.png',
    '/_next/static/chunks/a.JS',
    '/_next/static/chunks/a.js.br',
    '/_next/static/chunks/a',
  ])('refuses %j (Next answers it as before)', (url) => {
    expect(staticFileFor(dir, url)).toBeNull();
  });

  it('refuses an undefined URL', () => {
    expect(staticFileFor(dir, undefined)).toBeNull();
  });

  it('never names a file outside .next/static, whatever the URL', () => {
    const piece = fc.constantFrom(
      '..',
      '.',
      '%2e',
      '%2E%2e',
      '%2f',
      '%5C',
      '\\',
      '%00',
      '%',
      '%zz',
      '/',
      '//',
      'chunks',
      'a.js',
      '.js',
      '.css',
      '?',
      '#',
    );
    const url = fc.array(fc.oneof(piece, fc.string({ maxLength: 4 })), { maxLength: 12 }).map((parts) => `/_next/static/${parts.join('')}`);
    fc.assert(
      fc.property(url, (u) => {
        const file = staticFileFor(dir, u);
        if (file !== null) {
          expect(file.startsWith(dir + path.sep)).toBe(true);
          expect(path.relative(dir, file).split(path.sep)).not.toContain('..');
        }
      }),
      { numRuns: 5_000 },
    );
  });
});

describe('If-None-Match', () => {
  it.each([
    ['"a-b-br"', true],
    ['W/"a-b-br"', true],
    ['"x", "a-b-br"', true],
    ['*', true],
    ['"a-b-gzip"', false],
    ['', false],
    [undefined, false],
  ])('%j', (header, matches) => {
    expect(etagMatches(header, '"a-b-br"')).toBe(matches);
  });
});

/** A `.next/` with a routes manifest as next.config.ts's headers() leaves it, and static files. */
function fakeBuild(headers: unknown[]): string {
  const next = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-precompressed-'));
  fs.mkdirSync(path.join(next, 'static', 'chunks'), { recursive: true });
  fs.writeFileSync(path.join(next, 'routes-manifest.json'), JSON.stringify({ version: 3, basePath: '', headers }));
  return next;
}

const SECURITY_RULE = {
  source: '/:path*',
  regex: '^(?:/((?:[^/]+?)(?:/(?:[^/]+?))*))?(?:/)?$',
  headers: [
    { key: 'X-Content-Type-Options', value: 'nosniff' },
    { key: 'X-Frame-Options', value: 'DENY' },
  ],
};

describe('headers from the routes manifest', () => {
  it('gives the headers of every rule that matches the path', () => {
    const next = fakeBuild([SECURITY_RULE, { source: '/api/:p*', regex: '^/api(?:/.*)?$', headers: [{ key: 'X-Api', value: '1' }] }]);
    expect(headersFromManifest(next)('/_next/static/chunks/a.js')).toEqual([
      ['X-Content-Type-Options', 'nosniff'],
      ['X-Frame-Options', 'DENY'],
    ]);
  });

  it('leaves the request to Next when a matching rule has conditions or parameters', () => {
    const withHas = fakeBuild([{ ...SECURITY_RULE, has: [{ type: 'header', key: 'x' }] }]);
    expect(headersFromManifest(withHas)('/_next/static/chunks/a.js')).toBeNull();
    const withParam = fakeBuild([{ ...SECURITY_RULE, headers: [{ key: 'X-Path', value: '/:path*' }] }]);
    expect(headersFromManifest(withParam)('/_next/static/chunks/a.js')).toBeNull();
  });
});

describe('the handler in front of Next', () => {
  const js = Buffer.from(`console.log(${JSON.stringify('法人番号'.repeat(500))});\n`.repeat(20));
  let next: string;
  let server: http.Server;
  let port: number;

  beforeAll(async () => {
    next = fakeBuild([SECURITY_RULE]);
    const chunks = path.join(next, 'static', 'chunks');
    const write = (name: string, data: Buffer) => fs.writeFileSync(path.join(chunks, name), data);
    const old = new Date(Date.now() - 60_000);
    write('a.js', js);
    write('a.js.br', zlib.brotliCompressSync(js));
    write('a.js.gz', zlib.gzipSync(js));
    write('nogz.css', js);
    write('nogz.css.br', zlib.brotliCompressSync(js));
    // a copy from an earlier build, older than its source
    write('stale.js.br', zlib.brotliCompressSync(Buffer.from('old')));
    fs.utimesSync(path.join(chunks, 'stale.js.br'), old, old);
    write('stale.js', js);
    write('orphan.js.br', zlib.brotliCompressSync(js));
    write('plain.js', js);
    fs.mkdirSync(path.join(next, 'server'));
    fs.writeFileSync(path.join(next, 'server', 'secret.js'), 'secret');
    fs.writeFileSync(path.join(next, 'server', 'secret.js.br'), zlib.brotliCompressSync(Buffer.from('secret')));

    const handler = createPrecompressedStatic(next);
    server = http.createServer((req, res) =>
      handler(req, res, () => {
        res.statusCode = 299;
        res.end('next');
      }),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  function request(
    url: string,
    headers: Record<string, string> = {},
    method = 'GET',
  ): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
    return new Promise((resolve, reject) => {
      // A raw request: the path is sent exactly as written (no normalisation of `..` or `%2f`).
      const req = http.request({ host: '127.0.0.1', port, path: url, method, headers }, (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      });
      req.on('error', reject);
      req.end();
    });
  }

  it('sends the Brotli copy with its type, caching, Vary, ETag and the security headers', async () => {
    const res = await request('/_next/static/chunks/a.js', { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=UTF-8');
    expect(res.headers['cache-control']).toBe(STATIC_CACHE_CONTROL);
    expect(res.headers.vary).toBe('Accept-Encoding');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers.etag).toMatch(/^"[0-9a-z]+-[0-9a-z]+-br"$/);
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(zlib.brotliDecompressSync(res.body).equals(js)).toBe(true);
  });

  it('sends gzip when Brotli is refused, and leaves identity-only clients to Next', async () => {
    const gz = await request('/_next/static/chunks/a.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.etag).toMatch(/-gzip"$/);
    expect(zlib.gunzipSync(gz.body).equals(js)).toBe(true);
    for (const accept of [undefined, 'identity', 'br;q=0', 'deflate']) {
      const res = await request('/_next/static/chunks/a.js', accept === undefined ? {} : { 'accept-encoding': accept });
      expect(res.status, accept).toBe(299);
    }
  });

  it('falls back to the next encoding the client accepts when a copy is missing', async () => {
    const br = await request('/_next/static/chunks/nogz.css', { 'accept-encoding': 'gzip;q=1, br;q=0.5' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toBe('text/css; charset=UTF-8');
    expect((await request('/_next/static/chunks/nogz.css', { 'accept-encoding': 'gzip' })).status).toBe(299);
  });

  it('answers 304 to the ETag it gave, with no body', async () => {
    const first = await request('/_next/static/chunks/a.js', { 'accept-encoding': 'br' });
    const again = await request('/_next/static/chunks/a.js', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag ?? '' });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe(STATIC_CACHE_CONTROL);
    expect(again.headers['x-content-type-options']).toBe('nosniff');
    // the gzip representation has another tag
    const gz = await request('/_next/static/chunks/a.js', { 'accept-encoding': 'gzip', 'if-none-match': first.headers.etag ?? '' });
    expect(gz.status).toBe(200);
  });

  it('answers HEAD with the headers only', async () => {
    const res = await request('/_next/static/chunks/a.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(Number(res.headers['content-length'])).toBeGreaterThan(0);
    expect(res.body.length).toBe(0);
  });

  it('leaves to Next: other methods, other paths, stale or orphaned copies, files without a copy, unsafe paths', async () => {
    const br = { 'accept-encoding': 'br, gzip' };
    expect((await request('/_next/static/chunks/a.js', br, 'POST')).status).toBe(299);
    expect((await request('/search', br)).status).toBe(299);
    expect((await request('/_next/static/chunks/stale.js', br)).status).toBe(299);
    expect((await request('/_next/static/chunks/orphan.js', br)).status).toBe(299);
    expect((await request('/_next/static/chunks/plain.js', br)).status).toBe(299);
    expect((await request('/_next/static/chunks/missing.js', br)).status).toBe(299);
    expect((await request('/_next/static/../server/secret.js', br)).status).toBe(299);
    expect((await request('/_next/static/%2e%2e/server/secret.js', br)).status).toBe(299);
    expect((await request('/_next/static/chunks%2f..%2f..%2fserver%2fsecret.js', br)).status).toBe(299);
  });

  it('hands everything to Next when there is no build', async () => {
    const handler = createPrecompressedStatic(path.join(os.tmpdir(), 'hojin-no-such-build'));
    let passed = false;
    handler(
      { url: '/_next/static/chunks/a.js', method: 'GET', headers: { 'accept-encoding': 'br' } } as http.IncomingMessage,
      {} as http.ServerResponse,
      () => {
        passed = true;
      },
    );
    expect(passed).toBe(true);
  });
});
