import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { listZipMembers, openZipMember } from '@/features/registry/server/nta/zip';
import { ZipWriter } from './zip';

describe('ZipWriter', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const d of dirs) await rm(d, { recursive: true, force: true });
  });

  it('writes archives that yauzl reads back byte for byte', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'zipw-'));
    dirs.push(dir);
    const file = path.join(dir, 'a.zip');
    const big = '1,"株式会社テスト",301\r\n'.repeat(50_000);
    const zip = new ZipWriter(file, new Date('2026-01-30T00:00:00Z'));
    const w = await zip.begin('13_tokyo_all_20260130.csv', 1);
    for (let i = 0; i < big.length; i += 100_000) await w.write(Buffer.from(big.slice(i, i + 100_000)));
    await w.end();
    await zip.add('13_tokyo_all_20260130.asc', Buffer.from('sig'));
    await zip.close();

    const members = await listZipMembers(file);
    expect(members).toEqual([
      { name: '13_tokyo_all_20260130.csv', size: Buffer.byteLength(big) },
      { name: '13_tokyo_all_20260130.asc', size: 3 },
    ]);
    expect(await text(await openZipMember(file, '13_tokyo_all_20260130.csv'))).toBe(big);
    expect(await text(await openZipMember(file, '13_tokyo_all_20260130.asc'))).toBe('sig');
  });

  it('refuses to open a second member before the first is finished', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'zipw-'));
    dirs.push(dir);
    const zip = new ZipWriter(path.join(dir, 'b.zip'), new Date());
    const w = await zip.begin('a.csv', 1);
    await expect(zip.begin('b.csv', 1)).rejects.toThrow(/still open/);
    await w.end();
    await zip.close();
  });
});
