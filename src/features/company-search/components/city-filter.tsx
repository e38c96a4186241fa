'use client';

import { useApi } from '@/lib/use-api';

import { citiesKey, fetchCities } from '../client/api';
import styles from './company-search.module.css';

/**
 * The 市区町村 select, once a prefecture is chosen: the registry's own list of the prefecture's
 * 市区町村 (GET /api/corporates/cities). Its code loads only then (SearchFilters, docs/decisions/0042).
 */
export function CityFilter({
  id,
  pref,
  city,
  onCity,
}: {
  /** the select's id */
  id: string;
  pref: string;
  city: string;
  onCity: (city: string) => void;
}) {
  const cities = useApi(citiesKey(pref), {
    fetcher: fetchCities,
    revalidateOnFocus: false,
    revalidateIfStale: false,
  });
  const cityList = cities.data?.prefecture === pref ? cities.data.cities : [];
  return (
    <div className={styles.filter}>
      <label htmlFor={id}>市区町村</label>
      <select id={id} name="city" className={`input ${styles.select}`} value={city} onChange={(e) => onCity(e.target.value)}>
        <option value="">すべての市区町村</option>
        {/* The chosen code stays selectable while the list loads (a shared URL with city=…). */}
        {city !== '' && !cityList.some((c) => c.code === city) ? (
          <option value={city}>{cities.isLoading ? '読み込み中…' : `市区町村コード ${city}`}</option>
        ) : null}
        {cityList.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </select>
    </div>
  );
}
