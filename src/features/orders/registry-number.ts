/**
 * 会社法人等番号 — what 登記ねっと's かんたん証明書請求 asks for to find a company (issue 24 §3).
 * A registered company's 法人番号 is one check digit followed by its 12-digit 会社法人等番号
 * (国税庁「法人番号の指定」), so the order's 法人番号 gives it: 1180301018771 → 1803-01-018771,
 * written as the registry writes it (4-2-6). Null for anything that is not a 13-digit 法人番号.
 * Isomorphic and zod-free: the queue, the order page and the queue's CSV use it.
 */
export function companyRegistryNumber(corporateNumber: string): string | null {
  if (!/^\d{13}$/.test(corporateNumber)) return null;
  const d = corporateNumber.slice(1);
  return `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6)}`;
}
