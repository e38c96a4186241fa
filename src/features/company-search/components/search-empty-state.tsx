import styles from './company-search.module.css';

/**
 * No match: say so and suggest what to change. `addressSearch` — the same words searched as a 所在地
 * (「愛知県豊田市」 typed in the name box finds no company name; issue 24 point 1) — is offered first.
 */
export function SearchEmptyState({
  query,
  closedIncluded,
  filtered,
  addressSearch = null,
}: {
  query: string;
  closedIncluded: boolean;
  filtered: boolean;
  /** the words of the name box and the page's URL searching them as the 所在地, when that is worth offering */
  addressSearch?: { words: string; href: string } | null;
}) {
  return (
    <section className={styles.empty} aria-labelledby="search-empty-title">
      <h2 id="search-empty-title" className={styles.tipsTitle}>
        「{query.trim()}」に一致する法人は見つかりませんでした
      </h2>
      {addressSearch !== null ? (
        <p className={styles.emptyAction}>
          所在地（住所）を探している場合は、同じ言葉を所在地として検索できます。
          {/* A document navigation, not a client one: the server renders the 所在地 search as it renders any
              /search?addr= URL, whatever state the page's search is in (a client navigation raced it in e2e). */}
          <a className="button button-secondary" href={addressSearch.href} data-testid="search-as-address">
            「{addressSearch.words}」を所在地で検索する
          </a>
        </p>
      ) : null}
      <ul>
        <li>会社名の一部だけ（例：「トヨタ自動車株式会社」なら「トヨタ」）で検索してみてください。</li>
        <li>漢字がわからない場合は、フリガナ（ひらがな・カタカナ）でも検索できます。</li>
        {filtered ? <li>都道府県や法人種別の絞り込みを外すと見つかる場合があります。</li> : null}
        {closedIncluded ? null : <li>清算・合併などで閉鎖した法人は「閉鎖した法人も含める」を選ぶと表示されます。</li>}
        <li>法人番号がわかる場合は、13桁の番号で検索すると確実です。</li>
      </ul>
    </section>
  );
}
