import { describe, expect, it } from 'vitest';

import { renderReceipt } from '@/features/receipts/server/render-receipt';

import { mixedReceiptSnapshot } from '../factories/receipts';

/**
 * Receipts rendered at the same moment (members downloading at once) leave the event loop free
 * between two renders (src/server/cpu-turn.ts): a timer fires between any two, so the server is
 * held by one render at a time, never by all of them in a row (bench/load-mixed.ts found stalls
 * of several seconds).
 */
describe('renders at the same moment', () => {
  it('let a timer run between any two of them', async () => {
    await renderReceipt(mixedReceiptSnapshot(), { reissue: null }); // fonts read once
    const events: string[] = [];
    const ticker = setInterval(() => events.push('tick'), 1);
    await new Promise((r) => setTimeout(r, 5));
    events.length = 0;
    await Promise.all(
      [1, 2, 3, 4].map((n) => renderReceipt(mixedReceiptSnapshot(), { reissue: null }).then(() => events.push(`done ${n}`))),
    );
    clearInterval(ticker);
    const done = events.map((e, i) => [e, i] as const).filter(([e]) => e.startsWith('done'));
    expect(done).toHaveLength(4);
    for (let k = 1; k < done.length; k++) expect(events.slice(done[k - 1]![1] + 1, done[k]![1]), events.join(',')).toContain('tick');
  });
});
