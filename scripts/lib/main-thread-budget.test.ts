import { describe, expect, it } from 'vitest';

import { judgeMainThread, median, verdictTable } from './main-thread-budget';

describe('the main-thread budget against the empty App Router page (0067)', () => {
  it('takes the median of the empty page runs as the floor and allows 50 ms over it', () => {
    const v = judgeMainThread(
      [127, 159, 93],
      [
        { page: '/', performance: 98, cls: 0, tbtRunsMs: [148, 170, 120] },
        { page: '/purchase/select (member)', performance: 97, cls: 0, tbtRunsMs: [178, 177, 400] },
      ],
    );
    expect(v.floorMs).toBe(127);
    expect(v.limitMs).toBe(177);
    expect(v.pages.map((p) => [p.page, p.tbtMs, p.overFloorMs, p.pass])).toEqual([
      ['/', 148, 21, true],
      // 178 is 1 ms over the limit: the page fails though its performance and CLS are fine
      ['/purchase/select (member)', 178, 51, false],
    ]);
    expect(v.pass).toBe(false);
  });

  it('a page exactly at the limit passes; performance under 95 or CLS over 0.02 fails it', () => {
    const v = judgeMainThread(
      [100, 100],
      [
        { page: 'at the limit', performance: 95, cls: 0.02, tbtRunsMs: [150] },
        { page: 'slow score', performance: 94, cls: 0, tbtRunsMs: [60] },
        { page: 'shifts', performance: 99, cls: 0.021, tbtRunsMs: [60] },
      ],
    );
    expect(v.pages.map((p) => [p.tbtOk, p.performanceOk, p.clsOk, p.pass])).toEqual([
      [true, true, true, true],
      [true, false, true, false],
      [true, true, false, false],
    ]);
  });

  it('the median of an even count is the mean of the middle two; of nothing, an error', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(() => median([])).toThrow();
  });

  it('prints each page with its difference to the floor and its verdict', () => {
    const text = verdictTable(
      judgeMainThread(
        [120],
        [
          { page: '/', performance: 98, cls: 0, tbtRunsMs: [100] },
          { page: '/purchase/confirmation (member)', performance: 96, cls: 0, tbtRunsMs: [250] },
        ],
      ),
    );
    expect(text).toContain('median 120 ms + 50 = 170 ms');
    expect(text).toContain('| / | 100 | −20 | ok | ok | ok | pass |');
    expect(text).toContain('| /purchase/confirmation (member) | 250 | +130 | over | ok | ok | FAIL |');
    expect(text).toContain('1 of 2 pages over budget.');
  });
});
