import styles from './company-search.module.css';

/** Shown before the first search: what can be typed. */
export function SearchTips() {
  return (
    <section className={styles.tips} aria-labelledby="search-tips-title">
      <h2 id="search-tips-title" className={styles.tipsTitle}>
        検索のしかた
      </h2>
      <ul>
        <li>会社名の一部を入力すると、入力に合わせて候補を表示します（1文字からでも検索できます）。</li>
        <li>「株式会社」「(株)」などの法人格は入力しなくてもかまいません。</li>
        <li>ひらがな・カタカナ・半角カナ、全角・半角の英数字の違いは区別しません。フリガナの先頭からでも探せます。</li>
        <li>13桁の法人番号（ハイフンや全角数字を含んでも可）を入力すると、その法人を直接表示します。</li>
        <li>以前の商号（旧商号）でも検索できます。</li>
        <li>
          「所在地」に町名・番地の一部（例：「丸の内二丁目」「大手町1」）を入力すると、その所在地の法人を探せます。会社名や都道府県・市区町村と組み合わせることもできます。
        </li>
      </ul>
    </section>
  );
}

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
