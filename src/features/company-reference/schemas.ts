/**
 * Shapes of the reference service (法人情報照会, issue 4): its query strings, the company record
 * the page renders and GET /api/corporates-search/get-corp-info answers, and the company handed to
 * the purchase flow. Isomorphic: no server-only imports; messages are Japanese.
 */
import { z } from 'zod';
import { CompanyDetailSchema, CompanyLookupParamsSchema, type InvoiceStatus } from '@/features/registry';
import { SearchParamsSchema } from '@/features/company-search';

/** GET /api/corporates-search/search: the registry search parameters (q, prefecture, kind, includeClosed, cursor). */
export const ReferenceSearchParamsSchema = SearchParamsSchema;

/** GET /api/corporates-search/get-corp-info?corporateNumber=… */
export const ReferenceLookupParamsSchema = CompanyLookupParamsSchema;

const date = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const corporateNumber = z.string().regex(/^\d{13}$/);

export const TimelineChangeSchema = z.strictObject({
  field: z.enum(['name', 'furigana', 'enName', 'kind', 'address', 'addressOutside', 'closure', 'revival']),
  /** Japanese label of what changed (「商号又は名称」「所在地」…). */
  label: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type TimelineChange = z.infer<typeof TimelineChangeSchema>;

/** One event of the change history, oldest first in the record. */
export const TimelineEntrySchema = z.strictObject({
  /** 変更年月日 */
  changeDate: date,
  /** 更新年月日 (when the NTA published it) */
  updateDate: date,
  process: z.string(),
  processLabel: z.string(),
  correction: z.boolean(),
  /** 変更事由の詳細, when the NTA gives one. */
  changeCause: z.string().nullable(),
  changes: z.array(TimelineChangeSchema),
  /** The state after the event: name and address. */
  name: z.string(),
  address: z.string(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;

export const INVOICE_STATUSES = ['valid', 'not_yet_valid', 'expired', 'disposed'] as const satisfies readonly InvoiceStatus[];

export const InvoiceViewSchema = z.discriminatedUnion('state', [
  z.strictObject({
    state: z.literal('known'),
    /** "T" + 法人番号 */
    registrationNumber: z.string().regex(/^T\d{13}$/),
    registrationDate: date,
    disposalDate: date.nullable(),
    expireDate: date.nullable(),
    /** Status on `asOf` (today in Japan) by the rule of domain.md §1. */
    status: z.enum(INVOICE_STATUSES),
    statusLabel: z.string(),
    asOf: date,
    /** Newest 更新年月日 in the invoice data. */
    dataDate: date.nullable(),
    isSample: z.boolean(),
  }),
  z.strictObject({
    /** The invoice data holds no registration for this company: 登録なし as of the data's date (decision 0048). */
    state: z.literal('not_registered'),
    statusLabel: z.string(),
    dataDate: date.nullable(),
  }),
  z.strictObject({
    /** No invoice data loaded: unknown, never "not registered". */
    state: z.literal('unknown'),
    statusLabel: z.string(),
  }),
]);
export type InvoiceView = z.infer<typeof InvoiceViewSchema>;

export const ReferenceRecordSchema = z.strictObject({
  company: CompanyDetailSchema,
  /** 会社法人等番号 (12 digits) for kinds with a commercial registry; null otherwise. */
  companyLegalNumber: z
    .string()
    .regex(/^\d{12}$/)
    .nullable(),
  /** Certificates of this company can be ordered. */
  orderable: z.boolean(),
  /** The successor (承継先) of a merged company, with its current name when the registry has it. */
  successor: z.strictObject({ corporateNumber, name: z.string().nullable() }).nullable(),
  timeline: z.array(TimelineEntrySchema),
  invoice: InvoiceViewSchema,
  /** 同じ所在地の法人: other active companies registered at the same domestic address (at most 10; more: there are others). */
  sameAddress: z.strictObject({
    items: z.array(z.strictObject({ corporateNumber, name: z.string(), kindLabel: z.string() })).max(10),
    more: z.boolean(),
  }),
  /** Canonical path of the record page. */
  path: z.string(),
});
export type ReferenceRecord = z.infer<typeof ReferenceRecordSchema>;

export { referencePath } from '@/lib/company-path';
