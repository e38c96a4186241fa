import 'server-only';

import { getSiteInfo } from '@/config/site';
import { serverConfig } from '@/config/server';
import { DELIVERY_WINDOWS } from '@/features/purchase/server/delivery/scheduled-dates';
import { defaultCatalogue } from '@/features/orders/index.server';
import { legalOperatorInfo } from '@/features/site/legal-content/operator-from-env';
import type { DeliveryTerms, LegalPriceItem, OperatorInfo } from '@/features/site/legal-content/types';

/**
 * The facts the help pages print, from the same sources the order screens use (configuration,
 * the certificate catalogue and the delivery windows), so a price or a promise cannot say one
 * thing on 特定商取引法に基づく表記 and another at checkout.
 */
export function legalOperator(): OperatorInfo {
  return legalOperatorInfo();
}

export function legalPrices(): LegalPriceItem[] {
  return defaultCatalogue(getSiteInfo().fees).map((item) => ({
    name: item.name,
    ministryFeeYen: item.ministryFeeYen,
    serviceFeeYenTaxIncluded: item.serviceFeeYen,
    firstPurchaseServiceFeeYenTaxIncluded: item.firstPurchaseServiceFeeYen,
  }));
}

export function legalDelivery(): DeliveryTerms {
  return {
    cutoffTime: serverConfig().orderCutoffTime,
    normal: { ...DELIVERY_WINDOWS.normal },
    express: { ...DELIVERY_WINDOWS.express },
    expressSurchargeYenTaxIncluded: getSiteInfo().fees.expressYen,
  };
}

export function gtmEnabled(): boolean {
  return Boolean(getSiteInfo().gtmId);
}
