import 'server-only';

import { normalizeJapanese } from '@/lib/normalize-japanese';
import type { CompanyRecord, CompanySummary, MatchType, RegistryInfo } from '../../schemas';
import { NTA_CLOSE_CAUSE, NTA_KIND, NTA_PROCESS } from '@/features/registry/nta-types';
import { type RegistryRecord, unpackRow } from '../store/row-codec';
import type { OpenRegistry } from '../store/store';

/** Stored rows → the shapes of schemas.ts. */

export function displayAddress(r: RegistryRecord): string {
  const domestic = [r.prefectureName, r.cityName, r.streetNumber].filter((p) => p !== null).join('');
  return domestic !== '' ? domestic : (r.addressOutside ?? '');
}

export function toSummary(
  r: RegistryRecord,
  extra: { formerNames: string[]; matchedFormerName: string | null; match: MatchType },
): CompanySummary {
  return {
    corporateNumber: r.corporateNumber,
    name: r.name,
    furigana: r.furigana,
    enName: r.enName,
    kind: r.kind,
    kindLabel: NTA_KIND[r.kind] ?? r.kind,
    prefectureCode: r.prefectureCode,
    prefectureName: r.prefectureName,
    cityName: r.cityName,
    streetNumber: r.streetNumber,
    postCode: r.postCode,
    addressOutside: r.addressOutside,
    address: displayAddress(r),
    closed: r.closeDate !== null,
    closeDate: r.closeDate,
    closeCause: r.closeCause,
    closeCauseLabel: r.closeCause === null ? null : (NTA_CLOSE_CAUSE[r.closeCause] ?? null),
    successorCorporateNumber: r.successorCorporateNumber,
    formerNames: extra.formerNames,
    matchedFormerName: extra.matchedFormerName,
    match: extra.match,
    assignmentDate: r.assignmentDate,
    updateDate: r.updateDate,
  };
}

/**
 * The English address in English order: NTA column 27 holds street and city ("3-1-1 Kasumigaseki,
 * Chiyoda ku") and column 26 the prefecture ("Tokyo"), so the prefecture goes last, after a comma —
 * "3-1-1 Kasumigaseki, Chiyoda ku, Tokyo", not the Japanese order "Tokyo 3-1-1 Kasumigaseki, …".
 * Companies with only an address abroad use column 28.
 */
export function englishAddress(r: Pick<RegistryRecord, 'enPrefectureName' | 'enCityName' | 'enAddressOutside'>): string | null {
  const domestic = [r.enCityName, r.enPrefectureName].filter((p): p is string => p !== null && p !== '').join(', ');
  if (domestic !== '') return domestic;
  return r.enAddressOutside === null || r.enAddressOutside === '' ? null : r.enAddressOutside;
}

export function toRecordView(r: RegistryRecord): CompanyRecord {
  const enAddress = englishAddress(r);
  return {
    process: r.process,
    processLabel: NTA_PROCESS[r.process] ?? r.process,
    correction: r.correct === '1',
    updateDate: r.updateDate,
    changeDate: r.changeDate,
    name: r.name,
    furigana: r.furigana,
    enName: r.enName,
    kind: r.kind,
    kindLabel: NTA_KIND[r.kind] ?? r.kind,
    prefectureCode: r.prefectureCode,
    prefectureName: r.prefectureName,
    cityCode: r.cityCode,
    cityName: r.cityName,
    streetNumber: r.streetNumber,
    postCode: r.postCode,
    addressOutside: r.addressOutside,
    address: displayAddress(r),
    enAddress,
    closeDate: r.closeDate,
    closeCause: r.closeCause,
    closeCauseLabel: r.closeCause === null ? null : (NTA_CLOSE_CAUSE[r.closeCause] ?? null),
    successorCorporateNumber: r.successorCorporateNumber,
    changeCause: r.changeCause,
  };
}

export function registryInfo(reg: OpenRegistry): RegistryInfo {
  return { builtAt: reg.meta.builtAt, isSample: reg.meta.isSample, dataDate: reg.meta.dataDate };
}

/** History rows of a company, newest first (by 更新年月日, then 変更年月日); hidden (hihyoji) rows left out. */
export function historyOf(reg: OpenRegistry, corporateNumber: number): RegistryRecord[] {
  const rows = reg
    .statement('SELECT hihyoji, data FROM history WHERE corporate_number = ? AND hihyoji = 0 ORDER BY id')
    .all(corporateNumber) as {
    hihyoji: number;
    data: string;
  }[];
  return rows
    .map((h) => unpackRow(corporateNumber, h.hihyoji, h.data))
    .sort((a, b) => (b.updateDate + b.changeDate).localeCompare(a.updateDate + a.changeDate));
}

/** 旧商号 from history rows: distinct normalised names other than the current one, newest first. */
export function formerNamesOf(history: readonly RegistryRecord[], currentName: string): string[] {
  const current = normalizeJapanese(currentName);
  const seen = new Set<string>();
  const names: string[] = [];
  for (const h of history) {
    const norm = normalizeJapanese(h.name);
    if (norm === '' || norm === current || seen.has(norm)) continue;
    seen.add(norm);
    names.push(h.name);
  }
  return names;
}
