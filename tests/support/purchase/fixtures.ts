import type { CardView } from '@/features/payments';
import { INITIAL_STATE } from '@/lib/client-store';

import type { ItemsAll } from '@/features/purchase/server/items';

/**
 * The data the purchase tests share: the certificates and the company of the select step, the
 * address of the recipient step and a registered card. Each test copies and changes what it
 * needs (`{ ...TOYOTA, closed: true }`). Test support only: production code never imports this folder.
 */

type Item = ItemsAll['items'][number];

export const HISTORY_FULL = {
  itemId: 'history-full',
  name: '履歴事項全部証明書',
  ministryFeeYen: 600,
  serviceFeeYen: 880,
  regularServiceFeeYen: 880,
  unitTotalYen: 1480,
} as Item;

export const CLOSED_FULL = { ...HISTORY_FULL, itemId: 'closed-full', name: '閉鎖事項全部証明書' } as Item;

/** What the select step gets from the server: these certificates, normal prices, 速達 550円. */
export function itemsAll(...items: Item[]): ItemsAll {
  return {
    items,
    scheduledDateMaster: INITIAL_STATE.purchaseItemData.scheduledDateMaster,
    isFirstPayPrice: false,
    expressFeeYen: 550,
  };
}

/** トヨタ自動車 as the registry gives it to /purchase/select (`searched_corporate` without selectedAt). */
export const TOYOTA = {
  corporateNumber: '1180301018771',
  name: 'トヨタ自動車株式会社',
  furigana: 'トヨタジドウシャ',
  kind: '301',
  kindLabel: '株式会社',
  prefectureName: '愛知県',
  postCode: '4718571',
  address: '愛知県豊田市トヨタ町1番地',
  closed: false,
  closeDate: null,
} as const;

/** A complete address of the recipient step, the postal code stored as its 7 digits. */
export const DESTINATION = {
  recipient: '山田 太郎',
  destinationZipCode: '1000005',
  destinationPrefecture: '東京都',
  destinationCity: '千代田区',
  destinationStreet: '丸の内1-1-1',
  destinationApartmentEtc: '',
  receiptRecipient: '株式会社テスト',
};

/** A registered card as GET /api/credit-cards/card lists it. */
export const VISA_CARD: CardView = {
  id: 'car_visa',
  brand: 'Visa',
  last4: '4242',
  expDate: { year: 2030, month: 3 },
  cardName: 'TARO YAMADA',
  isDefault: false,
};
