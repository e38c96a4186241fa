import 'server-only';

import { NTA_KIND } from '@/features/registry/nta-types';
import { addressExpression, addressKey } from '../store/index-tokens';
import { unpackRow } from '../store/row-codec';
import { type RegistryStore, getRegistryStore } from '../store/store';

export interface SameAddressCompany {
  corporateNumber: string;
  name: string;
  kindLabel: string;
}

/** Most companies listed as 「同じ所在地の法人」 (a shared office building can hold thousands). */
export const SAME_ADDRESS_LIMIT = 10;

// The address token of doc_fts (index-tokens.ts) read in docid order: active companies first,
// then 五十音順 within a prefecture; stopped after a page whatever the number of companies there.
const SAME_ADDRESS = `SELECT c.corporate_number, c.hihyoji, c.data
  FROM doc_fts JOIN doc d ON d.docid = doc_fts.rowid JOIN company c ON c.id = d.company_id
 WHERE doc_fts MATCH @expr AND d.closed = 0 AND c.corporate_number <> @cn
 ORDER BY doc_fts.rowid LIMIT @limit`;

/**
 * 「同じ所在地の法人」: other active, searchable companies registered at the same domestic address
 * (addressKey: the same 都道府県・市区町村・丁目番地 however 丁目/番/号 and hyphens are written), at most
 * `limit`, and whether there are more. Empty when the company has no domestic address, is not in
 * the registry, or the registry is unavailable (the record page shows it as a side note).
 */
export function companiesAtSameAddress(
  corporateNumber: string,
  store: RegistryStore = getRegistryStore(),
  limit = SAME_ADDRESS_LIMIT,
): { items: SameAddressCompany[]; more: boolean } {
  const state = store.acquire();
  if (!state.ok) return { items: [], more: false };
  const reg = state.registry;
  return reg.db.transaction(() => {
    const own = reg.statement('SELECT address_key, hihyoji, data FROM company WHERE corporate_number = ?').get(Number(corporateNumber)) as
      { address_key: string; hihyoji: number; data: string } | undefined;
    if (own === undefined || own.address_key === '') return { items: [], more: false };
    const keyOf = (r: { prefectureName: string | null; cityName: string | null; streetNumber: string | null }) =>
      addressKey(r.prefectureName, r.cityName, r.streetNumber);
    const ownKey = keyOf(unpackRow(corporateNumber, own.hihyoji, own.data));
    const rows = reg
      .statement(SAME_ADDRESS)
      .all({ expr: addressExpression(own.address_key), cn: Number(corporateNumber), limit: limit + 1 }) as {
      corporate_number: number;
      hihyoji: number;
      data: string;
    }[];
    // The index holds a hash of the address: confirm the address itself (a collision is one in 2^64).
    const same = rows.map((r) => unpackRow(r.corporate_number, r.hihyoji, r.data)).filter((record) => keyOf(record) === ownKey);
    return {
      items: same
        .slice(0, limit)
        .map((record) => ({ corporateNumber: record.corporateNumber, name: record.name, kindLabel: NTA_KIND[record.kind] ?? record.kind })),
      more: same.length > limit,
    };
  })();
}
