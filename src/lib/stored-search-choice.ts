import { jsonValue } from './browser-storage';
import { STORAGE_KEYS } from './storage-keys';

/**
 * The spec's hand-over from /search to the purchase flow (§3 `searched_corporate`,
 * `searched_query`), written by the company search page and the reference service's order button.
 * Defined here, not in a feature, because three features use them on first load.
 *
 * The company as the purchase flow takes it back: the fields an order needs, others kept (what is
 * written is company search's full SearchedCorporate).
 */
export interface StoredSearchedCorporate {
  corporateNumber: string;
  name: string;
  kind: string;
  kindLabel?: string;
  address?: string;
  closed?: boolean;
  [key: string]: unknown;
}

/**
 * Storage is input like any other: the stored company is used only in this shape. The order sends
 * only the 法人番号; the server reads the company from the registry (issue 12 §2).
 */
export function isStoredSearchedCorporate(value: unknown): value is StoredSearchedCorporate {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.corporateNumber === 'string' &&
    /^\d{13}$/.test(v.corporateNumber) &&
    typeof v.name === 'string' &&
    v.name.length >= 1 &&
    typeof v.kind === 'string' &&
    (v.kindLabel === undefined || typeof v.kindLabel === 'string') &&
    (v.address === undefined || typeof v.address === 'string') &&
    (v.closed === undefined || typeof v.closed === 'boolean')
  );
}

/** The search conditions that led to the choice (company search's SearchedQuery), to return to the same results. */
export interface StoredSearchedQuery {
  q: string;
  pref: string;
  closed: boolean;
  kind: string;
}

function isStoredSearchedQuery(value: unknown): value is StoredSearchedQuery {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  return (
    Object.keys(v).every((k) => k === 'q' || k === 'pref' || k === 'closed' || k === 'kind') &&
    typeof v.q === 'string' &&
    typeof v.pref === 'string' &&
    typeof v.closed === 'boolean' &&
    typeof v.kind === 'string'
  );
}

export const storedSearchedCorporate = jsonValue('local', STORAGE_KEYS.searchedCorporate, isStoredSearchedCorporate);
export const storedSearchedQuery = jsonValue('local', STORAGE_KEYS.searchedQuery, isStoredSearchedQuery);
