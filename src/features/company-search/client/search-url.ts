/**
 * The search page's state in its URL (`/search?q=トヨタ&pref=23&city=211&addr=トヨタ町&closed=1&kind=301`), so a
 * search can be reloaded, shared and restored by the back button, and its translation to the
 * API's query (`/api/corporates/search?q=…&address=…&prefecture=…&city=…&includeClosed=…&kind=…`). The URL keeps
 * short names because people share it; unknown or malformed values are dropped, never an error.
 * Isomorphic: the server page renders the initial URL with the same reading.
 */
import { PREFECTURES } from '@/lib/prefectures';

import { type KindCode, isKindCode } from '@/features/registry';
import { ADDRESS_QUERY_MAX, ADDRESS_QUERY_MIN, SEARCH_COUNT_CAP, SEARCH_QUERY_MAX, isCityCode } from '../constants';
import type { SearchResult } from '../schemas';
import { groupDigits } from '@/lib/digits';
import type { CsvForm } from '@/lib/csv';

export interface SearchUrlState {
  q: string;
  /** JIS X 0401 code or '' (all prefectures). */
  pref: string;
  /** JIS X 0402 code of a 市区町村 of `pref`, or '' (the whole prefecture); always '' without pref. */
  city: string;
  /** Part of the 所在地 (the address field), as typed; searched from ADDRESS_QUERY_MIN characters. */
  addr: string;
  closed: boolean;
  /** One 法人種別 code or '' (all kinds). */
  kind: KindCode | '';
}

export const EMPTY_SEARCH_STATE: SearchUrlState = { q: '', pref: '', city: '', addr: '', closed: false, kind: '' };

type Raw = Record<string, string | string[] | undefined> | URLSearchParams;

function first(raw: Raw, key: string): string {
  const v = raw instanceof URLSearchParams ? raw.get(key) : raw[key];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}

const PREF_CODES = new Set<string>(PREFECTURES.map((p) => p.code));

export function parseSearchUrl(raw: Raw): SearchUrlState {
  const pref = first(raw, 'pref');
  const kind = first(raw, 'kind');
  const city = first(raw, 'city');
  return {
    q: first(raw, 'q').slice(0, SEARCH_QUERY_MAX),
    pref: PREF_CODES.has(pref) ? pref : '',
    city: PREF_CODES.has(pref) && isCityCode(city) ? city : '',
    addr: first(raw, 'addr').slice(0, ADDRESS_QUERY_MAX),
    closed: ['1', 'true'].includes(first(raw, 'closed')),
    kind: isKindCode(kind) ? kind : '',
  };
}

/** The page's query string (without '?'), in a fixed order; empty values left out. */
export function searchUrlQuery(state: SearchUrlState): string {
  const p = new URLSearchParams();
  if (state.q.trim() !== '') p.set('q', state.q.trim());
  if (state.pref !== '') p.set('pref', state.pref);
  if (state.pref !== '' && state.city !== '') p.set('city', state.city);
  if (state.addr.trim() !== '') p.set('addr', state.addr.trim());
  if (state.closed) p.set('closed', '1');
  if (state.kind !== '') p.set('kind', state.kind);
  return p.toString();
}

export function searchPageHref(state: SearchUrlState): string {
  const qs = searchUrlQuery(state);
  return qs === '' ? '/search' : `/search?${qs}`;
}

/**
 * The address field as searched: from ADDRESS_QUERY_MIN characters as typed (a shorter one is
 * still being typed; the field says so). The server counts again after normalisation.
 */
export function searchedAddress(state: SearchUrlState): string {
  const addr = state.addr.trim();
  return Array.from(addr).length >= ADDRESS_QUERY_MIN ? addr : '';
}

/** Query of GET /api/corporates/search for this state (no cursor), or null when there is nothing to search. */
export function searchApiQuery(state: SearchUrlState): Record<string, string> | null {
  const q = state.q.trim();
  const address = searchedAddress(state);
  if (q === '' && address === '') return null;
  return {
    ...(q !== '' ? { q } : {}),
    ...(address !== '' ? { address } : {}),
    ...(state.pref !== '' ? { prefecture: state.pref } : {}),
    ...(state.pref !== '' && state.city !== '' ? { city: state.city } : {}),
    ...(state.closed ? { includeClosed: '1' } : {}),
    ...(state.kind !== '' ? { kind: state.kind } : {}),
  };
}

export function searchApiPath(state: SearchUrlState, cursor?: string): string | null {
  const query = searchApiQuery(state);
  if (query === null) return null;
  const p = new URLSearchParams(query);
  if (cursor !== undefined) p.set('cursor', cursor);
  return `/api/corporates/search?${p.toString()}`;
}

/** The search's results as a CSV file (GET /api/corporates/search/csv: every page up to 1,000 rows). */
export function searchCsvPath(state: SearchUrlState, form: CsvForm = 'plain'): string | null {
  const query = searchApiQuery(state);
  if (query === null) return null;
  const p = new URLSearchParams(query);
  if (form !== 'plain') p.set('format', form);
  return `/api/corporates/search/csv?${p.toString()}`;
}

/**
 * 「162件」; 「1,000件以上」 when the count reached the cap (issue 3 §4); 「340件以上」 when it stopped
 * at its time budget with 340 counted (issue 24 point 8).
 */
export function formatResultCount(result: Pick<SearchResult, 'count' | 'countCapped'> & { countIsLowerBound?: boolean }): string {
  if (result.countCapped) return `${groupDigits(SEARCH_COUNT_CAP)}件以上`;
  return result.countIsLowerBound === true ? `${groupDigits(result.count)}件以上` : `${groupDigits(result.count)}件`;
}

/**
 * The search form's controls as the visitor left them before the page hydrated (what the form
 * would submit without JavaScript, read as the URL is), or null when they are what `state` says. A
 * new prefecture drops a 市区町村 of the old one (parseSearchUrl keeps only a city of its pref).
 */
export function typedBeforeHydration(form: HTMLFormElement, state: SearchUrlState): SearchUrlState | null {
  const raw = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') raw.append(name, value);
  const typed = parseSearchUrl(raw);
  if (typed.pref !== state.pref && typed.city === state.city) typed.city = '';
  return (Object.keys(state) as (keyof SearchUrlState)[]).every((k) => typed[k] === state[k]) ? null : typed;
}
