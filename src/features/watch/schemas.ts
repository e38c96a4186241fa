import { z } from 'zod';

import { WATCH_EVENT_KINDS, WATCH_IMPORT_CHARS_MAX, WATCH_MESSAGES } from './constants';

/** Request and answer shapes of /api/watch/* (issue 15), shared by the route handlers and the page. */

const corporateNumberInput = z.string().trim().min(1, '法人番号を入力してください。').max(40, WATCH_MESSAGES.not_a_number);

export const WatchAddBodySchema = z.strictObject({ corporateNumber: corporateNumberInput });

export const WatchNumberParamsSchema = z.strictObject({ corporateNumber: z.string().regex(/^\d{13}$/, WATCH_MESSAGES.not_a_number) });

export const WatchImportBodySchema = z.strictObject({
  text: z.string().min(1, WATCH_MESSAGES.import_empty).max(WATCH_IMPORT_CHARS_MAX, WATCH_MESSAGES.import_too_long),
});

export const WatchListQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(1000).default(1),
});

export const WatchSubscriptionBodySchema = z.strictObject({ digest: z.boolean() });
export const WatchUnsubscribeBodySchema = z.strictObject({
  user: z.uuid('配信停止のリンクが正しくありません。'),
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, WATCH_MESSAGES.unsubscribe_invalid),
});

/** The registry's invoiceStandingOf states; the label is its one wording (decision 0048). */
export const WatchInvoiceStateSchema = z.enum(['valid', 'not_yet_valid', 'expired', 'disposed', 'not_registered', 'unknown']);

export const WatchEntrySchema = z.strictObject({
  corporateNumber: z.string(),
  /** the record page */
  path: z.string(),
  addedAt: z.string(),
  /** null: no longer in the registry (deleted or hidden) */
  company: z
    .strictObject({
      name: z.string(),
      address: z.string(),
      closed: z.boolean(),
      lastChange: z.strictObject({ label: z.string(), date: z.string() }),
      /** 承継先 of a closed company (合併 etc.): its record page, and its name when the registry shows it. */
      successor: z.strictObject({ corporateNumber: z.string(), name: z.string().nullable(), path: z.string() }).nullable(),
    })
    .nullable(),
  invoice: z.strictObject({ state: WatchInvoiceStateSchema, label: z.string() }),
});
export type WatchEntry = z.infer<typeof WatchEntrySchema>;

export const WatchListSchema = z.strictObject({
  total: z.number().int(),
  limit: z.number().int(),
  page: z.number().int(),
  totalPages: z.number().int(),
  digest: z.boolean(),
  entries: z.array(WatchEntrySchema),
});
export type WatchList = z.infer<typeof WatchListSchema>;

export const WatchEventSchema = z.strictObject({
  id: z.number().int(),
  corporateNumber: z.string(),
  path: z.string(),
  kind: z.enum(WATCH_EVENT_KINDS),
  label: z.string(),
  name: z.string(),
  dataDate: z.string(),
  text: z.string(),
});
export type WatchEvent = z.infer<typeof WatchEventSchema>;

export const WatchEventsSchema = z.strictObject({ events: z.array(WatchEventSchema) });

export const WatchImportResultSchema = z.strictObject({
  added: z.number().int(),
  already: z.number().int(),
  notFound: z.array(z.string()),
  invalid: z.array(z.strictObject({ line: z.number().int(), input: z.string(), message: z.string() })),
  overLimit: z.number().int(),
  total: z.number().int(),
});
export type WatchImportResult = z.infer<typeof WatchImportResultSchema>;
