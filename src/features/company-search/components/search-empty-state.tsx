import styles from './company-search.module.css';

/** No match: say so and suggest what to change. */
export function SearchEmptyState({ query, closedIncluded, filtered }: { query: string; closedIncluded: boolean; filtered: boolean }) {
  return (
    <section className={styles.empty} aria-labelledby="search-empty-title">
      <h2 id="search-empty-title" className={styles.tipsTitle}>
        「{query.trim()}」に一致する法人は見つかりませんでした
      </h2>
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
