import type { DeliveryTerms, LegalPriceItem, OperatorInfo } from '@/features/site/legal-content/types';

/**
 * Sample props for the legal page tests. Deliberately unlike the configuration defaults, so a test
 * that finds these values proves the page printed its props and not a hard-coded text.
 */
export const sampleOperator: OperatorInfo = {
  name: '株式会社テスト法人サービス',
  representative: '代表取締役 佐藤 花子',
  postcode: '530-0001',
  address: '大阪府大阪市北区梅田三丁目2番1号 試験ビル5階',
  phone: '06-1234-5678',
  supportEmail: 'help@legal-test.example',
  supportHours: '平日 9:30〜18:00（土日祝日・年末年始を除く）',
  invoiceNumber: 'T5111101000006',
  serviceName: 'テスト法人ナビ',
  siteUrl: 'https://legal-test.example',
};

export const samplePrices: LegalPriceItem[] = [
  { name: '履歴事項全部証明書', ministryFeeYen: 520, serviceFeeYenTaxIncluded: 1100, firstPurchaseServiceFeeYenTaxIncluded: 550 },
  { name: '現在事項全部証明書', ministryFeeYen: 520, serviceFeeYenTaxIncluded: 1100, firstPurchaseServiceFeeYenTaxIncluded: 550 },
  { name: '閉鎖事項全部証明書', ministryFeeYen: 520, serviceFeeYenTaxIncluded: 1320, firstPurchaseServiceFeeYenTaxIncluded: 660 },
  { name: '代表者事項証明書', ministryFeeYen: 490, serviceFeeYenTaxIncluded: 12345, firstPurchaseServiceFeeYenTaxIncluded: 990 },
];

export const sampleDelivery: DeliveryTerms = {
  cutoffTime: '14:30',
  normal: { minBusinessDays: 3, maxBusinessDays: 5 },
  express: { minBusinessDays: 1, maxBusinessDays: 2 },
  expressSurchargeYenTaxIncluded: 0,
};

/** Every h1 in the markup. */
export function countH1(html: string): number {
  return html.match(/<h1[\s>]/g)?.length ?? 0;
}

/** Table-of-contents targets (href="#x") that have no element with id="x". */
export function brokenAnchors(html: string): string[] {
  const ids = new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]));
  return [...html.matchAll(/href="#([^"]+)"/g)].map((m) => m[1] ?? '').filter((id) => !ids.has(id));
}

/** Placeholder or rendering leftovers that must never reach a published legal text. */
export function placeholderLeaks(html: string): string[] {
  return ['〇〇', '○○', 'XXX', 'undefined', 'null', 'NaN', '[object Object]', 'TODO'].filter((p) => html.includes(p));
}

/** The visible text, tags removed, for searching sentences that span inline elements. */
export function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
}

/** What every published legal page must be: one h1 with its title, anchors that resolve, no placeholder left. */
export function legalPageFaults(html: string, title: string): string[] {
  return [
    ...(countH1(html) === 1 ? [] : [`${countH1(html)} h1`]),
    ...(html.includes(`>${title}</h1>`) ? [] : [`no h1 "${title}"`]),
    ...brokenAnchors(html).map((id) => `broken anchor #${id}`),
    ...placeholderLeaks(html).map((p) => `placeholder ${p}`),
  ];
}

/** The visible text of one `<section id="…">` (up to the next section). */
export function sectionText(html: string, id: string): string {
  const start = html.indexOf(`<section id="${id}"`);
  if (start < 0) throw new Error(`section ${id} not found`);
  const end = html.indexOf('<section', start + 1);
  return textOf(html.slice(start, end < 0 ? undefined : end));
}

/** The phrases a text does not contain (a test expects `[]`, and a failure names every missing one). */
export function missingPhrases(text: string, phrases: readonly string[]): string[] {
  return phrases.filter((p) => !text.includes(p));
}

/**
 * What the NTA's terms (公共データ利用規約) require of a page that shows its data: the source, that
 * it was processed, that the NTA does not vouch for it, and the licence. Both terms pages print it.
 */
export const NTA_ATTRIBUTION_PHRASES = [
  '出典：国税庁法人番号公表サイト（国税庁）',
  '加工して',
  '国税庁によって保証されたものではありません',
  '公共データ利用規約（第1.0版）',
] as const;
