'use client';

import Link from 'next/link';
import { useEffect, useSyncExternalStore } from 'react';

import { PREFECTURES } from '@/lib/prefectures';

import { RECENT_SEARCHES_KEY, RECENT_SEARCHES_MAX } from '../../constants';
import type { RecentSearch, RecentSearchSchema } from '../../reference-schemas';
import s from './reference.module.css';

/**
 * Recent searches of the reference service, kept in this browser only (localStorage
 * `search_service_recent`, docs/api.md): the search words and filters a visitor typed, no
 * personal data, never sent to the server. Up to RECENT_SEARCHES_MAX, newest first.
 */

const EMPTY: RecentSearch[] = [];
const listeners = new Set<() => void>();
let cache: { raw: string | null; list: RecentSearch[] } = { raw: null, list: [] };

/*
 * The schema is loaded after the page is interactive, not with it: it brings zod, which was most
 * of these pages' first-load JavaScript (issue 13). The list is browser-only and shown after
 * hydration anyway, so it appears when the schema is there.
 */
let schema: typeof RecentSearchSchema | null = null;
let schemaLoading: Promise<typeof RecentSearchSchema> | null = null;
function loadSchema(): Promise<typeof RecentSearchSchema> {
  schemaLoading ??= import('../../reference-schemas').then((m) => {
    schema = m.RecentSearchSchema;
    cache = { raw: null, list: [] };
    for (const l of listeners) l();
    return schema;
  });
  return schemaLoading;
}

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(RECENT_SEARCHES_KEY);
  } catch {
    return null;
  }
}

function read(): RecentSearch[] {
  if (schema === null) return EMPTY;
  const raw = readRaw();
  if (raw === cache.raw) return cache.list;
  let list: RecentSearch[] = [];
  try {
    const parsed = schema
      .array()
      .max(50)
      .safeParse(raw === null ? [] : JSON.parse(raw));
    list = parsed.success ? parsed.data.slice(0, RECENT_SEARCHES_MAX) : [];
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

export async function rememberSearch(search: RecentSearch): Promise<void> {
  const parsed = (await loadSchema()).safeParse(search);
  if (!parsed.success) return;
  write([parsed.data, ...read().filter((r) => !same(r, parsed.data))].slice(0, RECENT_SEARCHES_MAX));
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void loadSchema();
  const onStorage = (e: StorageEvent) => {
    if (e.key === RECENT_SEARCHES_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

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
    void rememberSearch({ q, ...(prefecture ? { prefecture } : {}), ...(includeClosed ? { includeClosed: true } : {}) });
  }, [q, prefecture, includeClosed]);
  return null;
}
