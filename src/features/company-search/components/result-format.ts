import { formatIsoDateJa } from '@/lib/format';

import type { CompanySummary } from '@/features/registry';

/**
 * What a search result says about a company, shared by the phone cards and the desktop table so
 * the two layouts cannot drift apart (the same company, the same words).
 */

/** 〒100-0005 (with a trailing space), or '' when the registry has no valid 7-digit code. */
export function formatPostCode(code: string | null): string {
  return code !== null && /^\d{7}$/.test(code) ? `〒${code.slice(0, 3)}-${code.slice(3)} ` : '';
}

/** 法人番号 in groups of 1-4-4-4 for reading aloud; copied without separators. */
export function groupedNumber(n: string): string {
  return `${n.slice(0, 1)} ${n.slice(1, 5)} ${n.slice(5, 9)} ${n.slice(9)}`;
}

/** 所在地 as registered, or 「（記載なし）」. */
export function addressText(c: Pick<CompanySummary, 'address'>): string {
  return c.address !== '' ? c.address : '（記載なし）';
}

/** 「閉鎖（2020年3月31日）」, or 「閉鎖」 without a known date. */
export function closedLabel(c: Pick<CompanySummary, 'closeDate'>): string {
  return `閉鎖${c.closeDate !== null ? `（${formatIsoDateJa(c.closeDate)}）` : ''}`;
}

/** Why the company matched when it was not by its current name, or null. */
export function matchNote(c: Pick<CompanySummary, 'match' | 'enName' | 'matchedFormerName'>): string | null {
  if (c.match === 'en_name' && c.enName !== null) return `英語表記「${c.enName}」で一致しました`;
  if (c.match === 'former_name' && c.matchedFormerName !== null) return `旧商号「${c.matchedFormerName}」で一致しました`;
  return null;
}

/** The record page of the 法人情報照会 (free). */
export function referenceHref(corporateNumber: string): string {
  return `/search-service/result?corporateNumber=${corporateNumber}`;
}
