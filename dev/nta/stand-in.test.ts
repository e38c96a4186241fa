import fs from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNtaStandIn } from './stand-in';

let dir: string;
let server: http.Server;
let base: string;

const row = (seq: number, number: string, day: string, name: string) =>
  `${seq},${number},01,0,${day},${day},"${name}",,301,"東京都","港区","芝公園１丁目",,13,103,1050011,,,,,,,${day},1,,,,,,0`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nta-stand-in-'));
  fs.writeFileSync(
    path.join(dir, 'diff_20260202.csv'),
    [row(1, '2010401000001', '2026-02-02', 'A1'), row(2, '8040001999013', '2026-02-02', 'B1')].join('\r\n'),
  );
  fs.writeFileSync(
    path.join(dir, 'diff_20260203.csv'),
    [
      row(1, '2010401000001', '2026-02-03', 'A2'),
      row(2, '6010401000006', '2026-02-03', 'C1'),
      row(3, '7000012050002', '2026-02-03', 'D1'),
    ].join('\r\n'),
  );
  server = createNtaStandIn({ dir, divideSize: 2 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dir, { recursive: true, force: true });
});

const get = async (p: string) => {
  const res = await fetch(`${base}${p}`);
  return { status: res.status, lines: (await res.text()).split('\r\n').filter(Boolean) };
};

describe('NTA Web-API stand-in', () => {
  it('answers diff in parts of divideSize rows, each headed lastUpdateDate,count,divideNumber,divideSize', async () => {
    const first = await get('/4/diff?id=x&from=2026-02-02&to=2026-02-03&type=02&divide=1');
    expect(first.lines[0]).toBe('2026-02-03,5,1,3');
    expect(first.lines.slice(1).map((l) => l.split(',')[6])).toEqual(['"A1"', '"B1"']);
    const last = await get('/4/diff?id=x&from=2026-02-02&to=2026-02-03&type=02&divide=3');
    expect(last.lines).toEqual(['2026-02-03,5,3,3', row(3, '7000012050002', '2026-02-03', 'D1')]);
    expect((await get('/4/diff?id=x&from=2026-02-02&to=2026-02-03&type=02&divide=4')).status).toBe(400);
  });

  it('answers one day, and an empty day with a header only', async () => {
    expect((await get('/4/diff?id=x&from=2026-02-02&to=2026-02-02&type=02&divide=1')).lines[0]).toBe('2026-02-03,2,1,1');
    expect((await get('/4/diff?id=x&from=2026-02-05&to=2026-02-05&type=02&divide=1')).lines).toEqual(['2026-02-03,0,1,1']);
  });

  it('answers num with the latest row of each number, or all of them with history=1', async () => {
    const latest = await get('/4/num?id=x&number=2010401000001,6010401000006&type=02');
    expect(latest.lines.slice(1).map((l) => l.split(',')[6])).toEqual(['"A2"', '"C1"']);
    const history = await get('/4/num?id=x&number=2010401000001&type=02&history=1');
    expect(history.lines.slice(1).map((l) => l.split(',')[6])).toEqual(['"A1"', '"A2"']);
  });

  it('refuses requests without an application ID or in another format', async () => {
    expect((await get('/4/diff?from=2026-02-02&to=2026-02-02&type=02')).status).toBe(403);
    expect((await get('/4/diff?id=x&from=2026-02-02&to=2026-02-02&type=12')).status).toBe(400);
  });
});
