import type { SiteInfo } from '@/config/site';

/** The operator's details a receipt or refund statement prints (from `getSiteInfo().operator`). */
export type IssuerOperator = Pick<SiteInfo['operator'], 'name' | 'postcode' | 'address' | 'phone' | 'invoiceNumber'>;

/**
 * The issuer printed on a receipt and on a refund statement (適格請求書発行事業者), as configured
 * today; both documents freeze it in their snapshot when they are first made.
 */
export function issuerOf(operator: IssuerOperator) {
  return {
    name: operator.name,
    postcode: operator.postcode,
    address: operator.address,
    phone: operator.phone,
    registrationNumber: operator.invoiceNumber,
  };
}
