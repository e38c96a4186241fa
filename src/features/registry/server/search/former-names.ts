import 'server-only';

import { codePoints, containsExpression } from '../store/index-tokens';
import type { OpenRegistry } from '../store/store';

import { selectiveTrigrams } from './selective-trigrams';

/**
 * Former names (旧商号) as the registry's `doc` row holds them, and "a company once named q" — the one
 * reading of former names for /search (which finds a company by a former name it contains) and the
 * bulk check (which takes a line as a whole name: issue 24, 「ソニー株式会社」 was 該当なし there
 * while /search found ソニーグループ株式会社 by it).
 */

/** `doc.former_norm` (normalised, joined by U+0001) and `doc.former_names` (JSON, as registered). */
export interface FormerNameColumns {
  name_norm: string;
  former_norm: string | null;
  former_names: string | null;
}

/**
 * The former names of one document, normalised and as registered, in the same order. The writer
 * may store the current name among them (a company renamed back): left out.
 */
export function formerNamesOfDoc(row: FormerNameColumns): { norms: string[]; names: string[] } {
  const storedNorms = row.former_norm === null ? [] : row.former_norm.split('\u0001');
  const storedNames = row.former_names === null ? [] : (JSON.parse(row.former_names) as string[]);
  const keep = storedNorms.map((norm) => norm !== row.name_norm);
  return { norms: storedNorms.filter((_, i) => keep[i]), names: storedNames.filter((_, i) => keep[i]) };
}

export interface FormerNameMatch {
  corporate_number: number;
  hihyoji: number;
  data: string;
  /** The former name that matched, as registered. */
  formerName: string;
}

/** Most companies read for one former name. */
const FORMER_CANDIDATES_MAX = 5000;

/**
 * The shown companies one of whose former names is `q` (normalised, normalizeJapanese) — found as
 * /search finds former names: the name grams of the index (which hold former names' grams too),
 * the most selective ones for a long name, confirmed on `doc.former_norm`; then the whole former
 * name must equal q (a bulk line is a name, not a part of one).
 */
export function companiesByFormerName(reg: OpenRegistry, q: string): FormerNameMatch[] {
  const chars = codePoints(q);
  if (chars.length === 0) return [];
  const contains = containsExpression(chars, chars.length <= 3 ? undefined : selectiveTrigrams(reg, chars));
  const rows = reg
    .statement(
      `SELECT c.corporate_number, c.hihyoji, c.data, d.name_norm, d.former_norm, d.former_names
         FROM doc_fts JOIN doc d ON d.docid = doc_fts.rowid JOIN company c ON c.id = d.company_id
        WHERE doc_fts MATCH ? AND instr(coalesce(d.former_norm, ''), ?) > 0 AND c.hihyoji = 0
        LIMIT ${FORMER_CANDIDATES_MAX}`,
    )
    .all(contains.expr, q) as (FormerNameColumns & Omit<FormerNameMatch, 'formerName'>)[];
  return rows.flatMap((row) => {
    const { norms, names } = formerNamesOfDoc(row);
    const i = norms.indexOf(q);
    return i < 0 ? [] : [{ corporate_number: row.corporate_number, hihyoji: row.hihyoji, data: row.data, formerName: names[i] ?? q }];
  });
}
