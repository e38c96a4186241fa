/**
 * Which companies and which certificates can be ordered (issue 12 §2, docs/decisions/0014) — the
 * one rule used by the search results' order button, the purchase pages and order creation on
 * the server. Isomorphic. One test table: orderable.test.ts.
 */

/** The catalogue item of 閉鎖事項全部証明書 (a stable id, migration 0002: never renamed). */
export const CLOSED_RECORD_ITEM_ID = 'closed-full';

/**
 * 法人種別 (NTA column 9) of 設立登記法人, which the Legal Affairs Bureau keeps a registry for
 * (domain.md §1): 301 株式会社, 302 有限会社, 303 合名会社, 304 合資会社, 305 合同会社,
 * 399 その他の設立登記法人 (一般社団・財団法人, NPO法人, 医療法人 …). 401 外国会社等 is decided
 * per company (below); 101 国の機関, 201 地方公共団体 and 499 その他 have no commercial registry.
 */
const REGISTERED_KINDS: ReadonlySet<string> = new Set(['301', '302', '303', '304', '305', '399']);

export interface OrderableCompany {
  corporateNumber: string;
  kind: string;
  closed: boolean;
}

export type OrderabilityReason = 'no_commercial_registry' | 'foreign_not_registered';

export type Orderability =
  { orderable: true; closedRecordOnly: boolean } | { orderable: false; reason: OrderabilityReason; message: string };

/**
 * Whether the bureau keeps a commercial registry record for the company, i.e. issues its
 * 登記事項証明書. A 外国会社 (401) that registered in Japan (会社法 818条: 外国会社の登記) has a
 * record and a 会社法人等番号 given by the registry office, which is the last 12 digits of its
 * 法人番号; numbers the NTA assigns itself to bodies without a registry start (after the check
 * digit) with the office code 0000. So a 401 whose number starts 0000 has no record to issue.
 */
export function hasCommercialRegistry(company: Pick<OrderableCompany, 'corporateNumber' | 'kind'>): boolean {
  if (REGISTERED_KINDS.has(company.kind)) return true;
  if (company.kind === '401') return /^\d{13}$/.test(company.corporateNumber) && !company.corporateNumber.slice(1).startsWith('0000');
  return false;
}

export function orderabilityOf(company: OrderableCompany): Orderability {
  if (!hasCommercialRegistry(company)) {
    return company.kind === '401'
      ? {
          orderable: false,
          reason: 'foreign_not_registered',
          message: 'この外国会社等は日本で登記されていないため、登記事項証明書をお取り寄せいただけません。',
        }
      : {
          orderable: false,
          reason: 'no_commercial_registry',
          message: 'この法人種別には商業・法人登記がないため、登記事項証明書をお取り寄せいただけません。',
        };
  }
  // A closed company's record is in the closed registry: the bureau issues 閉鎖事項全部証明書 only.
  return { orderable: true, closedRecordOnly: company.closed };
}

export function canOrderCertificates(company: OrderableCompany): boolean {
  return orderabilityOf(company).orderable;
}

/** Whether this certificate can be ordered for this company. */
export function isItemOrderable(company: OrderableCompany, itemId: string): boolean {
  const o = orderabilityOf(company);
  if (!o.orderable) return false;
  return o.closedRecordOnly ? itemId === CLOSED_RECORD_ITEM_ID : true;
}

export const CLOSED_COMPANY_ITEM_MESSAGE = 'この法人は登記記録が閉鎖されているため、閉鎖事項全部証明書のみお取り寄せいただけます。';
