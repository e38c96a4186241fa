/**
 * Qualified-invoice issuer data (適格請求書発行事業者公表サイト, 公表情報ダウンロード), as published in
 * the bulk files: CSV (no header, 24 columns, RFC 4180) and JSON (the same fields by name, inside
 * an `announcement` array). Only corporations (人格区分 2) are kept: their registration number is
 * "T" + the 13-digit 法人番号 (domain.md §1), which is how a company record finds its registration.
 *
 * Types and code tables only (no runtime imports), so pages and tests may share them.
 */

/** 事業者処理区分. */
export const INVOICE_PROCESS = {
  '01': '新規',
  '02': '変更',
  '03': '失効',
  '04': '取消',
  '99': '削除',
} as const;
export type InvoiceProcess = keyof typeof INVOICE_PROCESS;

/**
 * CSV column order of the bulk download (1-based in the NTA's 公表情報ダウンロード仕様書). The JSON
 * variant uses the same names as object keys.
 */
export const INVOICE_COLUMNS = [
  'sequenceNumber', // 1 一連番号
  'registratedNumber', // 2 登録番号 T + 13 digits
  'process', // 3 事業者処理区分
  'correct', // 4 訂正区分
  'kind', // 5 人格区分: 1 個人, 2 法人
  'country', // 6 国内外区分: 1 国内事業者, 2 国外事業者 (3 特定国外事業者)
  'latest', // 7 最新履歴: 1 latest, 0 history
  'registrationDate', // 8 登録年月日
  'updateDate', // 9 更新年月日
  'disposalDate', // 10 取消年月日
  'expireDate', // 11 失効年月日
  'address', // 12 本店又は主たる事務所の所在地（法人）
  'addressPrefectureCode', // 13
  'addressCityCode', // 14
  'addressRequest', // 15 本店又は主たる事務所の所在地（公表申出）
  'addressRequestPrefectureCode', // 16
  'addressRequestCityCode', // 17
  'kana', // 18 日本語（カナ）
  'name', // 19 氏名又は名称
  'addressInside', // 20 国内において行う資産の譲渡等に係る事務所等の所在地
  'addressInsidePrefectureCode', // 21
  'addressInsideCityCode', // 22
  'tradeName', // 23 主たる屋号
  'popularName_previousName', // 24 通称・旧姓
] as const;
export type InvoiceColumn = (typeof INVOICE_COLUMNS)[number];

/** One corporation's registration as stored (latest row of its registration number). */
export interface InvoiceRow {
  /** 13 digits, check digit verified (the registration number without its T). */
  corporateNumber: string;
  process: InvoiceProcess;
  registrationDate: string;
  updateDate: string;
  /** 取消年月日 */
  disposalDate: string | null;
  /** 失効年月日 */
  expireDate: string | null;
  name: string;
  /** Where the row came from (`file` or `archive.zip!member`) and its 1-based line / array index. */
  file: string;
  line: number;
}

/** A row that failed validation: reported and skipped, never fatal. */
export interface InvoiceRowError {
  file: string;
  line: number;
  /** Japanese, then English. */
  reason: string;
}

/** What a parsed source record is: a corporation's row, or a row deliberately left out. */
export type InvoiceParsed =
  { type: 'row'; row: InvoiceRow } | { type: 'skipped'; why: 'individual' | 'history' } | { type: 'error'; error: InvoiceRowError };
