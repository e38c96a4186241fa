// The zod-free face, not index.ts (whose schemas would load zod on every purchase step).
import { isItemOrderable, orderabilityOf, type Orderability } from '@/features/orders';
import { isStoredSearchedCorporate, storedSearchedCorporate, type StoredSearchedCorporate } from '@/lib/stored-search-choice';

/**
 * The company chosen on /search (the purchase steps' reading of it and the orders feature's rule;
 * its own module, so the steps that never read it do not load them; issue 13 §1),, as the search page (and the reference service's order button)
 * stores it under `searched_corporate`; the value and its check are in src/lib/stored-search-choice.ts.
 */
export type SearchedCorporate = StoredSearchedCorporate;
export const isSearchedCorporate = isStoredSearchedCorporate;

/** The stored company when it has the expected shape, else null. */
export function readSearchedCorporate(): SearchedCorporate | null {
  return storedSearchedCorporate.read();
}

/** Whether the company's certificates can be ordered, and which: the orders feature's one rule (also the server's). */
export function orderabilityOfSearched(company: SearchedCorporate): Orderability {
  return orderabilityOf({ corporateNumber: company.corporateNumber, kind: company.kind, closed: company.closed ?? false });
}

export function canOrder(company: SearchedCorporate): boolean {
  return orderabilityOfSearched(company).orderable;
}

export function canOrderItem(company: SearchedCorporate, itemId: string): boolean {
  return isItemOrderable({ corporateNumber: company.corporateNumber, kind: company.kind, closed: company.closed ?? false }, itemId);
}
