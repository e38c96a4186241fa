import 'server-only';

import { z } from 'zod';
import { corporateNumberProblem } from '@/features/registry/corporate-number';
import { isCalendarDate } from '../../formats/nta-row';
import { INVOICE_COLUMNS, type InvoiceParsed, type InvoiceProcess } from '../../formats/invoice-row';

/**
 * One record of the NTA qualified-invoice bulk files → a corporation's registration, a row left
 * out on purpose (individuals, history rows), or a reported error. Shared by the CSV and JSON
 * readers: a CSV record is first turned into the JSON shape (same field names), so both formats
 * pass one zod schema.
 *
 * The NTA's JSON carries every value as a string and "" for an empty field. The object is not
 * strict: an extra field added upstream must not make every row of a new file an error.
 */

const text = z.string();
const blank = (v: unknown) => (v === null || v === undefined ? '' : v);

const InvoiceSourceRecordSchema = z.object({
  registratedNumber: z.preprocess(blank, text),
  process: z.preprocess(blank, text),
  kind: z.preprocess(blank, text),
  latest: z.preprocess(blank, text),
  registrationDate: z.preprocess(blank, text),
  updateDate: z.preprocess(blank, text),
  disposalDate: z.preprocess(blank, text),
  expireDate: z.preprocess(blank, text),
  name: z.preprocess(blank, text),
});

const PROCESS_CODES = new Set<string>(['01', '02', '03', '04', '99']);

function error(file: string, line: number, reason: string): InvoiceParsed {
  return { type: 'error', error: { file, line, reason } };
}

function optionalDate(v: string): string | null | 'bad' {
  if (v === '') return null;
  return isCalendarDate(v) ? v : 'bad';
}

export function parseInvoiceRecord(record: unknown, file: string, line: number): InvoiceParsed {
  const parsed = InvoiceSourceRecordSchema.safeParse(record);
  if (!parsed.success) {
    return error(
      file,
      line,
      `項目の形式が正しくありません (malformed record): ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`,
    );
  }
  const r = parsed.data;
  // 人格区分 1 = 個人事業者: not in the company registry, and their data is personal: never stored.
  if (r.kind === '1') return { type: 'skipped', why: 'individual' };
  if (r.kind !== '2') return error(file, line, `人格区分が正しくありません (bad kind): ${r.kind}`);
  if (r.latest === '0') return { type: 'skipped', why: 'history' };
  if (r.latest !== '1') return error(file, line, `最新履歴の値が正しくありません (bad latest flag): ${r.latest}`);
  if (!PROCESS_CODES.has(r.process)) return error(file, line, `事業者処理区分が正しくありません (bad process code): ${r.process}`);

  const m = /^T(\d{13})$/.exec(r.registratedNumber);
  if (m === null) return error(file, line, `登録番号の形式が正しくありません (bad registration number): ${r.registratedNumber}`);
  const corporateNumber = m[1] as string;
  if (corporateNumberProblem(corporateNumber) !== null) {
    return error(file, line, `登録番号の法人番号部分のチェックデジットが正しくありません (bad check digit): ${r.registratedNumber}`);
  }
  if (!isCalendarDate(r.registrationDate))
    return error(file, line, `登録年月日が正しくありません (bad registration date): ${r.registrationDate}`);
  if (!isCalendarDate(r.updateDate)) return error(file, line, `更新年月日が正しくありません (bad update date): ${r.updateDate}`);
  const disposalDate = optionalDate(r.disposalDate);
  if (disposalDate === 'bad') return error(file, line, `取消年月日が正しくありません (bad disposal date): ${r.disposalDate}`);
  const expireDate = optionalDate(r.expireDate);
  if (expireDate === 'bad') return error(file, line, `失効年月日が正しくありません (bad expiry date): ${r.expireDate}`);
  if (r.name.trim() === '') return error(file, line, '氏名又は名称が空です (empty name)');

  return {
    type: 'row',
    row: {
      corporateNumber,
      process: r.process as InvoiceProcess,
      registrationDate: r.registrationDate,
      updateDate: r.updateDate,
      disposalDate,
      expireDate,
      name: r.name,
      file,
      line,
    },
  };
}

/** A CSV record (fields in INVOICE_COLUMNS order) → the JSON shape parseInvoiceRecord reads. */
export function csvFieldsToRecord(fields: readonly string[], count: number): Record<string, string> | null {
  if (count !== INVOICE_COLUMNS.length) return null;
  const record: Record<string, string> = {};
  INVOICE_COLUMNS.forEach((name, i) => {
    record[name] = fields[i] ?? '';
  });
  return record;
}
