/**
 * The purchase flow's rules without zod, for the pages: schemas.ts builds its schemas from these
 * and re-exports them, so each rule keeps one owner while the pages ship no zod up front (issue 13).
 */

/** Copies of one certificate per order (operator rule; the Legal Affairs Bureau has no limit). */
export const MIN_QUANTITY_PER_ITEM = 1;
export const MAX_QUANTITY_PER_ITEM = 10;

/** 法人種別 with a commercial registry (domain.md §1): only these can be ordered. */
export const ORDERABLE_KINDS = ['301', '302', '303', '304', '305', '399', '401'] as const;

export function isOrderableKind(kind: string): boolean {
  return (ORDERABLE_KINDS as readonly string[]).includes(kind);
}
