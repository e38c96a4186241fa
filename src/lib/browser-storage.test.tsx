// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  jsonValue,
  storedAuthExpireTime,
  storedCsrfToken,
  storedUserEmail,
  storedValue,
  textValue,
  type StoredValue,
} from './browser-storage';
import { STORAGE_KEYS } from './storage-keys';
import { storedSearchedCorporate, storedSearchedQuery } from './stored-search-choice';
import { useHydrated, useStoredValue } from './use-stored-value';

interface Pair {
  a: number;
  b: string;
}
const isPair = (v: unknown): v is Pair =>
  typeof v === 'object' && v !== null && typeof (v as Pair).a === 'number' && typeof (v as Pair).b === 'string';

const pair = jsonValue('local', 'test_pair', isPair);
const word = textValue('session', 'test_word', (v) => /^[a-z]{1,10}$/.test(v));

/** What another tab's write looks like here: storage changed underneath, then a `storage` event. */
function otherTabWrites(storage: Storage, key: string | null, value: string | null): void {
  if (key === null) storage.clear();
  else if (value === null) storage.removeItem(key);
  else storage.setItem(key, value);
  window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: storage }));
}

beforeEach(() => {
  window.localStorage.clear();
  window.sessionStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('stored values', () => {
  it('reads null when nothing is stored, and back what was written', () => {
    expect(pair.read()).toBeNull();
    pair.write({ a: 1, b: 'x' });
    expect(window.localStorage.getItem('test_pair')).toBe('{"a":1,"b":"x"}');
    expect(pair.read()).toEqual({ a: 1, b: 'x' });
    pair.remove();
    expect(pair.read()).toBeNull();
    expect(window.localStorage.getItem('test_pair')).toBeNull();
  });

  it('keeps each value in its own storage area', () => {
    word.write('hello');
    expect(window.sessionStorage.getItem('test_word')).toBe('hello');
    expect(window.localStorage.getItem('test_word')).toBeNull();
  });

  it('answers the same object while storage is unchanged (a stable snapshot for React)', () => {
    pair.write({ a: 1, b: 'x' });
    const first = pair.read();
    expect(pair.read()).toBe(first);
    window.localStorage.setItem('test_pair', '{"a":2,"b":"x"}');
    expect(pair.read()).not.toBe(first);
    expect(pair.read()).toEqual({ a: 2, b: 'x' });
  });

  it.each([
    ['not JSON', '{a:1'],
    ['JSON of another shape', '{"a":"1","b":"x"}'],
    ['null', 'null'],
    ['an array', '[1,"x"]'],
    ['empty', ''],
  ])('takes garbage back as null: %s', (_name, raw) => {
    window.localStorage.setItem('test_pair', raw);
    expect(pair.read()).toBeNull();
  });

  it('takes text back only when it fits', () => {
    window.sessionStorage.setItem('test_word', 'Hello world');
    expect(word.read()).toBeNull();
    window.sessionStorage.setItem('test_word', 'hello');
    expect(word.read()).toBe('hello');
  });

  it('returns null when the check itself throws, and applies the normalisation on the way in', () => {
    const throwing = storedValue<string>({
      area: 'local',
      key: 'test_throwing',
      decode: () => {
        throw new Error('bad');
      },
      encode: (v) => v,
    });
    window.localStorage.setItem('test_throwing', 'x');
    expect(throwing.read()).toBeNull();

    const trimmed = jsonValue('local', 'test_trimmed', isPair, (p) => ({ ...p, b: p.b.trim() }));
    window.localStorage.setItem('test_trimmed', '{"a":1,"b":"  x  "}');
    expect(trimmed.read()).toEqual({ a: 1, b: 'x' });
  });

  it('never throws when the browser blocks storage (reading the property throws)', () => {
    vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    const listener = vi.fn();
    const unsubscribe = pair.subscribe(listener);
    expect(pair.read()).toBeNull();
    expect(() => pair.write({ a: 1, b: 'x' })).not.toThrow();
    expect(() => pair.remove()).not.toThrow();
    expect(pair.read()).toBeNull();
    // This tab's subscribers still hear of the write (the page keeps working for this view).
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });

  it('never throws when storage is full or its methods fail', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new Error('broken');
    });
    vi.spyOn(Storage.prototype, 'removeItem').mockImplementation(() => {
      throw new Error('broken');
    });
    expect(() => word.write('hello')).not.toThrow();
    expect(() => word.remove()).not.toThrow();
    expect(word.read()).toBeNull();
  });

  it('reads null and writes nothing on the server (no window)', () => {
    vi.stubGlobal('window', undefined);
    expect(pair.read()).toBeNull();
    expect(() => pair.write({ a: 1, b: 'x' })).not.toThrow();
    expect(() => pair.remove()).not.toThrow();
  });
});

describe('subscriptions', () => {
  it('tells subscribers of writes and removals in this tab, until they unsubscribe', () => {
    const listener = vi.fn();
    const other = vi.fn();
    const unsubscribe = pair.subscribe(listener);
    const unsubscribeOther = word.subscribe(other);
    pair.write({ a: 1, b: 'x' });
    pair.remove();
    expect(listener).toHaveBeenCalledTimes(2);
    expect(other).not.toHaveBeenCalled();
    unsubscribe();
    unsubscribeOther();
    pair.write({ a: 2, b: 'y' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('follows another tab: its key, and a clear()', () => {
    const listener = vi.fn();
    const unsubscribe = pair.subscribe(listener);

    otherTabWrites(window.localStorage, 'test_pair', '{"a":5,"b":"z"}');
    expect(listener).toHaveBeenCalledTimes(1);
    expect(pair.read()).toEqual({ a: 5, b: 'z' });

    otherTabWrites(window.localStorage, 'some_other_key', '1');
    expect(listener).toHaveBeenCalledTimes(1);

    otherTabWrites(window.localStorage, null, null);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(pair.read()).toBeNull();
    unsubscribe();
  });
});

function Show({ stored }: { stored: StoredValue<Pair> }) {
  const value = useStoredValue(stored);
  return <p data-testid="value">{value === undefined ? 'not read yet' : value === null ? 'nothing' : `${value.a}:${value.b}`}</p>;
}

function Hydrated() {
  return <p>{useHydrated() ? 'browser' : 'server'}</p>;
}

describe('useStoredValue', () => {
  it('is undefined in the server render (storage is not known there)', () => {
    window.localStorage.setItem('test_pair', '{"a":1,"b":"x"}');
    expect(renderToString(<Show stored={pair} />)).toContain('not read yet');
    expect(renderToString(<Hydrated />)).toContain('server');
  });

  it('reads storage on mount without an effect, and re-renders on writes here and in other tabs', () => {
    window.localStorage.setItem('test_pair', '{"a":1,"b":"x"}');
    render(
      <>
        <Show stored={pair} />
        <Hydrated />
      </>,
    );
    expect(screen.getByTestId('value').textContent).toBe('1:x');
    expect(screen.getByText('browser')).toBeTruthy();

    act(() => pair.write({ a: 2, b: 'y' }));
    expect(screen.getByTestId('value').textContent).toBe('2:y');

    act(() => otherTabWrites(window.localStorage, 'test_pair', 'garbage'));
    expect(screen.getByTestId('value').textContent).toBe('nothing');

    act(() => otherTabWrites(window.localStorage, 'test_pair', '{"a":3,"b":"z"}'));
    expect(screen.getByTestId('value').textContent).toBe('3:z');
  });
});

describe('the spec’s account keys (§3)', () => {
  it('live under the spec’s names in localStorage', () => {
    expect([storedCsrfToken, storedAuthExpireTime, storedUserEmail].map((s) => [s.area, s.key])).toEqual([
      ['local', STORAGE_KEYS.csrfToken],
      ['local', STORAGE_KEYS.authExpireTime],
      ['local', STORAGE_KEYS.userEmail],
    ]);
  });

  it('take back a CSRF token only as header-safe text (never sent broken)', () => {
    for (const bad of ['', 'with space', 'tab\there', 'トークン', 'x'.repeat(513)]) {
      window.localStorage.setItem(STORAGE_KEYS.csrfToken, bad);
      expect(storedCsrfToken.read(), JSON.stringify(bad)).toBeNull();
    }
    window.localStorage.setItem(STORAGE_KEYS.csrfToken, 'AbC-123_xyz');
    expect(storedCsrfToken.read()).toBe('AbC-123_xyz');
  });

  it('take back an e-mail address without control characters', () => {
    window.localStorage.setItem(STORAGE_KEYS.userEmail, 'a@b\u0000.jp');
    expect(storedUserEmail.read()).toBeNull();
    window.localStorage.setItem(STORAGE_KEYS.userEmail, 'hanako@example.jp');
    expect(storedUserEmail.read()).toBe('hanako@example.jp');
  });
});

describe('the spec’s hand-over from /search (§3)', () => {
  it('takes back the chosen company with the fields an order needs, other fields kept', () => {
    const company = { corporateNumber: '1180301018771', name: 'トヨタ自動車株式会社', kind: '301', furigana: 'トヨタ', selectedAt: 'x' };
    storedSearchedCorporate.write(company);
    expect(window.localStorage.getItem(STORAGE_KEYS.searchedCorporate)).toBe(JSON.stringify(company));
    expect(storedSearchedCorporate.read()).toEqual(company);
    window.localStorage.setItem(STORAGE_KEYS.searchedCorporate, JSON.stringify({ ...company, corporateNumber: '118030101877' }));
    expect(storedSearchedCorporate.read()).toBeNull();
  });

  it('takes back the search conditions only in exactly their shape', () => {
    const query = { q: 'トヨタ', pref: '23', closed: false, kind: '' };
    storedSearchedQuery.write(query);
    expect(storedSearchedQuery.read()).toEqual(query);
    for (const bad of [{ ...query, closed: 'no' }, { ...query, extra: 1 }, { q: 'トヨタ' }, 'トヨタ']) {
      window.localStorage.setItem(STORAGE_KEYS.searchedQuery, JSON.stringify(bad));
      expect(storedSearchedQuery.read(), JSON.stringify(bad)).toBeNull();
    }
  });
});
