/**
 * What search engines read on a record page (issue 4): the <title>, the meta description and the
 * schema.org Organization JSON-LD. Pure functions of the record, so they are testable and the
 * page stays a thin route.
 */
import { formatIsoDateJa } from '@/lib/format';

import type { ReferenceRecord } from './schemas';

export function recordTitle(r: ReferenceRecord): string {
  return `${r.company.current.name}（法人番号 ${r.company.corporateNumber}）の法人情報`;
}

export function recordDescription(r: ReferenceRecord): string {
  const c = r.company.current;
  const parts = [
    `${c.name}（${c.kindLabel}）の法人番号${r.company.corporateNumber}、所在地${c.address ? `「${c.address}」` : ''}`,
    r.company.formerNames.length > 0 ? `旧商号「${r.company.formerNames.join('」「')}」を含む変更履歴` : '変更履歴',
    'インボイス登録状況',
  ];
  const closed = r.company.closed && c.closeDate !== null ? `（${formatIsoDateJa(c.closeDate)}閉鎖）` : '';
  return `${parts.join('、')}を掲載しています${closed}。出典：国税庁法人番号公表サイト（加工して作成）。`;
}

/** schema.org Organization (https://schema.org/Organization) for the record at `url`. */
export function recordJsonLd(r: ReferenceRecord, url: string): Record<string, unknown> {
  const c = r.company.current;
  const identifiers: Record<string, unknown>[] = [
    { '@type': 'PropertyValue', propertyID: '法人番号', name: '法人番号', value: r.company.corporateNumber },
  ];
  if (r.companyLegalNumber !== null) {
    identifiers.push({ '@type': 'PropertyValue', propertyID: '会社法人等番号', name: '会社法人等番号', value: r.companyLegalNumber });
  }
  if (r.invoice.state === 'known') {
    identifiers.push({
      '@type': 'PropertyValue',
      propertyID: '適格請求書発行事業者登録番号',
      name: '登録番号',
      value: r.invoice.registrationNumber,
    });
  }
  const alternate = [c.furigana, c.enName, ...r.company.formerNames].filter((v): v is string => v !== null && v !== '');
  const domestic = c.prefectureName !== null;
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${url}#organization`,
    url,
    name: c.name,
    legalName: c.name,
    ...(alternate.length > 0 ? { alternateName: alternate } : {}),
    identifier: identifiers,
    // Japan's 法人番号 is the corporation's tax identification number.
    taxID: r.company.corporateNumber,
    ...(r.invoice.state === 'known' && r.invoice.status === 'valid' ? { vatID: r.invoice.registrationNumber } : {}),
    address: domestic
      ? {
          '@type': 'PostalAddress',
          addressCountry: 'JP',
          ...(c.postCode !== null ? { postalCode: `${c.postCode.slice(0, 3)}-${c.postCode.slice(3)}` } : {}),
          addressRegion: c.prefectureName,
          ...(c.cityName !== null ? { addressLocality: c.cityName } : {}),
          ...(c.streetNumber !== null ? { streetAddress: c.streetNumber } : {}),
        }
      : c.addressOutside !== null
        ? { '@type': 'PostalAddress', streetAddress: c.addressOutside }
        : undefined,
    ...(r.company.closed && c.closeDate !== null ? { dissolutionDate: c.closeDate } : {}),
  };
}

/** JSON for a <script type="application/ld+json">: `<` escaped so no text can close the element. */
export function jsonLdText(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
