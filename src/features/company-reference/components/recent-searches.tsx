'use client';

import Link from 'next/link';
import { useEffect, useSyncExternalStore } from 'react';

import { PREFECTURES } from '@/lib/prefectures';

import { RECENT_SEARCHES_KEY, RECENT_SEARCHES_MAX, type RecentSearch, isRecentSearch } from '../constants';
import s from './reference.module.css';

/**
 * Recent searches of the reference service, kept in this browser only (localStorage
 * `search_service_recent`, docs/api.md): the search words and filters a visitor typed, no
 * personal data, never sent to the server. Up to RECENT_SEARCHES_MAX, newest first.
 */

const listeners = new Set<() => void>();
let cache: { raw: string | null; list: RecentSearch[] } = { raw: null, list: [] };

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(RECENT_SEARCHES_KEY);
  } catch {
    return null;
  }
}

function read(): RecentSearch[] {
  const raw = readRaw();
  if (raw === cache.raw) return cache.list;
  let list: RecentSearch[] = [];
  try {
    const parsed: unknown = raw === null ? [] : JSON.parse(raw);
    list = Array.isArray(parsed) && parsed.length <= 50 && parsed.every(isRecentSearch) ? parsed.slice(0, RECENT_SEARCHES_MAX) : [];
  } catch {
    list = [];
  }
  cache = { raw, list };
  return list;
}

function write(list: RecentSearch[]): void {
  try {
    if (list.length === 0) window.localStorage.removeItem(RECENT_SEARCHES_KEY);
    else window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(list));
  } catch {
    /* storage unavailable: nothing is remembered */
  }
  for (const l of listeners) l();
}

const same = (a: RecentSearch, b: RecentSearch) =>
  a.q === b.q && (a.prefecture ?? '') === (b.prefecture ?? '') && Boolean(a.includeClosed) === Boolean(b.includeClosed);

export function rememberSearch(search: RecentSearch): void {
  if (!isRecentSearch(search)) return;
  write([search, ...read().filter((r) => !same(r, search))].slice(0, RECENT_SEARCHES_MAX));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => {
    if (e.key === RECENT_SEARCHES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const EMPTY: RecentSearch[] = [];

export function searchHref(r: RecentSearch): string {
  const p = new URLSearchParams({ q: r.q });
  if (r.prefecture) p.set('prefecture', r.prefecture);
  if (r.includeClosed) p.set('includeClosed', '1');
  return `/search-service/result?${p.toString()}`;
}

/** The list on the entry page (renders nothing until there is something to show). */
export function RecentSearches() {
  const list = useSyncExternalStore(subscribe, read, () => EMPTY);
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
export function RememberSearch({ q, prefecture, includeClosed }: { q: string; prefecture?: string; includeClosed?: boolean }) {
  useEffect(() => {
    rememberSearch({ q, ...(prefecture ? { prefecture } : {}), ...(includeClosed ? { includeClosed: true } : {}) });
  }, [q, prefecture, includeClosed]);
  return null;
}
