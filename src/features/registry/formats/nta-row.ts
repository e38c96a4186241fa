/**
 * Turns the fields of one CSV record into a validated NtaRow, or an NtaRowError saying why not.
 * Runs once per record on the import hot path, so it is plain code (no zod, no regex in the
 * common case); zod would cost more than the whole CSV parse. Column numbers: domain.md §1.
 */
import { corporateNumberCheckDigit } from '@/features/registry/corporate-number';
import {
  NTA_CLOSE_CAUSE,
  NTA_KIND,
  NTA_PROCESS,
  type NtaCloseCause,
  type NtaCorrect,
  type NtaKind,
  type NtaProcess,
  type NtaRow,
  type NtaRowError,
} from '@/features/registry/nta-types';

const PROCESS = new Set<string>(Object.keys(NTA_PROCESS));
const KIND = new Set<string>(Object.keys(NTA_KIND));
const CLOSE_CAUSE = new Set<string>(Object.keys(NTA_CLOSE_CAUSE));

const ZERO = 48;
const NINE = 57;
const DASH = 45;

function allDigits(s: string, length: number): boolean {
  if (s.length !== length) return false;
  for (let i = 0; i < length; i++) {
    const c = s.charCodeAt(i);
    if (c < ZERO || c > NINE) return false;
  }
  return true;
}

function digitsAt(s: string, from: number, length: number): number {
  let v = 0;
  for (let i = from; i < from + length; i++) {
    const c = s.charCodeAt(i) - ZERO;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

const DAYS_IN_MONTH = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** `YYYY-MM-DD` naming a real calendar day (leap years included). */
export function isCalendarDate(s: string): boolean {
  if (s.length !== 10 || s.charCodeAt(4) !== DASH || s.charCodeAt(7) !== DASH) return false;
  const y = digitsAt(s, 0, 4);
  const m = digitsAt(s, 5, 2);
  const d = digitsAt(s, 8, 2);
  if (y < 1 || m < 1 || m > 12 || d < 1) return false;
  const leap = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (leap ? 29 : (DAYS_IN_MONTH[m] as number));
}

/** 'ok', or what is wrong with a corporate number field. */
function corporateNumberIssue(s: string): 'ok' | 'format' | 'check' {
  if (!allDigits(s, 13)) return 'format';
  return corporateNumberCheckDigit(s.slice(1)) === s.charCodeAt(0) - ZERO ? 'ok' : 'check';
}

const show = (v: string) => JSON.stringify(v.length > 40 ? `${v.slice(0, 40)}…` : v);

/** Empty field → null. A top-level function (not a per-row closure) so V8 inlines it. */
const nz = (v: string): string | null => (v === '' ? null : v);

/** Why the fields of a 28–30 column record are invalid, or null when they are fine. */
function problemOf(f: readonly string[], count: number): string | null {
  // 1 一連番号
  const seq = f[0] as string;
  if (seq.length === 0 || seq.length > 15 || !allDigits(seq, seq.length)) {
    return `一連番号が数字ではありません (sequence number is not a number): ${show(seq)}`;
  }
  // 2 法人番号
  const corporateNumber = f[1] as string;
  const issue = corporateNumberIssue(corporateNumber);
  if (issue === 'format') return `法人番号が13桁の数字ではありません (corporate number is not 13 digits): ${show(corporateNumber)}`;
  if (issue === 'check') return `法人番号のチェックデジットが正しくありません (bad check digit in corporate number): ${corporateNumber}`;
  // 3 処理区分, 4 訂正区分
  const process = f[2] as string;
  if (!PROCESS.has(process)) return `処理区分が不明です (unknown process code): ${show(process)}`;
  const correct = f[3] as string;
  if (correct !== '0' && correct !== '1') return `訂正区分が0・1以外です (correct flag is not 0 or 1): ${show(correct)}`;
  // 5 更新年月日, 6 変更年月日
  const updateDate = f[4] as string;
  if (!isCalendarDate(updateDate))
    return `更新年月日が正しい日付ではありません (update date is not a valid YYYY-MM-DD date): ${show(updateDate)}`;
  const changeDate = f[5] as string;
  if (!isCalendarDate(changeDate))
    return `変更年月日が正しい日付ではありません (change date is not a valid YYYY-MM-DD date): ${show(changeDate)}`;
  // 7 商号又は名称, 9 法人種別
  if (f[6] === '') return '商号又は名称が空です (name is empty)';
  const kind = f[8] as string;
  if (!KIND.has(kind)) return `法人種別が不明です (unknown kind code): ${show(kind)}`;
  // 14 都道府県コード, 15 市区町村コード, 16 郵便番号
  const prefectureCode = f[13] as string;
  if (prefectureCode !== '') {
    const pc = allDigits(prefectureCode, 2) ? digitsAt(prefectureCode, 0, 2) : -1;
    if (pc < 1 || pc > 47) return `都道府県コードが01〜47ではありません (prefecture code is not 01–47): ${show(prefectureCode)}`;
  }
  const cityCode = f[14] as string;
  if (cityCode !== '' && !allDigits(cityCode, 3))
    return `市区町村コードが3桁の数字ではありません (city code is not 3 digits): ${show(cityCode)}`;
  const postCode = f[15] as string;
  if (postCode !== '' && !allDigits(postCode, 7)) return `郵便番号が7桁の数字ではありません (post code is not 7 digits): ${show(postCode)}`;
  // 19 閉鎖等年月日, 20 閉鎖等の事由, 21 承継先法人番号
  const closeDate = f[18] as string;
  if (closeDate !== '' && !isCalendarDate(closeDate)) {
    return `登記記録の閉鎖等年月日が正しい日付ではありません (close date is not a valid YYYY-MM-DD date): ${show(closeDate)}`;
  }
  const closeCause = f[19] as string;
  if (closeCause !== '' && !CLOSE_CAUSE.has(closeCause))
    return `登記記録の閉鎖等の事由が不明です (unknown close cause): ${show(closeCause)}`;
  const successor = f[20] as string;
  if (successor !== '') {
    const s = corporateNumberIssue(successor);
    if (s === 'format') return `承継先法人番号が13桁の数字ではありません (successor corporate number is not 13 digits): ${show(successor)}`;
    if (s === 'check')
      return `承継先法人番号のチェックデジットが正しくありません (bad check digit in successor corporate number): ${successor}`;
  }
  // 23 法人番号指定年月日, 24 最新履歴
  const assignmentDate = f[22] as string;
  if (!isCalendarDate(assignmentDate)) {
    return `法人番号指定年月日が正しい日付ではありません (assignment date is not a valid YYYY-MM-DD date): ${show(assignmentDate)}`;
  }
  const latest = f[23] as string;
  if (latest !== '0' && latest !== '1') return `最新履歴が0・1以外です (latest flag is not 0 or 1): ${show(latest)}`;
  // 30 検索対象除外 (30-column files only). Empty is read as 0: the column is a flag, not data.
  if (count === 30) {
    const h = f[29] as string;
    if (h !== '0' && h !== '1' && h !== '') return `検索対象除外が0・1以外です (hihyoji flag is not 0 or 1): ${show(h)}`;
  }
  return null;
}

/**
 * Validate one record. `fields[0..count)` are the raw fields (the array is reused by the caller,
 * nothing is kept from it except the strings). `problem` is a CSV-level problem from the splitter.
 */
export function toNtaRow(
  fields: readonly string[],
  count: number,
  file: string,
  line: number,
  problem: string | null,
): NtaRow | NtaRowError {
  if (problem !== null) return { file, line, reason: problem };
  if (count !== 30 && count !== 29 && count !== 28) {
    return {
      file,
      line,
      reason: `列数が${count}列です。30・29・28列のいずれかである必要があります (wrong column count: ${count}; expected 30, 29 or 28)`,
    };
  }
  const reason = problemOf(fields, count);
  if (reason !== null) return { file, line, reason };
  const f = fields as string[];
  return {
    sequenceNumber: +(f[0] as string),
    corporateNumber: f[1] as string,
    process: f[2] as NtaProcess,
    correct: f[3] as NtaCorrect,
    updateDate: f[4] as string,
    changeDate: f[5] as string,
    name: f[6] as string,
    nameImageId: nz(f[7] as string),
    kind: f[8] as NtaKind,
    prefectureName: nz(f[9] as string),
    cityName: nz(f[10] as string),
    streetNumber: nz(f[11] as string),
    addressImageId: nz(f[12] as string),
    prefectureCode: nz(f[13] as string),
    cityCode: nz(f[14] as string),
    postCode: nz(f[15] as string),
    addressOutside: nz(f[16] as string),
    addressOutsideImageId: nz(f[17] as string),
    closeDate: nz(f[18] as string),
    closeCause: nz(f[19] as string) as NtaCloseCause | null,
    successorCorporateNumber: nz(f[20] as string),
    changeCause: nz(f[21] as string),
    assignmentDate: f[22] as string,
    latest: f[23] === '1',
    enName: nz(f[24] as string),
    enPrefectureName: nz(f[25] as string),
    enCityName: nz(f[26] as string),
    enAddressOutside: nz(f[27] as string),
    furigana: count >= 29 ? nz(f[28] as string) : null,
    hihyoji: count === 30 && f[29] === '1',
    file,
    line,
  };
}

/** Type guard for the union the readers yield. */
export function isNtaRowError(item: NtaRow | NtaRowError): item is NtaRowError {
  return 'reason' in item;
}
