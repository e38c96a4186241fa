/**
 * The public API's schemas (issue 26): the key page's own routes and every /v1 answer. The
 * OpenAPI document (server/openapi.ts) is generated from these and from the schemas the pages
 * already use (search, record, bulk check, watch), so the document and the validation are one.
 */
import { z } from 'zod';

import { BulkCheckResultSchema, SearchResultSchema } from '@/features/company-search';
import { InvoiceViewSchema, TimelineEntrySchema } from '@/features/company-reference';
import { CompanyRecordSchema } from '@/features/registry';
import { isCalendarDate } from '@/lib/calendar-date';
import { singleLineText } from '@/lib/plain-text';

import {
  API_BATCH_MAX,
  API_CHANGES_PAGE_DEFAULT,
  API_CHANGES_PAGE_MAX,
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_MESSAGES,
  WEBHOOK_URL_MAX,
} from './rules';

const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, '日付は YYYY-MM-DD の形式で指定してください。')
  .refine(isCalendarDate, '日付は YYYY-MM-DD の形式で、実在する日を指定してください。');

// ---- the key page (/my-page/api) ------------------------------------------------------------

export const ApiKeyCreateBodySchema = z.strictObject({
  name: singleLineText('キーの名前', { trim: true })
    .min(1, API_KEY_MESSAGES.name_required)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.name_too_long),
});
export const ApiKeyIdParamsSchema = z.strictObject({ id: z.uuid({ message: API_KEY_MESSAGES.not_found }) });

export const ApiKeySummarySchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  /** the key's first characters, e.g. "hj_live_AbCd" */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummarySchema>;
/** The answer to a creation: the only time the whole key is sent. */
export const CreatedApiKeySchema = ApiKeySummarySchema.extend({ key: z.string() });
export type CreatedApiKey = z.infer<typeof CreatedApiKeySchema>;
export const ApiKeyListSchema = z.strictObject({
  keys: z.array(ApiKeySummarySchema),
  /** requests per day (Japan time), all keys together, oldest first */
  usage: z.array(z.strictObject({ day: z.string(), requests: z.number().int() })),
  /** this month's requests and quota */
  month: z.strictObject({ month: z.string(), requests: z.number().int(), quota: z.number().int() }).optional(),
});
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

// ---- the paid plan (/my-page/api, issue 27 §2) ------------------------------------------------

const planIdSchema = z.string().regex(/^[a-z0-9]{1,20}$/, 'プランを選んでください。');
export const ApiSubscribeBodySchema = z.strictObject({
  planId: planIdSchema,
  cardId: z.string().regex(/^car_[A-Za-z0-9]{1,64}$/, 'お支払いに使うカードを選んでください。'),
});
export const ApiPlanChangeBodySchema = z.strictObject({ planId: planIdSchema });

// ---- /v1 -----------------------------------------------------------------------------------

/** RFC 9457 problem details, with the Japanese explanation in `detail`. */
export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    /** field → Japanese message, for 400/422 */
    errors: z.record(z.string(), z.string()).optional(),
    /** the request's id (X-Request-Id, ours or the one sent): quote it when asking for support */
    requestId: z.string().optional(),
  })
  .meta({ title: 'Problem' });

export const CorporateNumberParamsSchema = z.strictObject({
  corporateNumber: z.string().regex(/^\d{13}$/, '法人番号は13桁の数字で指定してください。'),
});
export const AsOfQuerySchema = z.strictObject({
  /** the day the invoice status is judged on (Japan time); default today */
  asOf: isoDate.optional(),
});

export const V1CompanySchema = z
  .strictObject({
    corporateNumber: z.string(),
    /** 会社法人等番号 (12 digits), for kinds with a commercial registry */
    companyLegalNumber: z.string().nullable(),
    assignmentDate: z.string(),
    closed: z.boolean(),
    current: CompanyRecordSchema,
    /** earlier states, newest first */
    history: z.array(CompanyRecordSchema),
    formerNames: z.array(z.string()),
    timeline: z.array(TimelineEntrySchema),
    successor: z.strictObject({ corporateNumber: z.string(), name: z.string().nullable() }).nullable(),
    invoice: InvoiceViewSchema,
    /** the record's page on hojin */
    url: z.string(),
    /** the newest NTA file applied (YYYY-MM-DD) */
    dataDate: z.string().nullable(),
  })
  .meta({ title: 'Company' });

export type V1Company = z.infer<typeof V1CompanySchema>;

export const V1SearchResultSchema = SearchResultSchema.meta({ title: 'SearchResult' });

export const V1BatchBodySchema = z
  .strictObject({
    /** 法人番号 (13 digits), T-numbers (T + 13 digits) or exact names, one per item */
    items: z
      .array(z.string().max(200))
      .min(1, '確認する項目を1件以上指定してください。')
      .max(API_BATCH_MAX, `一度に確認できるのは${API_BATCH_MAX}件までです。`),
    /** the day the registration is judged on (Japan time); default today */
    date: isoDate.optional(),
  })
  .meta({ title: 'BatchRequest' });
export const V1BatchResultSchema = BulkCheckResultSchema.meta({ title: 'BatchResult' });

export const InvoiceNumberParamsSchema = z.strictObject({
  registrationNumber: z.string().regex(/^T\d{13}$/, '登録番号は T と13桁の数字で指定してください。'),
});
export const V1InvoiceRegistrationSchema = z
  .strictObject({
    registrationNumber: z.string(),
    corporateNumber: z.string(),
    name: z.string().nullable(),
    invoice: InvoiceViewSchema,
    dataDate: z.string().nullable(),
  })
  .meta({ title: 'InvoiceRegistration' });

export const CHANGE_EVENT_TYPES = [
  'name_changed',
  'address_changed',
  'closed',
  'merged',
  'revived',
  'invoice_registered',
  'invoice_revoked',
  'invoice_expired',
] as const;

export const ChangesQuerySchema = z.strictObject({
  since: isoDate,
  limit: z.coerce.number().int().min(1).max(API_CHANGES_PAGE_MAX).default(API_CHANGES_PAGE_DEFAULT),
  cursor: z
    .string()
    .max(512)
    .regex(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/, '続きの位置の指定が正しくありません。')
    .optional(),
});
export const ChangeEventSchema = z
  .strictObject({
    type: z.enum(CHANGE_EVENT_TYPES),
    /** Japanese label of the type (商号変更, 所在地変更, 閉鎖, 合併, 復活, インボイス登録・取消・失効) */
    label: z.string(),
    corporateNumber: z.string(),
    /** 更新年月日 of the change */
    date: z.string(),
    name: z.string(),
    before: z.string().nullable(),
    after: z.string().nullable(),
    /** a sentence in Japanese, as the watch list's digest says it */
    description: z.string(),
  })
  .meta({ title: 'ChangeEvent' });
export const ChangesPageSchema = z
  .strictObject({
    since: z.string(),
    events: z.array(ChangeEventSchema),
    nextCursor: z.string().nullable(),
    dataDate: z.string().nullable(),
  })
  .meta({ title: 'ChangesPage' });

export const WatchBodySchema = z.strictObject({
  corporateNumber: z.string().regex(/^\d{13}$/, '法人番号は13桁の数字で指定してください。'),
});
export const WatchQuerySchema = z.strictObject({ page: z.coerce.number().int().min(1).max(1000).default(1) });
export const WatchAddedSchema = z
  .strictObject({ corporateNumber: z.string(), name: z.string(), added: z.boolean() })
  .meta({ title: 'WatchAdded' });

// ---- webhooks (issue 27 §5–6) ----------------------------------------------------------------

export const WebhookEndpointCreateBodySchema = z
  .strictObject({
    /** the receiver's URL (https://; checked when saved and again when called) */
    url: z.string().trim().min(1, WEBHOOK_MESSAGES.url_required).max(WEBHOOK_URL_MAX, WEBHOOK_MESSAGES.url_invalid),
    /** the event types to send */
    eventTypes: z
      .array(z.enum(WEBHOOK_EVENT_TYPES))
      .min(1, WEBHOOK_MESSAGES.types_required)
      .max(WEBHOOK_EVENT_TYPES.length)
      .transform((types) => [...new Set(types)]),
    description: singleLineText('説明', { trim: true }).max(WEBHOOK_DESCRIPTION_MAX).optional(),
  })
  .meta({ title: 'WebhookEndpointCreate' });
export const WebhookEndpointIdParamsSchema = z.strictObject({ id: z.uuid({ message: WEBHOOK_MESSAGES.not_found }) });
export const WebhookDeliveryParamsSchema = z.strictObject({
  id: z.uuid({ message: WEBHOOK_MESSAGES.not_found }),
  deliveryId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

export const WebhookEndpointSchema = z
  .strictObject({
    id: z.string(),
    url: z.string(),
    description: z.string(),
    eventTypes: z.array(z.string()),
    createdAt: z.string(),
    /** since when its oldest pending delivery has failed */
    failingSince: z.string().nullable(),
    /** set when it failed for 3 days; nothing is sent to it then */
    disabledAt: z.string().nullable(),
  })
  .meta({ title: 'WebhookEndpoint' });
export type WebhookEndpoint = z.infer<typeof WebhookEndpointSchema>;
/** A registration or a rotation: the only answers that carry the signing secret. */
export const CreatedWebhookEndpointSchema = WebhookEndpointSchema.extend({ secret: z.string() }).meta({
  title: 'WebhookEndpointWithSecret',
});
export type CreatedWebhookEndpoint = z.infer<typeof CreatedWebhookEndpointSchema>;
export const WebhookEndpointListSchema = z
  .strictObject({ endpoints: z.array(WebhookEndpointSchema) })
  .meta({ title: 'WebhookEndpointList' });
export type WebhookEndpointList = z.infer<typeof WebhookEndpointListSchema>;

export const WebhookDeliverySchema = z.strictObject({
  id: z.number().int(),
  eventId: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  attempts: z.number().int(),
  responseStatus: z.number().int().nullable(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;
export const WebhookDeliveryListSchema = z.strictObject({ deliveries: z.array(WebhookDeliverySchema) });
export type WebhookDeliveryList = z.infer<typeof WebhookDeliveryListSchema>;
