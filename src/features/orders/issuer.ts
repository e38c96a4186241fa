import type { Env } from '@/config/env';

export type IssuerEnv = Pick<
  Env,
  'OPERATOR_NAME' | 'OPERATOR_POSTCODE' | 'OPERATOR_ADDRESS' | 'OPERATOR_PHONE' | 'OPERATOR_INVOICE_NUMBER'
>;

/**
 * The issuer printed on a receipt and on a refund statement (適格請求書発行事業者), as configured
 * today; both documents freeze it in their snapshot when they are first made.
 */
export function issuerOf(env: IssuerEnv) {
  return {
    name: env.OPERATOR_NAME,
    postcode: env.OPERATOR_POSTCODE,
    address: env.OPERATOR_ADDRESS,
    phone: env.OPERATOR_PHONE,
    registrationNumber: env.OPERATOR_INVOICE_NUMBER,
  };
}
