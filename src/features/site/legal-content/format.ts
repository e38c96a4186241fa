/**
 * Formatting used by the legal pages. Prices to consumers are always shown as totals with tax
 * (総額表示, domain.md §5): `1,100円（税込）`; the Ministry's fee is non-taxable and says so.
 */

const yenNumber = new Intl.NumberFormat('ja-JP', { maximumFractionDigits: 0 });

function assertYen(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount < 0) {
    throw new RangeError(`金額は0以上の整数で指定してください: ${amount}`);
  }
}

/** 1100 → `1,100円` */
export function formatYen(amount: number): string {
  assertYen(amount);
  return `${yenNumber.format(amount)}円`;
}

/** 1100 → `1,100円（税込）` */
export function formatYenTaxIncluded(amount: number): string {
  return `${formatYen(amount)}（税込）`;
}

/** 480 → `480円（非課税）` */
export function formatYenNonTaxable(amount: number): string {
  return `${formatYen(amount)}（非課税）`;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * `2026-04-01` → `2026年4月1日`. Parsed as text, not through Date, so the calendar day cannot
 * shift with the server's time zone (dates are Asia/Tokyo days, domain.md §6).
 */
export function formatJapaneseDate(isoDate: string): string {
  const match = ISO_DATE.exec(isoDate);
  if (!match) throw new RangeError(`日付は YYYY-MM-DD の形式で指定してください: ${isoDate}`);
  const [, y, m, d] = match;
  const month = Number(m);
  const day = Number(d);
  if (month < 1 || month > 12 || day < 1 || day > 31) {
    throw new RangeError(`存在しない日付です: ${isoDate}`);
  }
  return `${Number(y)}年${month}月${day}日`;
}

/** Range of business days in prose: 2〜4営業日, or 3営業日 when both ends are equal. */
export function formatBusinessDays(range: { minBusinessDays: number; maxBusinessDays: number }): string {
  return range.minBusinessDays === range.maxBusinessDays
    ? `${range.minBusinessDays}営業日`
    : `${range.minBusinessDays}〜${range.maxBusinessDays}営業日`;
}

/** `https://hojin.example/` → `https://hojin.example` so paths can be appended. */
export function siteOrigin(siteUrl: string): string {
  return siteUrl.replace(/\/+$/, '');
}
