import { describe, expect, it } from 'vitest';

import { blockFor } from '@tests/support/block';

import { watchEventLoop } from './event-loop-watch';

describe('watchEventLoop', () => {
  it('reports a stall of the loop once, with about how long it lasted', async () => {
    const stalls: number[] = [];
    const watch = watchEventLoop({ thresholdMs: 300, tickMs: 50, report: ({ ms }) => stalls.push(ms) });
    await new Promise((r) => setTimeout(r, 120));
    blockFor(450);
    await new Promise((r) => setTimeout(r, 150));
    watch.stop();
    expect(stalls).toHaveLength(1);
    expect(stalls[0]).toBeGreaterThanOrEqual(300);
    expect(stalls[0]).toBeLessThan(1500);
  });

  it('tells work of its own (CPU spent during the stall) from a process the machine did not run', async () => {
    let clock = 0;
    let cpuClock = 0;
    const starved: { ms: number; cpuMs: number }[] = [];
    const fake = watchEventLoop({ thresholdMs: 1000, tickMs: 250, now: () => clock, cpu: () => cpuClock, report: (s) => starved.push(s) });
    // what a tick sees after the process was descheduled for 1.5 s: time passed, little CPU used
    clock += 1750;
    cpuClock += 20;
    await new Promise((r) => setTimeout(r, 300));
    fake.stop();
    expect(starved[0]).toMatchObject({ ms: 1500, cpuMs: 20 });
  });

  it('says nothing while the loop keeps up', async () => {
    const stalls: number[] = [];
    const watch = watchEventLoop({ thresholdMs: 1000, tickMs: 50, report: ({ ms }) => stalls.push(ms) });
    for (let i = 0; i < 5; i++) {
      blockFor(20);
      await new Promise((r) => setTimeout(r, 30));
    }
    watch.stop();
    expect(stalls).toEqual([]);
  });
});
