/**
 * Writing the search page's choice to browser storage (spec §3 keys `searched_corporate` and
 * `searched_query`, defined with their checks in src/lib/stored-search-choice.ts). Kept apart from
 * searched-corporate.ts, whose zod schemas (the full shapes) would put zod in the search page's
 * first-load JavaScript (issue 13).
 */
import { storedSearchedCorporate, storedSearchedQuery } from '@/lib/stored-search-choice';

import type { CompanySummary } from '@/features/registry';
import type { SearchedCorporate } from './searched-corporate';
import type { SearchUrlState } from './search-url';

/** What a company's order button hands to the order flow: the search's choice without its time. */
export type CorporateChoice = Omit<SearchedCorporate, 'selectedAt'>;

/** The fields of a company the order flow takes (the search's result, the record page, /purchase/select). */
export function corporateChoiceOf(c: CorporateChoice): CorporateChoice {
  return {
    corporateNumber: c.corporateNumber,
    name: c.name,
    furigana: c.furigana,
    kind: c.kind,
    kindLabel: c.kindLabel,
    prefectureName: c.prefectureName,
    postCode: c.postCode,
    address: c.address,
    closed: c.closed,
    closeDate: c.closeDate,
  };
}

export function toSearchedCorporate(c: CompanySummary, now = new Date()): SearchedCorporate {
  return { ...corporateChoiceOf(c), selectedAt: now.toISOString() };
}

export function storeSearchedCorporate(c: CompanySummary, query: SearchUrlState): void {
  storedSearchedCorporate.write(toSearchedCorporate(c));
  storedSearchedQuery.write({ q: query.q.trim(), pref: query.pref, closed: query.closed, kind: query.kind });
}
