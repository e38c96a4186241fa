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
        <li>
          13桁の法人番号（ハイフンや全角数字を含んでも可）、または登記事項証明書に記載の12桁の会社法人等番号を入力すると、その法人を直接表示します。
        </li>
        <li>以前の商号（旧商号）でも検索できます。</li>
        <li>
          「所在地」に町名・番地の一部（例：「丸の内二丁目」「大手町1」）を入力すると、その所在地の法人を探せます。会社名や都道府県・市区町村と組み合わせることもできます。
        </li>
      </ul>
    </section>
  );
}
