import { describe, expect, it } from 'vitest';

import { blockFor } from '@tests/support/block';

import { inCpuTurn } from './cpu-turn';

describe('inCpuTurn', () => {
  it('lets the event loop go round (a timer fires) between two jobs started at the same moment', async () => {
    const events: string[] = [];
    const ticker = setInterval(() => events.push('tick'), 1);
    await new Promise((r) => setTimeout(r, 5));
    events.length = 0;
    await Promise.all(
      [1, 2, 3, 4].map((n) =>
        inCpuTurn(async () => {
          events.push(`job ${n}`);
          blockFor(30);
          return n;
        }),
      ),
    );
    clearInterval(ticker);
    const jobs = events.map((e, i) => [e, i] as const).filter(([e]) => e.startsWith('job'));
    expect(jobs.map(([e]) => e)).toEqual(['job 1', 'job 2', 'job 3', 'job 4']);
    // between any two jobs, at least one timer ran: no two jobs back to back in one turn
    for (let k = 1; k < jobs.length; k++) expect(events.slice(jobs[k - 1]![1] + 1, jobs[k]![1])).toContain('tick');
  });

  it('answers each job with its own result or error, and a failed job does not stop the next', async () => {
    const failed = inCpuTurn(() => {
      throw new Error('render failed');
    });
    const next = inCpuTurn(async () => 'rendered');
    await expect(failed).rejects.toThrow('render failed');
    await expect(next).resolves.toBe('rendered');
  });
});
