/**
 * The request and result shapes of POST /api/corporates/bulk-check (issue 14 item 4). Apart from
 * bulk.ts so the /search/bulk page, which parses lines with bulk.ts, does not load zod (issue 13).
 */
import { z } from 'zod';

import { isCalendarDate } from '@/lib/calendar-date';

import { BULK_LINES_MAX, BULK_LINES_SENT_MAX, BULK_LINE_CHARS_MAX, BULK_MESSAGES, countBulkLines } from './bulk';

// ── API shapes ──────────────────────────────────────────────────────────────────────────────

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, BULK_MESSAGES.bad_date)
  .refine(isCalendarDate, BULK_MESSAGES.bad_date);

export const BulkCheckBodySchema = z.strictObject({
  lines: z
    .array(z.string().max(BULK_LINE_CHARS_MAX, BULK_MESSAGES.line_too_long), { message: BULK_MESSAGES.empty })
    // Blank lines are sent as they were pasted (they keep the numbering) but only the others are checked and counted.
    .max(BULK_LINES_SENT_MAX, BULK_MESSAGES.too_many)
    .refine((ls) => countBulkLines(ls) <= BULK_LINES_MAX, BULK_MESSAGES.too_many)
    .refine((ls) => ls.some((l) => l.trim() !== ''), BULK_MESSAGES.empty),
  /** 登録状況を確認する日 (JST calendar day); default today in Japan. */
  date: isoDate.optional(),
  /** csv: answer the result as a CSV file (UTF-8 with BOM) instead of JSON; excel: the same in its Excel form (decision 0065). */
  format: z.enum(['json', 'csv', 'excel']).optional(),
});

export const BulkInvoiceSchema = z.discriminatedUnion('state', [
  z.strictObject({
    state: z.literal('registered'),
    registrationNumber: z.string(),
    status: z.enum(['valid', 'not_yet_valid', 'expired', 'disposed']),
    statusLabel: z.string(),
    registrationDate: z.string(),
    endDate: z.string().nullable(),
  }),
  /** The invoice data is loaded and holds no registration for this number: 登録なし as of `dataDate` (decision 0048). */
  z.strictObject({ state: z.literal('not_registered'), statusLabel: z.string(), dataDate: z.string().nullable() }),
  /** No invoice data on this server: unknown, never "not registered". */
  z.strictObject({ state: z.literal('unknown'), statusLabel: z.string() }),
]);
export type BulkInvoice = z.infer<typeof BulkInvoiceSchema>;

export const BulkCompanySchema = z.strictObject({
  corporateNumber: z.string(),
  name: z.string(),
  address: z.string(),
  closed: z.boolean(),
  closeDate: z.string().nullable(),
  closeCauseLabel: z.string().nullable(),
  successor: z.strictObject({ corporateNumber: z.string(), name: z.string().nullable() }).nullable(),
});
export type BulkCompany = z.infer<typeof BulkCompanySchema>;

export const BulkRowSchema = z.strictObject({
  /** 1-based position of the line among the lines sent, blank ones included (the line number as pasted). */
  line: z.number().int(),
  input: z.string(),
  kind: z.enum(['number', 'invoice', 'name', 'invalid']),
  result: z.enum(['found', 'not_found', 'ambiguous', 'invalid']),
  /** For ambiguous names: how many companies have that exact name. */
  matches: z.number().int().nullable(),
  message: z.string().nullable(),
  company: BulkCompanySchema.nullable(),
  invoice: BulkInvoiceSchema.nullable(),
});
export type BulkRow = z.infer<typeof BulkRowSchema>;

export const BulkCheckResultSchema = z.strictObject({
  date: z.string(),
  rows: z.array(BulkRowSchema),
  summary: z.strictObject({ found: z.number(), notFound: z.number(), ambiguous: z.number(), invalid: z.number() }),
});
export type BulkCheckResult = z.infer<typeof BulkCheckResultSchema>;
