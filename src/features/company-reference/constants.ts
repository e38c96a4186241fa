/**
 * The reference service's browser-side values, without zod: the recent-searches list runs on the
 * reference pages' first load, where loading zod cost 90 KiB and 200 ms of blocking time (issue 13).
 * schemas.ts re-exports them.
 */

import { APP_STORAGE_KEYS } from '@/lib/app-storage-keys';

/** localStorage key of the reference service's recent searches (its own; documented in docs/api.md). */
export const RECENT_SEARCHES_KEY = APP_STORAGE_KEYS.recentSearches;
export const RECENT_SEARCHES_MAX = 8;

/** One remembered search (browser storage only, never sent to the server). */
export interface RecentSearch {
  q: string;
  prefecture?: string;
  includeClosed?: boolean;
}

/**
 * Storage is input: a remembered search is taken back only in exactly this shape — q of 1–100
 * characters, an optional two-digit prefecture code, an optional boolean, nothing else.
 */
export function isRecentSearch(value: unknown): value is RecentSearch {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  if (!Object.keys(v).every((k) => k === 'q' || k === 'prefecture' || k === 'includeClosed')) return false;
  if (typeof v.q !== 'string' || v.q.length < 1 || v.q.length > 100) return false;
  if (v.prefecture !== undefined && (typeof v.prefecture !== 'string' || !/^\d{2}$/.test(v.prefecture))) return false;
  return v.includeClosed === undefined || typeof v.includeClosed === 'boolean';
}
