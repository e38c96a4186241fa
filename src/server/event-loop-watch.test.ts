import { describe, expect, it } from 'vitest';

import { watchEventLoop } from './event-loop-watch';

function block(ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    // a synchronous job holding the loop
  }
}

describe('watchEventLoop', () => {
  it('reports a stall of the loop once, with about how long it lasted', async () => {
    const stalls: number[] = [];
    const watch = watchEventLoop({ thresholdMs: 300, tickMs: 50, report: ({ ms }) => stalls.push(ms) });
    await new Promise((r) => setTimeout(r, 120));
    block(450);
    await new Promise((r) => setTimeout(r, 150));
    watch.stop();
    expect(stalls).toHaveLength(1);
    expect(stalls[0]).toBeGreaterThanOrEqual(300);
    expect(stalls[0]).toBeLessThan(1500);
  });

  it('says nothing while the loop keeps up', async () => {
    const stalls: number[] = [];
    const watch = watchEventLoop({ thresholdMs: 300, tickMs: 50, report: ({ ms }) => stalls.push(ms) });
    for (let i = 0; i < 5; i++) {
      block(20);
      await new Promise((r) => setTimeout(r, 30));
    }
    watch.stop();
    expect(stalls).toEqual([]);
  });
});
