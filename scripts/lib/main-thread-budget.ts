/**
 * The main-thread budget of issue 24 §8 (docs/decisions/0067): Total Blocking Time is budgeted
 * against the framework's floor measured in the same run — every page's TBT ≤ the empty App Router
 * page's median + 50 ms — with Lighthouse's performance score ≥ 95 and CLS ≤ 0.02 as before.
 * Pure, so the bench's verdict is unit-tested (main-thread-budget.test.ts).
 */
export const TBT_OVER_FLOOR_MS = 50;
export const MIN_PERFORMANCE = 95;
export const MAX_CLS = 0.02;

/** What the verdict needs of one page's Lighthouse runs. */
export interface MeasuredPage {
  page: string;
  /** the median run's (by score) performance score, 0–100 */
  performance: number;
  /** the median run's (by score) CLS */
  cls: number;
  /** TBT of every run, ms */
  tbtRunsMs: number[];
}

export interface PageVerdict {
  page: string;
  /** median of the page's runs */
  tbtMs: number;
  /** tbtMs − the floor (negative: below the empty page) */
  overFloorMs: number;
  tbtOk: boolean;
  performanceOk: boolean;
  clsOk: boolean;
  pass: boolean;
}

export interface BudgetVerdict {
  /** the empty App Router page's median TBT over all its runs in this bench run */
  floorMs: number;
  /** floorMs + 50 */
  limitMs: number;
  pages: PageVerdict[];
  pass: boolean;
}

/** The median of a non-empty list (the mean of the middle two for an even count). */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error('median of nothing');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const upper = sorted[mid] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[mid - 1] ?? 0) + upper) / 2;
}

/**
 * Each page against the floor. `emptyRunsMs` are the empty page's TBT figures of this run (the
 * bench measures it before the public pages and again before the purchase steps, so a change of
 * the machine's load during the run shows on both sides).
 */
export function judgeMainThread(emptyRunsMs: readonly number[], pages: readonly MeasuredPage[]): BudgetVerdict {
  const floorMs = median(emptyRunsMs);
  const limitMs = floorMs + TBT_OVER_FLOOR_MS;
  const verdicts = pages.map((p): PageVerdict => {
    const tbtMs = median(p.tbtRunsMs);
    const tbtOk = tbtMs <= limitMs;
    const performanceOk = p.performance >= MIN_PERFORMANCE;
    const clsOk = p.cls <= MAX_CLS;
    return { page: p.page, tbtMs, overFloorMs: tbtMs - floorMs, tbtOk, performanceOk, clsOk, pass: tbtOk && performanceOk && clsOk };
  });
  return { floorMs, limitMs, pages: verdicts, pass: verdicts.every((v) => v.pass) };
}

const signed = (ms: number) => `${ms >= 0 ? '+' : '−'}${Math.abs(Math.round(ms))}`;

/** The verdict as a Markdown table, for the bench's output and docs/performance.md. */
export function verdictTable(v: BudgetVerdict): string {
  const head = [
    `Main-thread budget (docs/decisions/0067): TBT ≤ the empty App Router page's median ${Math.round(v.floorMs)} ms + ${TBT_OVER_FLOOR_MS} = ${Math.round(v.limitMs)} ms; performance ≥ ${MIN_PERFORMANCE}; CLS ≤ ${MAX_CLS}`,
    '',
    '| page | TBT ms (median of runs) | vs empty page | TBT | perf | CLS | verdict |',
    '|---|---|---|---|---|---|---|',
  ];
  const body = v.pages.map(
    (p) =>
      `| ${p.page} | ${Math.round(p.tbtMs)} | ${signed(p.overFloorMs)} | ${p.tbtOk ? 'ok' : 'over'} | ${p.performanceOk ? 'ok' : 'under 95'} | ${p.clsOk ? 'ok' : 'over 0.02'} | ${p.pass ? 'pass' : 'FAIL'} |`,
  );
  const failed = v.pages.filter((p) => !p.pass).length;
  return [
    ...head,
    ...body,
    '',
    v.pass ? `All ${v.pages.length} pages within budget.` : `${failed} of ${v.pages.length} pages over budget.`,
  ].join('\n');
}
