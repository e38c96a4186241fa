import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { describe, expect, it } from 'vitest';

import { precompressStatic } from './precompress';

function fakeStatic(): { next: string; chunks: string } {
  const next = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-precompress-'));
  const chunks = path.join(next, 'static', 'chunks');
  fs.mkdirSync(chunks, { recursive: true });
  fs.mkdirSync(path.join(next, 'static', 'media'));
  return { next, chunks };
}

const text = (n: number) => Buffer.from(`export const a=${JSON.stringify('会社検索'.repeat(n))};\n`.repeat(10));

describe('precompressing .next/static', () => {
  it('writes .br and .gz copies that decode to the source, only for text assets', async () => {
    const { next, chunks } = fakeStatic();
    const js = text(400);
    fs.writeFileSync(path.join(chunks, 'a.js'), js);
    fs.writeFileSync(path.join(chunks, 'b.css'), text(100));
    fs.writeFileSync(path.join(next, 'static', 'media', 'icon.png'), crypto.randomBytes(2000));
    const result = await precompressStatic(next);
    expect(result.files).toBe(2);
    expect(result.written).toBe(4);
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(chunks, 'a.js.br'))).equals(js)).toBe(true);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(chunks, 'a.js.gz'))).equals(js)).toBe(true);
    expect(fs.existsSync(path.join(next, 'static', 'media', 'icon.png.br'))).toBe(false);
    // quality 11 beats gzip 9, which beats (or equals) Next's on-the-fly gzip 6
    const br = fs.statSync(path.join(chunks, 'a.js.br')).size;
    const gz = fs.statSync(path.join(chunks, 'a.js.gz')).size;
    expect(br).toBeLessThan(gz);
    expect(gz).toBeLessThanOrEqual(zlib.gzipSync(js, { level: 6 }).length);
    expect(result.bytes.source).toBe(js.length + text(100).length);
  });

  it('is idempotent: a second run writes nothing, a changed source is compressed again', async () => {
    const { next, chunks } = fakeStatic();
    fs.writeFileSync(path.join(chunks, 'a.js'), text(300));
    fs.writeFileSync(path.join(chunks, 'b.js'), text(200));
    await precompressStatic(next);
    const again = await precompressStatic(next);
    expect(again).toMatchObject({ files: 2, written: 0, upToDate: 4, removed: 0 });

    const later = new Date(Date.now() + 5_000);
    fs.writeFileSync(path.join(chunks, 'b.js'), text(50));
    fs.utimesSync(path.join(chunks, 'b.js'), later, later);
    const third = await precompressStatic(next);
    expect(third).toMatchObject({ written: 2, upToDate: 2 });
    expect(zlib.brotliDecompressSync(fs.readFileSync(path.join(chunks, 'b.js.br'))).equals(text(50))).toBe(true);
  });

  it('writes no copy that is not smaller, and removes copies whose source is gone and temporary files', async () => {
    const { next, chunks } = fakeStatic();
    fs.writeFileSync(path.join(chunks, 'tiny.js'), 'a');
    fs.writeFileSync(path.join(chunks, 'gone.js.br'), 'x');
    fs.writeFileSync(path.join(chunks, 'gone.js.gz'), 'x');
    fs.writeFileSync(path.join(chunks, 'a.js.br.precompress-tmp-1'), 'x');
    const result = await precompressStatic(next);
    expect(result).toMatchObject({ files: 1, written: 0, removed: 3 });
    expect(fs.readdirSync(chunks)).toEqual(['tiny.js']);
  });

  it('does nothing without a build', async () => {
    const result = await precompressStatic(path.join(os.tmpdir(), 'hojin-no-such-build'));
    expect(result.files).toBe(0);
  });
});
