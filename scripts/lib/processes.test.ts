import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { afterEach, describe, expect, it } from 'vitest';

import { ProcessGroup, type RestartPolicy } from './processes';

const fast: RestartPolicy = { quickMs: 2_000, maxQuickCrashes: 3, backoffMs: () => 50 };
const groups: ProcessGroup[] = [];
const dirs: string[] = [];

afterEach(async () => {
  await Promise.all(groups.splice(0).map((g) => g.stopAll()));
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A child that records each start in a file, then runs `body`. */
function script(body: string): { args: string[]; starts: () => number } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hojin-pg-test-'));
  dirs.push(dir);
  const file = path.join(dir, 'starts');
  const code = `require('fs').appendFileSync(${JSON.stringify(file)}, 'x'); ${body}`;
  return { args: ['-e', code], starts: () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8').length : 0) };
}

function group(options: ConstructorParameters<typeof ProcessGroup>[0]) {
  const g = new ProcessGroup(options);
  groups.push(g);
  return g;
}

const until = async (check: () => boolean, ms = 10_000) => {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('ProcessGroup', () => {
  it('restarts a process that exits on its own, says so, and keeps the others running', async () => {
    const lines: string[] = [];
    const gaveUp: string[] = [];
    const g = group({ restart: fast, log: (l) => lines.push(l), onGiveUp: (n) => gaveUp.push(n) });
    // Runs 300 ms (longer than nothing, shorter than quickMs) then crashes with code 3.
    const crashing = script('setTimeout(() => process.exit(3), 300);');
    const steady = script('setInterval(() => {}, 1000);');
    g.spawn('payjp', process.execPath, crashing.args, { quiet: true });
    const app = g.spawn('next', process.execPath, steady.args, { quiet: true });

    await until(() => crashing.starts() >= 3);
    expect(g.restartsOf('payjp')).toBeGreaterThanOrEqual(2);
    expect(lines.some((l) => /payjp が終了しました（code=3 signal=-）。0\.1 秒後に再起動します。/.test(l))).toBe(true);
    expect(gaveUp).toEqual([]);
    // The app was never touched.
    expect(app.exitCode).toBeNull();
    expect(g.current('next')).toBe(app);
    expect(steady.starts()).toBe(1);
  });

  it('restarts a stand-in killed from outside', async () => {
    const g = group({ restart: fast, log: () => {}, onGiveUp: () => {} });
    const steady = script('setInterval(() => {}, 1000);');
    const first = g.spawn('mail', process.execPath, steady.args, { quiet: true });
    await until(() => steady.starts() === 1);
    first.kill('SIGKILL');
    await until(() => steady.starts() === 2);
    expect(g.current('mail')).not.toBe(first);
    expect(g.current('mail')?.exitCode).toBeNull();
  });

  it('gives up, once, after too many quick crashes in a row', async () => {
    const lines: string[] = [];
    const gaveUp: string[] = [];
    const g = group({ restart: fast, log: (l) => lines.push(l), onGiveUp: (n) => gaveUp.push(n) });
    const broken = script('process.exit(1);');
    g.spawn('oidc', process.execPath, broken.args, { quiet: true });
    await until(() => gaveUp.length > 0);
    // The first run and maxQuickCrashes restarts, then no more.
    await new Promise((r) => setTimeout(r, 300));
    expect(broken.starts()).toBe(fast.maxQuickCrashes + 1);
    expect(gaveUp).toEqual(['oidc']);
    expect(lines.at(-1)).toMatch(/oidc が起動直後の異常終了を 4 回繰り返したため、再起動をあきらめて停止します/);
  });

  it('stops everything for good on stopAll, including a restart that was pending', async () => {
    const g = group({ restart: { ...fast, backoffMs: () => 300 }, log: () => {}, onGiveUp: () => {} });
    const crashing = script('setTimeout(() => process.exit(2), 50);');
    const steady = script('setInterval(() => {}, 1000);');
    g.spawn('payjp', process.execPath, crashing.args, { quiet: true });
    const app = g.spawn('next', process.execPath, steady.args, { quiet: true });
    await until(() => crashing.starts() === 1 && g.current('payjp')?.exitCode !== null);
    await g.stopAll(); // while payjp's restart is waiting for its back-off
    await new Promise((r) => setTimeout(r, 600));
    expect(crashing.starts()).toBe(1);
    expect(app.signalCode).toBe('SIGTERM');
  });
});
