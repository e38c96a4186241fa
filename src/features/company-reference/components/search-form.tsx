import { PREFECTURES } from '@/lib/prefectures';

import { PREFECTURE_FILTER, SEARCH_QUERY_MAX } from '@/features/company-search/index.client';
import s from './reference.module.css';

export interface ReferenceSearchFormValues {
  q?: string;
  prefecture?: string;
  includeClosed?: boolean;
}

/**
 * The reference service's search form: a plain GET form to /search-service/result, so it works
 * before (and without) JavaScript and every result page has a shareable URL.
 */
export function ReferenceSearchForm({ values = {}, autoFocus = false }: { values?: ReferenceSearchFormValues; autoFocus?: boolean }) {
  return (
    <form className={s.form} action="/search-service/result" method="get" role="search" aria-label="法人情報の検索">
      <label className={s.formLabel} htmlFor="reference-q">
        会社名・フリガナ・法人番号
      </label>
      <div className={s.searchRow}>
        <input
          id="reference-q"
          className={`input ${s.searchInput}`}
          type="search"
          name="q"
          defaultValue={values.q ?? ''}
          required
          maxLength={SEARCH_QUERY_MAX}
          placeholder="例：トヨタ自動車、とよた、1180301018771"
          autoComplete="off"
          enterKeyHint="search"
          autoFocus={autoFocus}
          aria-describedby="reference-q-hint"
        />
        <button className={`button ${s.searchButton}`} type="submit">
          検索する
        </button>
      </div>
      <p id="reference-q-hint" className={s.hint}>
        商号の一部、読み（ひらがな・カタカナ）、13桁の法人番号のいずれかで検索できます。以前の商号（旧商号）でも見つかります。
      </p>
      <div className={s.filters}>
        <label className={s.filter}>
          <span>{PREFECTURE_FILTER.label}</span>
          <select className={`input ${s.select}`} name="prefecture" defaultValue={values.prefecture ?? ''}>
            <option value="">{PREFECTURE_FILTER.any}</option>
            {PREFECTURES.map((p) => (
              <option key={p.code} value={p.code}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
        <label className={s.filter}>
          <input type="checkbox" name="includeClosed" value="1" defaultChecked={values.includeClosed ?? false} />
          <span>閉鎖した法人も含める</span>
        </label>
      </div>
      <p className={s.hint}>
        検索することで、<a href="/search-service/help/terms-of-use">法人情報照会サービス利用規約</a>に同意したものとみなされます。
      </p>
    </form>
  );
}
