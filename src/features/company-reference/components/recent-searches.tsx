'use client';

import Link from '@/components/link';

import { jsonValue } from '@/lib/browser-storage';
import { useStoredValue } from '@/lib/use-stored-value';
import { PREFECTURES } from '@/lib/prefectures';

import { RECENT_SEARCHES_KEY, RECENT_SEARCHES_MAX, type RecentSearch, isRecentSearch } from '../constants';
import s from './reference.module.css';

const EMPTY: RecentSearch[] = [];

/**
 * Recent searches of the reference service, kept in this browser only (localStorage
 * `search_service_recent`, docs/api.md): the search words and filters a visitor typed, no
 * personal data, never sent to the server. Up to RECENT_SEARCHES_MAX, newest first.
 */

/** More entries than any version ever kept: not ours, not read. */
const MAX_STORED = 50;
const isRecentList = (value: unknown): value is RecentSearch[] =>
  Array.isArray(value) && value.length <= MAX_STORED && value.every(isRecentSearch);

const stored = jsonValue('local', RECENT_SEARCHES_KEY, isRecentList, (list) => list.slice(0, RECENT_SEARCHES_MAX));

const read = (): RecentSearch[] => stored.read() ?? EMPTY;

function write(list: RecentSearch[]): void {
  // storage unavailable: nothing is remembered
  if (list.length === 0) stored.remove();
  else stored.write(list);
}

const same = (a: RecentSearch, b: RecentSearch) =>
  a.q === b.q && (a.prefecture ?? '') === (b.prefecture ?? '') && Boolean(a.includeClosed) === Boolean(b.includeClosed);

export function rememberSearch(search: RecentSearch): void {
  if (!isRecentSearch(search)) return;
  write([search, ...read().filter((r) => !same(r, search))].slice(0, RECENT_SEARCHES_MAX));
}

/** The search again, on /search-service with /search's parameters (issue 24 point 4). */
export function searchHref(r: RecentSearch): string {
  const p = new URLSearchParams({ q: r.q });
  if (r.prefecture) p.set('pref', r.prefecture);
  if (r.includeClosed) p.set('closed', '1');
  return `/search-service?${p.toString()}`;
}

/** The list on the entry page (renders nothing until there is something to show). */
export function RecentSearches() {
  const list = useStoredValue(stored) ?? EMPTY;
  if (list.length === 0) return null;
  return (
    <section className={s.recent} aria-labelledby="recent-searches-title">
      <h2 id="recent-searches-title">最近の検索</h2>
      <ul className={s.recentList}>
        {list.map((r) => (
          <li key={searchHref(r)}>
            <Link href={searchHref(r)}>
              {r.q}
              {r.prefecture ? `（${PREFECTURES.find((p) => p.code === r.prefecture)?.name ?? ''}）` : ''}
              {r.includeClosed ? '・閉鎖含む' : ''}
            </Link>
          </li>
        ))}
      </ul>
      <p>
        <button type="button" className={s.linkButton} onClick={() => write([])}>
          最近の検索を消去する
        </button>
      </p>
    </section>
  );
}

/** Placed on a result page: records the search once it has been shown. */
