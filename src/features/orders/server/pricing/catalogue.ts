import 'server-only';

import type { SiteInfo } from '@/config/site';

/**
 * One orderable certificate (domain.md §2). All amounts are whole yen; the service fees are
 * tax-inclusive (総額表示, see tax.ts) and the Ministry's fee is non-taxable.
 */
export interface CatalogueItem {
  /** Stable identifier, kept in orders and the client's `userInput`; never renamed. */
  id: string;
  /** 証明書の名称, as printed on the confirmation screen and the receipt. */
  name: string;
  /** 法務省（法務局）の証明書手数料, 非課税. */
  ministryFeeYen: number;
  /** 当社手数料（税込 10%、送料込み）. */
  serviceFeeYen: number;
  /** 初回ご購入時の当社手数料（税込 10%）. */
  firstPurchaseServiceFeeYen: number;
}

/** Stable ids of the four certificates sold (issue 7 §1). */
export const ITEM_IDS = {
  history: 'history-full',
  current: 'current-full',
  closed: 'closed-full',
  representative: 'representative',
} as const;

/**
 * The seeded catalogue: the four certificates, each priced from configuration (the home and help
 * pages show the same FEE_* values, so seed and pages agree). Names and prices are operator data;
 * the database copy, once seeded, is what the shop sells.
 */
export function defaultCatalogue(configured: Pick<SiteInfo['fees'], 'ministryYen' | 'serviceYen' | 'serviceFirstYen'>): CatalogueItem[] {
  const fees = {
    ministryFeeYen: configured.ministryYen,
    serviceFeeYen: configured.serviceYen,
    firstPurchaseServiceFeeYen: configured.serviceFirstYen,
  };
  return [
    { id: ITEM_IDS.history, name: '履歴事項全部証明書', ...fees },
    { id: ITEM_IDS.current, name: '現在事項全部証明書', ...fees },
    { id: ITEM_IDS.closed, name: '閉鎖事項全部証明書', ...fees },
    { id: ITEM_IDS.representative, name: '代表者事項証明書', ...fees },
  ];
}
