'use client';

import { Suspense, lazy, useCallback, useId, useLayoutEffect, useMemo, useRef } from 'react';

import { PREFECTURES } from '@/lib/prefectures';

import type { SearchUrlState } from '../client/search-url';
import { ADDRESS_QUERY_MAX, ADDRESS_QUERY_MIN, PREFECTURE_FILTER } from '../constants';
import { type KindCode, isKindCode } from '@/features/registry';
import styles from './company-search.module.css';

/** The 市区町村 select's code, loaded once a prefecture is chosen (or the page was opened with one). */
const loadCityFilter = () => import('./city-filter');
const CityFilter = lazy(() => loadCityFilter().then((m) => ({ default: m.CityFilter })));
if (typeof document !== 'undefined' && document.querySelector('select[name="city"]') !== null) void loadCityFilter();

/** 法人種別 in the order people look for them (the NTA codes; labels shortened for a select). */
const KIND_OPTIONS: { code: KindCode; label: string }[] = [
  { code: '301', label: '株式会社' },
  { code: '302', label: '有限会社' },
  { code: '305', label: '合同会社' },
  { code: '303', label: '合名会社' },
  { code: '304', label: '合資会社' },
  { code: '399', label: 'その他の設立登記法人（一般社団法人など）' },
  { code: '401', label: '外国会社等' },
  { code: '101', label: '国の機関' },
  { code: '201', label: '地方公共団体' },
  { code: '499', label: 'その他' },
];

/** What the address field reports while the visitor types (searched after the same pause as the name box). */
export interface AddressInputHandlers {
  onInput: (value: string) => void;
  /** IME composition: 変換中 text is not searched; the final text comes with `end`. */
  onComposition: (phase: 'start' | 'end', value: string) => void;
}

/**
 * Prefecture (JIS order), then its 市区町村 once a prefecture is chosen (the registry's own list,
 * GET /api/corporates/cities), the address (part of the 所在地, NTA's 所在地 search: 町名・番地,
 * searched as typed like the name box), 法人種別 and include-closed. Each select searches at once.
 */
export function SearchFilters({
  state,
  onChange,
  address,
}: {
  state: SearchUrlState;
  onChange: (patch: Partial<SearchUrlState>) => void;
  address: AddressInputHandlers;
}) {
  const id = useId();
  // The latest onChange, for a callback that stays the same (the memoised city select below).
  const latest = useRef(onChange);
  useLayoutEffect(() => {
    latest.current = onChange;
  });
  const onCity = useCallback((value: string) => latest.current({ city: value }), []);
  // One element while the prefecture and the city are the same: a page opened with ?pref= keeps the
  // server's select, dehydrated, until its module has arrived, and an update to it before then
  // (typing in the name box) would replace that HTML with the empty fallback.
  const city = useMemo(
    () => (
      <Suspense fallback={null}>
        <CityFilter id={`${id}-city`} pref={state.pref} city={state.city} onCity={onCity} />
      </Suspense>
    ),
    [id, state.pref, state.city, onCity],
  );
  return (
    <fieldset className={styles.filters}>
      <legend className="visually-hidden">絞り込み</legend>
      <div className={styles.filter}>
        <label htmlFor={`${id}-pref`}>{PREFECTURE_FILTER.label}</label>
        <select
          id={`${id}-pref`}
          name="pref"
          className={`input ${styles.select}`}
          value={state.pref}
          // fetch the 市区町村 select's code as the visitor reaches for the prefecture, before choosing
          onFocus={() => void loadCityFilter()}
          onChange={(e) => onChange({ pref: e.target.value, city: '' })}
        >
          <option value="">{PREFECTURE_FILTER.any}</option>
          {PREFECTURES.map((p) => (
            <option key={p.code} value={p.code}>
              {p.name}
            </option>
          ))}
        </select>
      </div>
      {state.pref !== '' ? city : null}
      <div className={`${styles.filter} ${styles.address}`}>
        <label htmlFor={`${id}-addr`}>所在地</label>
        <input
          id={`${id}-addr`}
          name="addr"
          type="text"
          className={`input ${styles.select}`}
          value={state.addr}
          placeholder="例：丸の内二丁目、大手町1"
          aria-describedby={`${id}-addr-hint`}
          autoComplete="off"
          spellCheck={false}
          enterKeyHint="search"
          maxLength={ADDRESS_QUERY_MAX}
          onCompositionStart={(e) => address.onComposition('start', e.currentTarget.value)}
          onCompositionEnd={(e) => address.onComposition('end', e.currentTarget.value)}
          onChange={(e) => address.onInput(e.target.value)}
        />
        <span id={`${id}-addr-hint`} className={styles.hint}>
          町名・番地などの一部（{ADDRESS_QUERY_MIN}文字以上）。会社名と組み合わせても、所在地だけでも検索できます。
        </span>
      </div>
      <div className={styles.filter}>
        <label htmlFor={`${id}-kind`}>法人種別</label>
        <select
          id={`${id}-kind`}
          name="kind"
          className={`input ${styles.select}`}
          value={state.kind}
          onChange={(e) => {
            const kind = e.target.value;
            onChange({ kind: isKindCode(kind) ? kind : '' });
          }}
        >
          <option value="">すべての法人種別</option>
          {KIND_OPTIONS.map((k) => (
            <option key={k.code} value={k.code}>
              {k.label}
            </option>
          ))}
        </select>
      </div>
      <div className={styles.checkbox}>
        <input
          id={`${id}-closed`}
          type="checkbox"
          name="closed"
          value="1"
          checked={state.closed}
          onChange={(e) => onChange({ closed: e.target.checked })}
        />
        <label htmlFor={`${id}-closed`}>閉鎖した法人も含める</label>
      </div>
    </fieldset>
  );
}
