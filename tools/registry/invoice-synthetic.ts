import { withCheckDigit } from '@/features/registry/corporate-number';
import { Rng, dateToDay, dayToDate } from './nta-synthetic';
import type { NtaKind } from '@/features/registry/nta-types';
import { INVOICE_COLUMNS, type InvoiceColumn } from '@/features/registry/formats/invoice-row';

/**
 * Sample qualified-invoice data consistent with a (generated) registry: for each company a
 * deterministic draw from its 法人番号 decides whether it is registered (T + 法人番号), since
 * when, and whether the registration was later cancelled (取消) or expired (失効, a closed
 * company's registration lapses on its closure). Some companies have no row at all, so the
 * record page's 「不明」 path is exercised too; a few fictional individuals' rows are mixed in
 * (the importer must leave them out).
 *
 * The fixed companies of the registry generator (fixedEntities) get fixed outcomes, which the
 * tests and the Playwright journeys rely on.
 */

export interface InvoiceSampleCompany {
  corporateNumber: string;
  kind: NtaKind;
  name: string;
  closeDate: string | null;
  prefectureCode: string | null;
  cityCode: string | null;
  address: string;
}

export type InvoiceSourceRecord = Record<InvoiceColumn, string>;

/** The invoice system started on 2023-10-01 (令和5年10月1日). */
export const INVOICE_START = '2023-10-01';

type Outcome = { registrationDate: string; disposalDate?: string; expireDate?: string } | null;

/** Fixed outcomes for the registry generator's fixed companies (see fixedEntities). */
export const FIXED_INVOICE_OUTCOMES: Record<string, Outcome> = {
  '1180301018771': { registrationDate: INVOICE_START }, // トヨタ自動車株式会社
  '5010401067252': { registrationDate: INVOICE_START }, // ソニーグループ株式会社
  '7010001008844': { registrationDate: INVOICE_START }, // 日本電信電話株式会社
  '7000012050002': { registrationDate: INVOICE_START }, // 国税庁
  '8040001999013': { registrationDate: '2023-11-01' }, // 株式会社商号変更後
  [withCheckDigit('134901000001')]: { registrationDate: INVOICE_START, disposalDate: '2025-06-30' }, // 株式会社Ｔ＆Ｍコンサルティング
  [withCheckDigit('134901000005')]: { registrationDate: '2024-04-01', expireDate: '2025-03-31' }, // 株式会社トップ
  [withCheckDigit('274901000004')]: null, // ｶﾌｪﾗﾃ株式会社: no data (「不明」)
};

function hash(corporateNumber: string): number {
  // FNV-1a over the digits: a stable, well-spread seed per company.
  let h = 0x811c9dc5;
  for (let i = 0; i < corporateNumber.length; i++) {
    h ^= corporateNumber.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const REGISTERED_SHARE: Record<NtaKind, number> = {
  '101': 0.9,
  '201': 0.9,
  '301': 0.65,
  '302': 0.55,
  '303': 0.5,
  '304': 0.5,
  '305': 0.6,
  '399': 0.4,
  '401': 0.5,
  '499': 0.2,
};

function drawOutcome(c: InvoiceSampleCompany, seed: number, dataDate: string): Outcome {
  if (c.corporateNumber in FIXED_INVOICE_OUTCOMES) return FIXED_INVOICE_OUTCOMES[c.corporateNumber] ?? null;
  const rng = new Rng(seed, hash(c.corporateNumber));
  // A company closed before the system started never registered.
  if (c.closeDate !== null && c.closeDate < INVOICE_START) return null;
  if (!rng.chance(REGISTERED_SHARE[c.kind])) return null;
  const start = dateToDay(INVOICE_START);
  const end = dateToDay(dataDate);
  // Most registrations took effect on the first day; the rest spread up to the data date.
  const registrationDay = rng.chance(0.7) ? start : start + rng.int(Math.max(1, end - start));
  const registrationDate = dayToDate(registrationDay);
  if (c.closeDate !== null) {
    return c.closeDate > registrationDate ? { registrationDate, expireDate: c.closeDate } : null;
  }
  const x = rng.next();
  const span = Math.max(1, end - registrationDay);
  if (x < 0.05) return { registrationDate, disposalDate: dayToDate(registrationDay + 1 + rng.int(span)) };
  if (x < 0.1) return { registrationDate, expireDate: dayToDate(registrationDay + 1 + rng.int(span)) };
  return { registrationDate };
}

function blankRecord(): InvoiceSourceRecord {
  return Object.fromEntries(INVOICE_COLUMNS.map((c) => [c, ''])) as InvoiceSourceRecord;
}

/**
 * A corporation's current invoice row, registered on 2023-10-01 (処理区分 01, 法人, 国内), for tests
 * to override field by field; every other column empty.
 */
export function testInvoiceRecord(corporateNumber: string, fields: Partial<InvoiceSourceRecord> = {}): InvoiceSourceRecord {
  return {
    ...blankRecord(),
    registratedNumber: `T${corporateNumber}`,
    process: '01',
    correct: '0',
    kind: '2',
    country: '1',
    latest: '1',
    registrationDate: '2023-10-01',
    updateDate: '2023-10-01',
    ...fields,
  };
}

/** The invoice row of one company, or null when it has none. */
export function invoiceRecordFor(c: InvoiceSampleCompany, options: { seed: number; dataDate: string }): InvoiceSourceRecord | null {
  const o = drawOutcome(c, options.seed, options.dataDate);
  if (o === null) return null;
  const end = o.disposalDate ?? o.expireDate ?? null;
  return {
    ...blankRecord(),
    registratedNumber: `T${c.corporateNumber}`,
    process: o.disposalDate !== undefined ? '04' : o.expireDate !== undefined ? '03' : '01',
    correct: '0',
    kind: '2',
    country: '1',
    latest: '1',
    registrationDate: o.registrationDate,
    updateDate: end ?? o.registrationDate,
    disposalDate: o.disposalDate ?? '',
    expireDate: o.expireDate ?? '',
    address: c.address,
    addressPrefectureCode: c.prefectureCode ?? '',
    addressCityCode: c.cityCode ?? '',
    name: c.name,
  };
}

const INDIVIDUAL_NAMES = ['見本 一郎', '見本 花子', '試験 太郎', '例示 次郎'];

/** A fictional individual's row (人格区分 1): present in real files, never imported. */
export function individualRecord(n: number, seed: number): InvoiceSourceRecord {
  const rng = new Rng(seed, 0x5eed0000 + n);
  return {
    ...blankRecord(),
    registratedNumber: `T${withCheckDigit(String(900_000_000_000 + n))}`,
    process: '01',
    correct: '0',
    kind: '1',
    country: '1',
    latest: '1',
    registrationDate: INVOICE_START,
    updateDate: INVOICE_START,
    name: rng.pick(INDIVIDUAL_NAMES),
  };
}

const q = (v: string) => (v === '' ? '' : `"${v.replaceAll('"', '""')}"`);
/** Columns written bare (codes, numbers, dates), as in the NTA's files; the rest quoted. */
const BARE = new Set<InvoiceColumn>([
  'sequenceNumber',
  'process',
  'correct',
  'kind',
  'country',
  'latest',
  'registrationDate',
  'updateDate',
  'disposalDate',
  'expireDate',
  'addressPrefectureCode',
  'addressCityCode',
  'addressRequestPrefectureCode',
  'addressRequestCityCode',
  'addressInsidePrefectureCode',
  'addressInsideCityCode',
]);

/** One CSV line (CRLF) of the bulk download layout. */
export function formatInvoiceCsvLine(r: InvoiceSourceRecord): string {
  return `${INVOICE_COLUMNS.map((c) => (BARE.has(c) ? r[c] : q(r[c]))).join(',')}\r\n`;
}
