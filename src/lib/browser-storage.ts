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

/**
 * `action` on the area's storage, or null when it throws: no storage on the server (no `window`),
 * storage blocked for the site (reading the property throws), full, or a value that
 * does not decode. Kept small: this module is on every page's first load (docs/decisions/0021).
 */
function attempt<R>(area: StorageArea, action: (storage: Storage) => R): R | null {
  try {
    return action(area === 'local' ? window.localStorage : window.sessionStorage);
  } catch {
    return null;
  }
}

/** Subscribers, each with the key it follows. Our keys are distinct across the two areas, so the key alone names a value. */
const listeners = new Set<[key: string, listener: () => void]>();

function notify(key: string | null): void {
  for (const [k, listener] of [...listeners]) if (key === null || k === key) listener();
}

let listeningToOtherTabs = false;

export function storedValue<T>(definition: StoredValueDefinition<T>): StoredValue<T> {
  const { area, key, decode, encode } = definition;
  // The last text read and its value: the same object while storage is unchanged (useSyncExternalStore compares snapshots).
  let cache: [raw: string | null, value: T | null] = [null, null];

  return {
    area,
    key,
    read() {
      const raw = attempt(area, (s) => s.getItem(key));
      if (raw !== cache[0]) cache = [raw, raw === null ? null : attempt(area, () => decode(raw))];
      return cache[1];
    },
    write(value) {
      attempt(area, (s) => s.setItem(key, encode(value)));
      notify(key);
    },
    remove() {
      attempt(area, (s) => s.removeItem(key));
      notify(key);
    },
    subscribe(listener) {
      const entry: [string, () => void] = [key, listener];
      listeners.add(entry);
      if (!listeningToOtherTabs) {
        // One `storage` listener for the page: another tab changed a key, or cleared storage (key null).
        listeningToOtherTabs = true;
        window.addEventListener?.('storage', (event) => notify(event.key));
      }
      return () => void listeners.delete(entry);
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
