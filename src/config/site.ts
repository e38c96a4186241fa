import { getEnv, type Env } from './env';

/**
 * The allow-list of configuration that pages may show or pass to client components. Nothing
 * secret goes here; everything else in the configuration stays on the server.
 */
export interface SiteInfo {
  serviceName: string;
  siteUrl: string;
  operator: {
    name: string;
    representative: string;
    postcode: string;
    address: string;
    phone: string;
    supportEmail: string;
    supportHours: string;
    invoiceNumber: string;
  };
  fees: { ministryYen: number; serviceYen: number; serviceFirstYen: number; expressYen: number };
  gtmId: string | null;
  mailCatcherUrl: string | null;
}

export function getSiteInfo(): SiteInfo {
  return siteInfoFrom(getEnv());
}

/** The mapping itself (pure: tests give it a parsed configuration). */
export function siteInfoFrom(env: Env): SiteInfo {
  return {
    serviceName: env.SERVICE_NAME,
    siteUrl: env.APP_BASE_URL,
    operator: operatorFromEnv(env),
    fees: {
      ministryYen: env.FEE_MINISTRY_YEN,
      serviceYen: env.FEE_SERVICE_YEN,
      serviceFirstYen: env.FEE_SERVICE_FIRST_YEN,
      expressYen: env.FEE_EXPRESS_YEN,
    },
    gtmId: env.GTM_ID ?? null,
    mailCatcherUrl: env.MAIL_CATCHER_URL ?? null,
  };
}

export type OperatorEnv = Pick<
  Env,
  | 'OPERATOR_NAME'
  | 'OPERATOR_REPRESENTATIVE'
  | 'OPERATOR_POSTCODE'
  | 'OPERATOR_ADDRESS'
  | 'OPERATOR_PHONE'
  | 'OPERATOR_SUPPORT_EMAIL'
  | 'OPERATOR_SUPPORT_HOURS'
  | 'OPERATOR_INVOICE_NUMBER'
>;

/** The operator (事業者) as configured: the one mapping from OPERATOR_* to what pages, mails and legal texts print. */
export function operatorFromEnv(env: OperatorEnv): SiteInfo['operator'] {
  return {
    name: env.OPERATOR_NAME,
    representative: env.OPERATOR_REPRESENTATIVE,
    postcode: env.OPERATOR_POSTCODE,
    address: env.OPERATOR_ADDRESS,
    phone: env.OPERATOR_PHONE,
    supportEmail: env.OPERATOR_SUPPORT_EMAIL,
    supportHours: env.OPERATOR_SUPPORT_HOURS,
    invoiceNumber: env.OPERATOR_INVOICE_NUMBER,
  };
}
