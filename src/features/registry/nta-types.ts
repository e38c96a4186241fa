/**
 * One row of the National Tax Agency's corporate-number CSV (法人番号公表サイト 全件/差分データ),
 * parsed and validated. Column numbers and meanings: shared/docs/domain.md §1.
 *
 * Deliberately free of `server-only` and of runtime imports: it holds only types and the code
 * tables, which the search, reference pages and UI labels may share.
 */

/** 処理区分 (column 3). */
export const NTA_PROCESS = {
  '01': '新規',
  '11': '商号又は名称の変更',
  '12': '国内所在地の変更',
  '13': '国外所在地の変更',
  '21': '登記記録の閉鎖等',
  '22': '登記記録の閉鎖等の取消し',
  '71': '吸収合併',
  '72': '吸収合併無効',
  '81': '商号の登記の抹消',
  '99': '削除',
} as const;
export type NtaProcess = keyof typeof NTA_PROCESS;

/** 訂正区分 (column 4): '0' an ordinary change, '1' a correction of an earlier row. */
export const NTA_CORRECT = { '0': '訂正以外', '1': '訂正' } as const;
export type NtaCorrect = keyof typeof NTA_CORRECT;

/** 法人種別 (column 9). */
export const NTA_KIND = {
  '101': '国の機関',
  '201': '地方公共団体',
  '301': '株式会社',
  '302': '有限会社',
  '303': '合名会社',
  '304': '合資会社',
  '305': '合同会社',
  '399': 'その他の設立登記法人',
  '401': '外国会社等',
  '499': 'その他',
} as const;
export type NtaKind = keyof typeof NTA_KIND;

/** 登記記録の閉鎖等の事由 (column 20). */
export const NTA_CLOSE_CAUSE = {
  '01': '清算の結了等',
  '11': '合併による解散等',
  '21': '登記官による閉鎖',
  '31': 'その他の清算の結了等',
} as const;
export type NtaCloseCause = keyof typeof NTA_CLOSE_CAUSE;

/** A calendar date `YYYY-MM-DD`, checked to be a real date. */
export type NtaDate = string;

/**
 * Columns 1–30, in file order. Empty fields are `null`. Files with 29 columns (no hihyoji) give
 * `hihyoji: false`; files with 28 columns (no furigana, no hihyoji) also give `furigana: null`.
 */
export interface NtaRow {
  /** 1 一連番号 */
  sequenceNumber: number;
  /** 2 法人番号: 13 digits, check digit verified */
  corporateNumber: string;
  /** 3 処理区分 */
  process: NtaProcess;
  /** 4 訂正区分 */
  correct: NtaCorrect;
  /** 5 更新年月日 */
  updateDate: NtaDate;
  /** 6 変更年月日 */
  changeDate: NtaDate;
  /** 7 商号又は名称 */
  name: string;
  /** 8 商号又は名称イメージID: set when the name has characters outside the file's character set */
  nameImageId: string | null;
  /** 9 法人種別 */
  kind: NtaKind;
  /** 10 国内所在地（都道府県） */
  prefectureName: string | null;
  /** 11 国内所在地（市区町村） */
  cityName: string | null;
  /** 12 国内所在地（丁目番地等） */
  streetNumber: string | null;
  /** 13 国内所在地イメージID */
  addressImageId: string | null;
  /** 14 都道府県コード, JIS X 0401 ('01'–'47') */
  prefectureCode: string | null;
  /** 15 市区町村コード, JIS X 0402 (3 digits) */
  cityCode: string | null;
  /** 16 郵便番号, 7 digits */
  postCode: string | null;
  /** 17 国外所在地 */
  addressOutside: string | null;
  /** 18 国外所在地イメージID */
  addressOutsideImageId: string | null;
  /** 19 登記記録の閉鎖等年月日 */
  closeDate: NtaDate | null;
  /** 20 登記記録の閉鎖等の事由 */
  closeCause: NtaCloseCause | null;
  /** 21 承継先法人番号 (check digit verified) */
  successorCorporateNumber: string | null;
  /** 22 変更事由の詳細 */
  changeCause: string | null;
  /** 23 法人番号指定年月日 */
  assignmentDate: NtaDate;
  /** 24 最新履歴: true for the current row of a corporate number, false for a past (history) row */
  latest: boolean;
  /** 25 商号又は名称（英語表記） */
  enName: string | null;
  /** 26 国内所在地（都道府県）（英語表記） */
  enPrefectureName: string | null;
  /** 27 国内所在地（市区町村丁目番地等）（英語表記） */
  enCityName: string | null;
  /** 28 国外所在地（英語表記） */
  enAddressOutside: string | null;
  /** 29 フリガナ, full-width katakana; null when empty or absent (28-column files) */
  furigana: string | null;
  /** 30 検索対象除外: true = must never be searchable or shown; false when absent (28/29 columns) */
  hihyoji: boolean;

  /** Where the row came from: a file path, or `archive.zip!member.csv` for a zip member. */
  file: string;
  /** 1-based physical line on which the record starts. */
  line: number;
}

/** A row that failed validation; reported and skipped, never fatal. */
export interface NtaRowError {
  /** Same form as NtaRow.file. */
  file: string;
  /** 1-based physical line on which the record starts. */
  line: number;
  /** Japanese, then English, e.g. `法人番号のチェックデジットが正しくありません (bad check digit): 1234567890123`. */
  reason: string;
}

/** Full snapshot (全件データ) or daily changes (差分データ). */
export type NtaFileKind = 'full' | 'diff';
