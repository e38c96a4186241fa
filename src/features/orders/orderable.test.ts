import { describe, expect, it } from 'vitest';

import { CLOSED_RECORD_ITEM_ID, companyLegalNumberOf, isItemOrderable, orderabilityOf } from './orderable';
import { isValidCorporateNumber } from './schemas';

/** A valid 法人番号 on a 12-digit base (domain.md §1 check digit). */
function withCheck(base: string): string {
  let sum = 0;
  for (let n = 1; n <= 12; n++) sum += Number(base[12 - n]) * (n % 2 === 1 ? 1 : 2);
  return `${9 - (sum % 9)}${base}`;
}

const TOYOTA = '1180301018771'; // registry office 1803
const FOREIGN_REGISTERED = withCheck('010403001234'); // office 0104: 外国会社の登記 in Tokyo
const FOREIGN_NTA_NUMBERED = withCheck('700150012345'); // 7001…: numbered by the NTA, no registry
const AGENCY = '7000012050002'; // 国税庁: 0000…

/**
 * THE table of what can be ordered (docs/decisions/0014): the search results' button, the
 * purchase pages and order creation on the server all ask `orderabilityOf` / `isItemOrderable`.
 * [kind, 法人番号, closed] → orderable, and if so whether only 閉鎖事項全部証明書.
 */
const TABLE: [kind: string, number: string, closed: boolean, expected: 'all' | 'closed-only' | 'no'][] = [
  ['301', TOYOTA, false, 'all'], // 株式会社
  ['302', TOYOTA, false, 'all'], // 有限会社 (特例有限会社)
  ['303', TOYOTA, false, 'all'], // 合名会社
  ['304', TOYOTA, false, 'all'], // 合資会社
  ['305', TOYOTA, false, 'all'], // 合同会社
  ['399', TOYOTA, false, 'all'], // その他の設立登記法人
  ['301', TOYOTA, true, 'closed-only'], // closed: the closed registry only
  ['399', TOYOTA, true, 'closed-only'],
  ['401', FOREIGN_REGISTERED, false, 'all'], // 外国会社 registered in Japan
  ['401', FOREIGN_REGISTERED, true, 'closed-only'],
  ['401', FOREIGN_NTA_NUMBERED, false, 'no'], // foreign body without a Japanese registry
  ['401', AGENCY, false, 'no'],
  ['101', AGENCY, false, 'no'], // 国の機関
  ['201', withCheck('000020130001'), false, 'no'], // 地方公共団体
  ['499', withCheck('700150054321'), false, 'no'], // その他 (人格のない社団等)
  ['999', TOYOTA, false, 'no'], // a kind we do not know is never orderable
];

describe('which companies and certificates can be ordered', () => {
  it('uses valid 法人番号 in its table', () => {
    for (const [, number] of TABLE) expect(isValidCorporateNumber(number), number).toBe(true);
  });

  it.each(TABLE)('kind %s, %s, closed=%s → %s', (kind, corporateNumber, closed, expected) => {
    const company = { kind, corporateNumber, closed };
    const o = orderabilityOf(company);
    expect(o.orderable ? (o.closedRecordOnly ? 'closed-only' : 'all') : 'no').toBe(expected);
    expect(isItemOrderable(company, CLOSED_RECORD_ITEM_ID)).toBe(expected !== 'no');
    expect(isItemOrderable(company, 'history-full')).toBe(expected === 'all');
    expect(companyLegalNumberOf(corporateNumber, kind)).toBe(expected === 'no' ? null : corporateNumber.slice(1));
  });

  it('says why in Japanese', () => {
    expect(orderabilityOf({ kind: '101', corporateNumber: AGENCY, closed: false })).toMatchObject({
      orderable: false,
      message: 'この法人種別には商業・法人登記がないため、登記事項証明書をお取り寄せいただけません。',
    });
    expect(orderabilityOf({ kind: '401', corporateNumber: FOREIGN_NTA_NUMBERED, closed: false })).toMatchObject({
      orderable: false,
      message: 'この外国会社等は日本で登記されていないため、登記事項証明書をお取り寄せいただけません。',
    });
  });
});
