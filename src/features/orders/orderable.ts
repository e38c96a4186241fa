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
 * 登記所コード: the first four digits of a 会社法人等番号 name the registry office that opened the
 * record, from 0100 to 5000. Numbers the NTA gives bodies without a registry use other prefixes
 * (0000 for 国の機関 and 地方公共団体, 7000 and above for the rest), so a 法人番号 whose 12-digit
 * base starts with an office code is a record the Legal Affairs Bureau keeps.
 */
const REGISTRY_OFFICE_CODES = { min: 100, max: 5000 } as const;

function hasRegistryOfficeCode(corporateNumber: string): boolean {
  if (!/^\d{13}$/.test(corporateNumber)) return false;
  const office = Number(corporateNumber.slice(1, 5));
  return office >= REGISTRY_OFFICE_CODES.min && office <= REGISTRY_OFFICE_CODES.max;
}

/**
 * Whether the bureau keeps a commercial registry record for the company, i.e. issues its
 * 登記事項証明書. Kinds 301–305 and 399 are 設立登記法人. A 外国会社等 (401) has a record only when
 * it registered in Japan (会社法 933条, 外国会社の登記): then its 法人番号 is built on the
 * 会社法人等番号 the registry office gave it; a foreign body the NTA numbered itself has none.
 */
export function hasCommercialRegistry(company: Pick<OrderableCompany, 'corporateNumber' | 'kind'>): boolean {
  if (REGISTERED_KINDS.has(company.kind)) return true;
  return company.kind === '401' && hasRegistryOfficeCode(company.corporateNumber);
}

/** 会社法人等番号 (the last 12 digits of the 法人番号) of a company with a registry record, else null. */
export function companyLegalNumberOf(corporateNumber: string, kind: string): string | null {
  return hasCommercialRegistry({ corporateNumber, kind }) ? corporateNumber.slice(1) : null;
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

/**
 * The order button of an orderable company (search results, the 法人情報照会 page), and the name
 * the purchase pages use when they tell a visitor to press it.
 */
export const ORDER_BUTTON_LABEL = 'この法人の証明書を申請する';

/** The same button in the desktop results table, where a column is narrow; both labels contain it. */
export const ORDER_BUTTON_SHORT_LABEL = '証明書を申請';

/** Whether this certificate can be ordered for this company. */
export function isItemOrderable(company: OrderableCompany, itemId: string): boolean {
  const o = orderabilityOf(company);
  if (!o.orderable) return false;
  return o.closedRecordOnly ? itemId === CLOSED_RECORD_ITEM_ID : true;
}

export const CLOSED_COMPANY_ITEM_MESSAGE = 'この法人は登記記録が閉鎖されているため、閉鎖事項全部証明書のみお取り寄せいただけます。';
