import 'server-only';

import { getEnv } from '@/config/env';
import { DELIVERY_WINDOWS } from '@/features/purchase/server/delivery/scheduled-dates';
import { defaultCatalogue } from '@/features/orders/server';
import { operatorInfoFromEnv } from '@/features/site/legal-content/operator-from-env';
import type { DeliveryTerms, LegalPriceItem, OperatorInfo } from '@/features/site/legal-content/types';

/**
 * The facts the help pages print, from the same sources the order screens use (configuration,
 * the certificate catalogue and the delivery windows), so a price or a promise cannot say one
 * thing on 特定商取引法に基づく表記 and another at checkout.
 */
export function legalOperator(): OperatorInfo {
  return operatorInfoFromEnv(getEnv());
}

export function legalPrices(): LegalPriceItem[] {
  return defaultCatalogue(getEnv()).map((item) => ({
    name: item.name,
    ministryFeeYen: item.ministryFeeYen,
    serviceFeeYenTaxIncluded: item.serviceFeeYen,
    firstPurchaseServiceFeeYenTaxIncluded: item.firstPurchaseServiceFeeYen,
  }));
}

export function legalDelivery(): DeliveryTerms {
  const env = getEnv();
  return {
    cutoffTime: env.ORDER_CUTOFF_TIME,
    normal: { ...DELIVERY_WINDOWS.normal },
    express: { ...DELIVERY_WINDOWS.express },
    expressSurchargeYenTaxIncluded: env.FEE_EXPRESS_YEN,
  };
}

export function gtmEnabled(): boolean {
  return Boolean(getEnv().GTM_ID);
}
