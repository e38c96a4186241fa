import type { KindCode } from '../schemas';

/**
 * Kinds (法人種別, NTA column 9) whose companies have a commercial or corporate registry at the
 * Legal Affairs Bureau, so that a 登記事項証明書 can be ordered (domain.md §1):
 * 301 株式会社, 302 有限会社 (特例有限会社), 303 合名会社, 304 合資会社, 305 合同会社 and
 * 399 その他の設立登記法人 (一般社団・財団法人, NPO法人, 医療法人, 学校法人, 協同組合 …).
 * Left out: 101 国の機関 and 201 地方公共団体 (no registry), 499 その他 (人格のない社団等, not
 * registered) and 401 外国会社等 — only some foreign companies are registered in Japan and the
 * NTA data does not say which (UNVERIFIED whether the 法人番号 could tell); such orders go through
 * the support desk. Decision: docs/decisions/0007-search-rate-limit.md (§ orderable kinds).
 * Closed companies stay orderable: the bureau issues 閉鎖事項全部証明書.
 */
export const ORDERABLE_KINDS: ReadonlySet<KindCode> = new Set<KindCode>(['301', '302', '303', '304', '305', '399']);

export function canOrderCertificate(kind: KindCode): boolean {
  return ORDERABLE_KINDS.has(kind);
}
