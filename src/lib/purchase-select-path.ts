/**
 * Where an order button goes (search results, the 法人情報照会 record page): /purchase/select naming
 * the company by its 法人番号, so the server renders the company block from the registry (issue 13
 * §1, docs/decisions/0033 amendment). The buttons still store the company under the spec's
 * `searched_corporate` first; /purchase/select without the parameter reads it from there. Kept out
 * of stored-search-choice.ts so the purchase steps, which only read the parameter on the server,
 * do not carry it.
 */
export const SELECT_COMPANY_PARAM = 'corporateNumber';

export function purchaseSelectPath(corporateNumber: string): string {
  return `/purchase/select?${SELECT_COMPANY_PARAM}=${encodeURIComponent(corporateNumber)}`;
}
