import 'server-only';

import type Database from 'better-sqlite3';
import { NO_PREFECTURE } from '../../formats/registry-schema';
import { addressGramTokens, addressTextOf, type DocColumns, documentTextOf, formerNormsOf, formerOf, TrigramCounter } from './derived-rows';

/**
 * The daily update of the search index (issue 28 §6, docs/decisions/0135): instead of rebuilding
 * `doc`, `doc_fts` and the tables beside them from six million companies, only the companies a
 * day's diff touched are taken out of the index and put back in.
 *
 * What makes it possible: the full build numbers the documents in search order with gaps
 * (docid = rank × DOCID_STEP), so a changed or new company gets a docid between its neighbours
 * in that order — found by a binary search over the docids — and the order the search relies on
 * (closed, prefecture, reading, 法人番号; a prefecture is a docid range) holds without
 * renumbering. doc_fts is contentless: a document is deleted with the text it was indexed with,
 * which documentTextOf rebuilds from its `doc` row. When a gap is used up (several new companies
 * at one place in the order) or anything disagrees, IndexUpdateUnavailable sends the writer back
 * to the full build, which renumbers with fresh gaps.
 */

/** Gap between consecutive docids of a full build (a power of two: halving a gap five times). */
export const DOCID_STEP = 32;

/** A company's row before the day's rows were applied (null: it did not exist). */
export interface CompanyBefore {
  id: number;
  hihyoji: number;
  closed: number;
  prefecture_code: string | null;
  name_norm: string;
  reading_norm: string;
  city_code: string;
  city_name: string;
}

/** The columns of `company` that CompanyBefore holds (the writer reads them at a company's first change). */
export const COMPANY_BEFORE_COLUMNS = 'id, hihyoji, closed, prefecture_code, name_norm, reading_norm, city_code, city_name';

/** The index cannot be updated in place; the writer rebuilds it whole. */
export class IndexUpdateUnavailable extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'IndexUpdateUnavailable';
  }
}

/** A document's place in the search order (the full build's ORDER BY). */
interface OrderKey {
  closed: number;
  prefecture: string;
  text: string;
  cn: number;
}

/** SQLite's BINARY order of two strings (UTF-8 bytes, i.e. code points), which `<` on UTF-16 is not. */
export function compareText(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    // Surrogates (astral code points) sort after U+E000–U+FFFF in code point order.
    if (x >= 0xd800) x = x >= 0xe000 ? x - 0x800 : x + 0x2000;
    if (y >= 0xd800) y = y >= 0xe000 ? y - 0x800 : y + 0x2000;
    return x - y;
  }
  return a.length - b.length;
}

function compareKeys(a: OrderKey, b: OrderKey): number {
  if (a.closed !== b.closed) return a.closed - b.closed;
  const p = compareText(a.prefecture, b.prefecture);
  if (p !== 0) return p;
  const t = compareText(a.text, b.text);
  if (t !== 0) return t;
  return a.cn - b.cn;
}

const orderText = (reading: string, name: string) => (reading !== '' ? reading : name);

export interface IndexUpdateResult {
  /** Documents taken out and put in (a changed company counts in both). */
  removed: number;
  added: number;
  /** Companies whose current row is hidden (hihyoji), after minus before. */
  hiddenDelta: number;
}

/**
 * Takes the companies in `before` (every 法人番号 the applied rows touched, with its row before
 * them) out of the index and puts their current rows back in. Runs inside the caller's
 * transaction; throws IndexUpdateUnavailable when the full build is needed instead.
 */
export function updateIndex(db: Database.Database, before: ReadonlyMap<number, CompanyBefore | null>): IndexUpdateResult {
  const docAt = db.prepare(
    `SELECT d.docid, d.closed, d.prefecture_code, d.reading_norm, d.name_norm, d.company_id, c.corporate_number AS cn
       FROM doc d LEFT JOIN company c ON c.id = d.company_id WHERE d.docid >= ? ORDER BY d.docid LIMIT 1`,
  );
  const docBefore = db.prepare('SELECT docid FROM doc WHERE docid < ? ORDER BY docid DESC LIMIT 1').pluck();
  const docRow = db.prepare('SELECT * FROM doc WHERE docid = ?');
  const deleteDoc = db.prepare('DELETE FROM doc WHERE docid = ?');
  const deleteFts = db.prepare(`INSERT INTO doc_fts (doc_fts, rowid, t) VALUES ('delete', ?, ?)`);
  const putFts = db.prepare('INSERT INTO doc_fts (rowid, t) VALUES (?, ?)');
  const putDoc = db.prepare(
    `INSERT INTO doc (docid, company_id, closed, prefecture_code, kind, name_norm, reading_norm, en_norm, post_code, address_key, city_code, address_norm, former_norm, former_names)
     VALUES (@docid, @company_id, @closed, @prefecture_code, @kind, @name_norm, @reading_norm, @en_norm, @post_code, @address_key, @city_code, @address_norm, @former_norm, @former_names)`,
  );
  const companyNow = db.prepare(
    `SELECT id, hihyoji, closed, prefecture_code, kind, name_norm, reading_norm, en_norm, post_code, address_key, city_code, city_name, data
       FROM company WHERE corporate_number = ?`,
  );
  const historyOf = db.prepare('SELECT data FROM history WHERE corporate_number = ? AND hihyoji = 0 ORDER BY row_key');

  // 法人番号 of the companies deleted today (their doc rows outlive their company rows until below).
  const cnOfId = new Map<number, number>();
  for (const [cn, b] of before) if (b !== null) cnOfId.set(b.id, cn);
  type Probe = {
    docid: number;
    closed: number;
    prefecture_code: string;
    reading_norm: string;
    name_norm: string;
    company_id: number;
    cn: number | null;
  };
  const keyOf = (p: Probe): OrderKey => ({
    closed: p.closed,
    prefecture: p.prefecture_code,
    text: orderText(p.reading_norm, p.name_norm),
    cn: p.cn ?? cnOfId.get(p.company_id) ?? -1,
  });
  let maxDocid = (db.prepare('SELECT max(docid) FROM doc').pluck().get() as number | null) ?? 0;
  /** The first document at or after `target` in the order (`cmp(doc) >= 0`), by binary search over the docids. */
  const lowerBound = (cmp: (p: Probe) => number): Probe | undefined => {
    let lo = 0;
    let hi = maxDocid + 1;
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const p = docAt.get(mid) as Probe | undefined;
      if (p === undefined || cmp(p) >= 0) hi = mid;
      else lo = p.docid + 1;
    }
    return docAt.get(lo) as Probe | undefined;
  };
  const atKey = (key: OrderKey) => lowerBound((p) => compareKeys(keyOf(p), key));

  const grams = new TrigramCounter();
  const addressDf = new Map<string, number>();
  const cityDelta = new Map<string, { prefecture: string; city: string; name: string; n: number }>();
  const sections = new Map<string, { closed: number; prefecture: string }>();
  const count = (doc: DocColumns, formerNorms: readonly string[], weight: number) => {
    grams.addDocument(doc.name_norm, formerNorms, weight);
    for (const t of addressGramTokens(doc.address_norm)) addressDf.set(t, (addressDf.get(t) ?? 0) + weight);
  };
  const countCity = (prefecture: string | null, city: string, name: string, weight: number) => {
    if (prefecture === null || city === '') return;
    const key = `${prefecture}${city}`;
    const d = cityDelta.get(key) ?? { prefecture, city, name, n: 0 };
    d.n += weight;
    if (weight > 0) d.name = name;
    cityDelta.set(key, d);
  };
  const section = (closed: number, prefecture: string) => sections.set(`${closed}:${prefecture}`, { closed, prefecture });

  const result: IndexUpdateResult = { removed: 0, added: 0, hiddenDelta: 0 };
  // The full-text changes, applied at the end in docid order: FTS5 writes its pending terms out as
  // a new segment whenever a rowid is lower than the one before (measured: 5,000 changes in
  // 法人番号 order made thousands of segments and merges, 12 s and 110 MB at 500,000 rows).
  const ftsChanges: { docid: number; deleted: boolean; text: string }[] = [];

  // 1. Out: every touched company that was indexed (shown) before today.
  for (const [cn, b] of before) {
    if (b === null) continue;
    if (b.hihyoji === 1) {
      result.hiddenDelta--;
      continue;
    }
    countCity(b.prefecture_code, b.city_code, b.city_name, -1);
    const key: OrderKey = {
      closed: b.closed,
      prefecture: b.prefecture_code ?? NO_PREFECTURE,
      text: orderText(b.reading_norm, b.name_norm),
      cn,
    };
    const at = atKey(key);
    if (at === undefined || at.company_id !== b.id) throw new IndexUpdateUnavailable(`法人番号 ${cn} is not where the index order puts it`);
    const doc = docRow.get(at.docid) as DocColumns;
    const formerNorms = formerNormsOf(doc);
    ftsChanges.push({ docid: at.docid, deleted: true, text: documentTextOf(doc, formerNorms) });
    deleteDoc.run(at.docid);
    count(doc, formerNorms, -1);
    section(b.closed, key.prefecture);
    result.removed++;
  }
  if (result.removed > 0) maxDocid = (db.prepare('SELECT max(docid) FROM doc').pluck().get() as number | null) ?? 0;

  // 2. In: every touched company shown now, between its neighbours in the order.
  for (const cn of before.keys()) {
    const c = companyNow.get(cn) as
      | (Omit<DocColumns, 'address_norm' | 'former_norm' | 'prefecture_code'> & {
          id: number;
          hihyoji: number;
          closed: number;
          prefecture_code: string | null;
          city_name: string;
          data: string;
        })
      | undefined;
    if (c === undefined) continue;
    if (c.hihyoji === 1) {
      result.hiddenDelta++;
      continue;
    }
    countCity(c.prefecture_code, c.city_code, c.city_name, 1);
    const former = formerOf(historyOf.all(cn) as { data: string }[]);
    const doc = {
      company_id: c.id,
      closed: c.closed,
      prefecture_code: c.prefecture_code ?? NO_PREFECTURE,
      kind: c.kind,
      name_norm: c.name_norm,
      reading_norm: c.reading_norm,
      en_norm: c.en_norm,
      post_code: c.post_code,
      address_key: c.address_key,
      city_code: c.city_code,
      address_norm: addressTextOf(c.data),
      former_norm: former?.norm ?? null,
      former_names: former?.names ?? null,
    };
    const key: OrderKey = { closed: c.closed, prefecture: doc.prefecture_code, text: orderText(c.reading_norm, c.name_norm), cn };
    const next = atKey(key);
    const prev = next === undefined ? maxDocid : ((docBefore.get(next.docid) as number | null) ?? 0);
    let docid: number;
    if (next === undefined) docid = prev + DOCID_STEP;
    else if (next.docid - prev >= 2) docid = prev + Math.floor((next.docid - prev) / 2);
    else throw new IndexUpdateUnavailable(`no docid left between ${prev} and ${next.docid}`);
    putDoc.run({ docid, ...doc });
    const formerNorms = formerNormsOf(doc);
    ftsChanges.push({ docid, deleted: false, text: documentTextOf(doc, formerNorms) });
    count(doc, formerNorms, 1);
    section(c.closed, doc.prefecture_code);
    if (docid > maxDocid) maxDocid = docid;
    result.added++;
  }

  // A docid freed today may be given again: its delete goes first.
  ftsChanges.sort((a, b) => a.docid - b.docid || (a.deleted ? -1 : 0) - (b.deleted ? -1 : 0));
  for (const f of ftsChanges) (f.deleted ? deleteFts : putFts).run(f.docid, f.text);

  // 3. The tables beside the index: statistics by difference, ranges and 市区町村 recomputed where touched.
  const bumpDf = db.prepare('UPDATE gram_df SET df = df + ? WHERE gram = ?');
  for (const [gram, d] of grams.atLeast(-Infinity)) bumpDf.run(d, gram);
  for (const [gram, d] of addressDf) if (d !== 0) bumpDf.run(d, gram);

  const putSegment = db.prepare(
    `INSERT INTO doc_segment (closed, prefecture_code, first_docid, last_docid) VALUES (?, ?, ?, ?)
     ON CONFLICT (closed, prefecture_code) DO UPDATE SET first_docid = excluded.first_docid, last_docid = excluded.last_docid`,
  );
  const dropSegment = db.prepare('DELETE FROM doc_segment WHERE closed = ? AND prefecture_code = ?');
  for (const { closed, prefecture } of sections.values()) {
    const cmp = (p: Probe) => p.closed - closed || compareText(p.prefecture_code, prefecture);
    const first = lowerBound(cmp);
    if (first === undefined || cmp(first) !== 0) {
      dropSegment.run(closed, prefecture);
      continue;
    }
    const after = lowerBound((p) => (cmp(p) > 0 ? 0 : -1));
    const last = after === undefined ? maxDocid : (docBefore.get(after.docid) as number);
    putSegment.run(closed, prefecture, first.docid, last);
  }

  const bumpCity = db.prepare('UPDATE city SET companies = companies + ? WHERE prefecture_code = ? AND city_code = ?');
  const putCity = db.prepare('INSERT INTO city (prefecture_code, city_code, name, companies) VALUES (?, ?, ?, ?)');
  for (const d of cityDelta.values()) {
    if (d.n === 0) continue;
    if (bumpCity.run(d.n, d.prefecture, d.city).changes === 0 && d.n > 0) putCity.run(d.prefecture, d.city, d.name, d.n);
  }
  db.exec('DELETE FROM city WHERE companies <= 0');
  return result;
}
