/**
 * A company's pages on the NTA's own sites (issue 14 item 5), linked from every record page.
 *
 * UNVERIFIED: domain.md does not state these per-number URL formats and NTA's documentation was
 * not checked; both are the formats in wide public use (company sites and tools link them):
 * - 国税庁法人番号公表サイト: the 法人情報 (変更履歴) page, `henkorireki-johoto.html?selHouzinNo=`
 *   with the 13-digit 法人番号;
 * - 国税庁適格請求書発行事業者公表サイト: the registration's detail page,
 *   `regno-search/detail?selRegNo=` with the 13 digits of the T-number (without the T).
 */

export function ntaCorporatePageUrl(corporateNumber: string): string {
  return `https://www.houjin-bangou.nta.go.jp/henkorireki-johoto.html?selHouzinNo=${encodeURIComponent(corporateNumber)}`;
}

export function invoicePageUrl(corporateNumber: string): string {
  return `https://www.invoice-kohyo.nta.go.jp/regno-search/detail?selRegNo=${encodeURIComponent(corporateNumber)}`;
}
