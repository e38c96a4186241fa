/**
 * The operator's 適格請求書発行事業者登録番号 of a service not configured for production (issue 24
 * §4, docs/decisions/0064). `T0000000000000` cannot belong to anyone: the 法人番号 part fails the
 * check digit (domain.md §1: the base 000000000000 gives 9, not 0), and a registration number of a
 * person is never all zeros either. A receipt or refund statement whose frozen issuer carries it —
 * or the number this service printed before (`T8040001999013`, the NTA specification's sample
 * company, real-looking and valid) — is marked 見本 (src/features/receipts/server/pdf-page.ts), and
 * `APP_ENV=production` refuses both (src/config/env.ts). Zod-free: the PDF code and the
 * configuration import it.
 */
export const SAMPLE_OPERATOR_INVOICE_NUMBER = 'T0000000000000';

/** The default of earlier versions, still frozen in the receipts they issued. */
const FORMER_SAMPLE_INVOICE_NUMBER = 'T8040001999013';

/** Whether a registration number is the sample one (not an operator's own). */
export function isSampleInvoiceNumber(registrationNumber: string): boolean {
  return registrationNumber === SAMPLE_OPERATOR_INVOICE_NUMBER || registrationNumber === FORMER_SAMPLE_INVOICE_NUMBER;
}
