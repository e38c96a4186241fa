/**
 * The registry file (a read-only SQLite database at run time, built by RegistryWriter).
 *
 * Source tables, kept across imports (a diff import starts from a copy of the file):
 *  - `company`: the current row of each 法人番号 (NTA columns 2–30, latest = 1), plus the
 *    normalised name and reading that indexing needs, so that a diff import does not normalise
 *    six million names again.
 *  - `history`: every other row seen for a 法人番号 — rows with latest = 0 and rows a newer row
 *    replaced (the 旧商号 and old addresses of the reference page). Never holds the current row.
 *  - `deleted`: 法人番号 removed by process 99 and the date, so replaying older files cannot bring
 *    them back.
 *  - `meta`: key → JSON value (build id and time, sample flag, source files, counts).
 *
 * Derived tables, rebuilt from scratch at the end of every import (so the index is always
 * compact and its row order can encode the ranking, see `doc`):
 *  - `doc`: one row per searchable company (hihyoji = 0, not deleted), numbered in the order the
 *    search lists results within one match class: active before closed, then prefecture in JIS
 *    order (no prefecture last), then the normalised reading (五十音順; the name when there is no
 *    reading), then 法人番号. A prefecture filter is therefore a docid range, which the full-text
 *    index applies while it reads, instead of a join that would visit every match.
 *  - `doc_segment`: the docid range of each (closed, prefecture) pair.
 *  - `doc_fts`: FTS5 over tokens that our code splits (see index-tokens.ts); contentless,
 *    detail=none (no positions: substring checks of long queries are done on `doc`).
 *  - `gram_df`: how many documents hold each common name 3-gram and address gram (the search's
 *    query planning).
 */

// 2: company/doc en_norm, post_code, address_key, city_code (+ company.city_name, table city);
// English words, postal code, address and 市区町村 tokens in doc_fts (issue 14 §2–3). A file of an
// older version is not opened (the store reports the registry unavailable) and not updated.
// 3: doc.address_norm and the address bigram tokens (the address field, issue 14 §2;
// docs/decisions/0029); gram_df also holds the common address bigrams.
// 4: address 3- and 4-grams as well as bigrams, so that a 3–4-character address is one token
// and a longer one ANDs rare 4-grams (docs/decisions/0029, 2026-11-26 amendment); gram_df holds
// the common address grams of every length.
// 5: address 5-grams as well, so that a 5-character address is one token and a longer one ANDs
// 5-grams, whose shorter document lists FTS5 intersects with fewer page reads than the 4-grams'
// (docs/decisions/0029, 2026-11-26 evening).
// 6: address 6-, 7- and 8-grams as well, so that an address of up to eight characters (「0-17-1」
// 「丸の内2-7-2」) is one token, answered by the index alone (docs/decisions/0029, 2026-11-26 night).
// 7: kind-marked name tokens (KIND_MARK + kind + token) for the companies of the rare kinds, so that a
// word with such a kind filter is one token (docs/decisions/0046).
export const SCHEMA_VERSION = 7;

export const SOURCE_SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL
) WITHOUT ROWID;

-- One row per 法人番号. The NTA fields live packed in "data" (row-codec.ts); the columns beside
-- it are the ones the import and the index build sort or filter on. Rows are appended in import
-- order under their own id, and the 法人番号 has a separate index: the files are not in 法人番号
-- order (its first digit is the check digit), and random inserts into a 1.5 GB table cost about
-- twice as much as appends plus inserts into a small index.
CREATE TABLE IF NOT EXISTS company (
  id INTEGER PRIMARY KEY,
  corporate_number INTEGER NOT NULL UNIQUE,
  hihyoji INTEGER NOT NULL,
  closed INTEGER NOT NULL,
  prefecture_code TEXT,
  kind TEXT NOT NULL,
  name_norm TEXT NOT NULL,
  reading_norm TEXT NOT NULL,
  -- englishWords of the English name (NTA column 25) joined by spaces, '' when there is none.
  en_norm TEXT NOT NULL,
  -- NTA column 16 ('' when none) and addressHash(addressKey) of the domestic address ('' when none).
  post_code TEXT NOT NULL,
  address_key TEXT NOT NULL,
  -- JIS X 0402 (NTA column 15, 3 digits) and 市区町村名 (column 11); '' when none.
  city_code TEXT NOT NULL,
  city_name TEXT NOT NULL,
  data TEXT NOT NULL
);

CREATE TABLE IF NOT EXISTS history (
  id INTEGER PRIMARY KEY,
  corporate_number INTEGER NOT NULL,
  -- Identity of the row's content (file, line and 一連番号 excluded): imports are idempotent.
  -- A 53-bit hash; a collision would need two rows of the same 法人番号, so never in practice.
  row_key INTEGER NOT NULL,
  -- 1 when the row was once the current row (replaced by a newer one), 0 for latest = 0 rows.
  was_latest INTEGER NOT NULL,
  hihyoji INTEGER NOT NULL,
  data TEXT NOT NULL
);
-- Serves: de-duplication of history rows (idempotent imports) and the reference page's
-- "history of one 法人番号" lookup.
CREATE UNIQUE INDEX IF NOT EXISTS history_by_company ON history (corporate_number, row_key);

CREATE TABLE IF NOT EXISTS deleted (
  corporate_number INTEGER PRIMARY KEY,
  update_date TEXT NOT NULL
);

-- What each daily diff changed (issue 15, docs/decisions/0028): for every current row a diff
-- replaced, the row before and after (packed as company.data). Read by the watch feature, which
-- remembers the last id it matched per epoch; the epoch is drawn when the table is created, so a
-- rebuild from full files (which starts an empty log whose ids restart) is told apart from the
-- file it replaced. Kept for CHANGE_LOG_DAYS days after the newest entry.
CREATE TABLE IF NOT EXISTS change_log (
  id INTEGER PRIMARY KEY,
  -- the 更新年月日 of the row applied (the day the change was published)
  day TEXT NOT NULL,
  corporate_number INTEGER NOT NULL,
  hihyoji INTEGER NOT NULL,
  before TEXT NOT NULL,
  after TEXT NOT NULL
);
-- Serves: the retention DELETE (by day).
CREATE INDEX IF NOT EXISTS change_log_by_day ON change_log (day);
CREATE TABLE IF NOT EXISTS change_log_epoch (epoch TEXT NOT NULL);
`;

/** Days the change log of a registry or invoice file keeps (the watch feature reads it daily). */
export const CHANGE_LOG_DAYS = 31;

export const DERIVED_DROP = `
DROP TABLE IF EXISTS former;
DROP TABLE IF EXISTS gram_df;
DROP TABLE IF EXISTS city;
DROP TABLE IF EXISTS doc_fts;
DROP TABLE IF EXISTS doc_segment;
DROP TABLE IF EXISTS doc;
`;

export const DERIVED_SCHEMA = `
CREATE TABLE doc (
  docid INTEGER PRIMARY KEY,
  company_id INTEGER NOT NULL,
  closed INTEGER NOT NULL,
  prefecture_code TEXT NOT NULL,
  kind TEXT NOT NULL,
  name_norm TEXT NOT NULL,
  reading_norm TEXT NOT NULL,
  en_norm TEXT NOT NULL,
  post_code TEXT NOT NULL,
  address_key TEXT NOT NULL,
  city_code TEXT NOT NULL,
  -- registeredAddressText of the domestic address ('' when none): the address field's index
  -- holds its 2- to 8-grams, and a longer query is confirmed here (index-tokens.ts). Derived from
  -- company.data when the doc table is built, so the source tables do not hold it twice.
  address_norm TEXT NOT NULL,
  -- Normalised former names joined by U+0001 (never part of a normalised name), or NULL.
  former_norm TEXT,
  -- Former names as registered, newest first (JSON array), or NULL.
  former_names TEXT
);
CREATE TABLE doc_segment (
  closed INTEGER NOT NULL,
  prefecture_code TEXT NOT NULL,
  first_docid INTEGER NOT NULL,
  last_docid INTEGER NOT NULL,
  PRIMARY KEY (closed, prefecture_code)
) WITHOUT ROWID;
CREATE VIRTUAL TABLE doc_fts USING fts5(t, content='', detail=none, columnsize=0, tokenize='ascii');
-- Document frequency of the name 3-grams, and of the address grams (ADDRESS_GRAM + 2–8
-- characters), that are in at least GRAM_DF_MIN documents (absent: rarer). Lets the search AND
-- the most selective grams of a long query (search.ts).
-- The 市区町村 of each prefecture that searchable companies are registered in (the search's 市区町村
-- filter lists them): JIS X 0402 code, the name most of its companies carry, and their number.
CREATE TABLE city (
  prefecture_code TEXT NOT NULL,
  city_code TEXT NOT NULL,
  name TEXT NOT NULL,
  companies INTEGER NOT NULL,
  PRIMARY KEY (prefecture_code, city_code)
) WITHOUT ROWID;
CREATE TABLE gram_df (
  gram TEXT PRIMARY KEY,
  df INTEGER NOT NULL
) WITHOUT ROWID;
`;

/** Smallest document frequency stored in gram_df. */
export const GRAM_DF_MIN = 256;

/** doc_segment.prefecture_code for companies with no domestic address (国外所在地 only). */
export const NO_PREFECTURE = '99';
