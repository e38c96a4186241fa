import 'server-only';

import { codePoints, nameExactExpression } from '../store/index-tokens';
import type { OpenRegistry } from '../store/store';

/**
 * Lookups straight to the registry's primary key and the exact-name token of its index (no history,
 * no ranking), for the bulk check (company-search's bulk-check.ts): 1,000 lines must answer within
 * a second (bench/bulk-check.ts). Rows as stored; `unpackRow` reads them.
 */

/** A `company` row as stored. */
export interface CompanyRow {
  corporate_number: number;
  hihyoji: number;
  data: string;
}

/** Most companies read for one normalised name (the commonest names in 5.5M rows stay below it). */
const NAME_CANDIDATES_MAX = 5000;

const BY_NUMBER = 'SELECT corporate_number, hihyoji, data FROM company WHERE corporate_number = ?';
const BY_EXACT_NAME = `SELECT c.corporate_number, c.hihyoji, c.data
  FROM doc_fts JOIN doc d ON d.docid = doc_fts.rowid JOIN company c ON c.id = d.company_id
  WHERE doc_fts MATCH ? AND c.hihyoji = 0 LIMIT ${NAME_CANDIDATES_MAX}`;

/** The company of this 法人番号, shown or hidden (`hihyoji`); undefined when the registry has none. */
export function companyRowByNumber(reg: OpenRegistry, corporateNumber: string): CompanyRow | undefined {
  return reg.statement(BY_NUMBER).get(Number(corporateNumber)) as CompanyRow | undefined;
}

/** The shown companies whose current name, normalised (normalizeJapanese), is `norm`. */
export function companiesNamedExactly(reg: OpenRegistry, norm: string): CompanyRow[] {
  const chars = codePoints(norm);
  if (chars.length === 0) return [];
  return reg.statement(BY_EXACT_NAME).all(nameExactExpression(chars)) as CompanyRow[];
}
