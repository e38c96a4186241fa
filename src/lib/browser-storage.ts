import { STORAGE_KEYS } from './storage-keys';

/**
 * The one way client code reads and writes browser storage (issue 13, point 3).
 *
 * - Every value is declared once, with its key (src/lib/storage-keys.ts) and a check of what it
 *   may hold: storage is input like any other — edited by hand, left by an older version, or
 *   written by another tab — so a value is taken back only in its expected shape, else the reader
 *   gets null. The checks are small hand-written guards, not zod: these values are read on the
 *   first load of many pages, where zod costs ~90 KiB (docs/decisions/0021).
 * - Nothing here throws: storage may be missing (server render), disabled or full (private
 *   browsing, a blocked site), and the page then simply works without it for this view.
 * - Components read through `useStoredValue` (use-stored-value.ts, apart because server modules
 *   import the values here), a `useSyncExternalStore` subscription that follows writes in this tab
 *   and `storage` events from other tabs, so reading storage on mount needs no `setState` inside
 *   `useEffect`.
 */

export type StorageArea = 'local' | 'session';

export interface StoredValue<T> {
  readonly area: StorageArea;
  readonly key: string;
  /** The stored value when it has the expected shape, else null. The same object while storage is unchanged. */
  read(): T | null;
  /** Writes the value (and tells this tab's subscribers); does nothing when storage is unavailable. */
  write(value: T): void;
  remove(): void;
  /** Calls `listener` when the value changes in this tab or in another one. */
  subscribe(listener: () => void): () => void;
}

export interface StoredValueDefinition<T> {
  area: StorageArea;
  key: string;
  /** Takes back the stored text: the value, or null when it does not fit. May throw (caught: null). */
  decode: (raw: string) => T | null;
  encode: (value: T) => string;
}

function storageOf(area: StorageArea): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return (area === 'local' ? window.localStorage : window.sessionStorage) ?? null;
  } catch {
    // Accessing the property itself throws when the browser blocks storage for the site.
    return null;
  }
}

const listeners = new Map<string, Set<() => void>>();
const idOf = (area: StorageArea, key: string) => `${area}:${key}`;

function notify(area: StorageArea, key: string): void {
  for (const l of [...(listeners.get(idOf(area, key)) ?? [])]) l();
}

let listeningToOtherTabs = false;

/** One `storage` listener for the page: another tab changed (or cleared) localStorage. */
function listenToOtherTabs(): void {
  if (listeningToOtherTabs || typeof window === 'undefined' || typeof window.addEventListener !== 'function') return;
  listeningToOtherTabs = true;
  window.addEventListener('storage', (event: StorageEvent) => {
    const areas: StorageArea[] =
      event.storageArea === null || event.storageArea === undefined
        ? ['local', 'session']
        : event.storageArea === storageOf('local')
          ? ['local']
          : ['session'];
    for (const [id, set] of listeners) {
      const [area, ...rest] = id.split(':');
      const key = rest.join(':');
      // key null: storage.clear() in the other tab
      if (areas.includes(area as StorageArea) && (event.key === null || event.key === key)) for (const l of [...set]) l();
    }
  });
}

export function storedValue<T>(definition: StoredValueDefinition<T>): StoredValue<T> {
  const { area, key, decode, encode } = definition;
  let cache: { raw: string | null; value: T | null } = { raw: null, value: null };

  const readRaw = (): string | null => {
    try {
      return storageOf(area)?.getItem(key) ?? null;
    } catch {
      return null;
    }
  };

  return {
    area,
    key,
    read() {
      const raw = readRaw();
      if (raw === cache.raw) return cache.value;
      let value: T | null = null;
      if (raw !== null) {
        try {
          value = decode(raw);
        } catch {
          value = null;
        }
      }
      cache = { raw, value };
      return value;
    },
    write(value) {
      try {
        storageOf(area)?.setItem(key, encode(value));
      } catch {
        /* storage unavailable or full: the page keeps working for this view */
      }
      notify(area, key);
    },
    remove() {
      try {
        storageOf(area)?.removeItem(key);
      } catch {
        /* nothing to remove */
      }
      notify(area, key);
    },
    subscribe(listener) {
      const id = idOf(area, key);
      let set = listeners.get(id);
      if (!set) listeners.set(id, (set = new Set()));
      set.add(listener);
      listenToOtherTabs();
      return () => {
        set.delete(listener);
      };
    },
  };
}

/** A text value, taken back when `accept` says it fits. */
export function textValue(area: StorageArea, key: string, accept: (value: string) => boolean): StoredValue<string> {
  return storedValue({ area, key, decode: (raw) => (accept(raw) ? raw : null), encode: (value) => value });
}

/** A JSON value, taken back when it parses and `guard` accepts it (optionally reshaped by `normalise`). */
export function jsonValue<T>(
  area: StorageArea,
  key: string,
  guard: (value: unknown) => value is T,
  normalise: (value: T) => T = (value) => value,
): StoredValue<T> {
  return storedValue({
    area,
    key,
    decode: (raw) => {
      const parsed: unknown = JSON.parse(raw);
      return guard(parsed) ? normalise(parsed) : null;
    },
    encode: (value) => JSON.stringify(value),
  });
}

/** Printable ASCII without spaces (what the server's tokens are made of), of a bounded length. */
const TOKEN = /^[\x21-\x7e]{1,512}$/;
// Control characters have no place in an address or a date.
const CONTROL = /[\u0000-\u001f\u007f]/;

/** The spec's account keys (§3), written at login and cleared at logout (src/lib/auth-state.ts). */
export const storedCsrfToken = textValue('local', STORAGE_KEYS.csrfToken, (v) => TOKEN.test(v));
/** ISO 8601 text; whether it is a date, and a future one, is the login check's (auth-state.ts). */
export const storedAuthExpireTime = textValue('local', STORAGE_KEYS.authExpireTime, (v) => v.length >= 1 && v.length <= 100);
export const storedUserEmail = textValue('local', STORAGE_KEYS.userEmail, (v) => v.length >= 3 && v.length <= 320 && !CONTROL.test(v));

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
