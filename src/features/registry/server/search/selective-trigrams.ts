import 'server-only';

import { GRAM_DF_MIN } from '../../formats/registry-schema';
import type { OpenRegistry } from '../store/store';

/** Documents counted per rare 3-gram when choosing the selective ones (= GRAM_DF_MIN). */
export const PROBE_CAP = GRAM_DF_MIN;
const MAX_WEIGHED = 16;

/**
 * The 3-grams to AND for a query of four or more characters — query planning with the index's
 * statistics. FTS5 answers an AND by seeking into the other lists for each candidate, and a seek
 * into a long list costs a page load, so two well-chosen lists beat many: measured on 5.5 million
 * rows for デザインライフ (399 matches), デザイ AND ライフ (75,000 and 50,000 names) 2.8 ms with 942
 * candidates to confirm, インラ AND ライフ 0.8 ms with exactly the 399; all five 3-grams 5 ms.
 *
 * The rarest 3-gram comes first: its size is in gram_df when it is common, otherwise counted
 * (fewer than PROBE_CAP, cached). A rare one is used alone, or with the second rarest if that is
 * rare too. A common one is paired with the rarest 3-gram sharing at most one character with it,
 * which covers another part of the query. The confirmation on `doc` keeps the result exact.
 */
export function selectiveTrigrams(reg: OpenRegistry, chars: readonly string[]): string[] {
  const grams: { g: string; pos: number; df: number }[] = [];
  // A long query has more 3-grams than are worth weighing (a rare one is counted with a small
  // query each): at most MAX_WEIGHED, spread over the query.
  const count = chars.length - 2;
  const step = Math.max(1, Math.ceil(count / MAX_WEIGHED));
  for (let pos = 0; pos < count; pos += step) {
    const g = chars.slice(pos, pos + 3).join('');
    if (grams.some((x) => x.g === g)) continue;
    grams.push({ g, pos, df: reg.commonGramDf(g) ?? reg.termSize(g, PROBE_CAP) });
  }
  grams.sort((a, b) => a.df - b.df || a.pos - b.pos);
  const rarest = grams[0] as { g: string; pos: number; df: number };
  if (rarest.df < PROBE_CAP) {
    const second = grams[1];
    return second !== undefined && second.df < PROBE_CAP ? [rarest.g, second.g] : [rarest.g];
  }
  const far = grams.find((x) => Math.abs(x.pos - rarest.pos) >= 2);
  return far === undefined ? [rarest.g] : [rarest.g, far.g];
}
