import 'server-only';

import { z } from 'zod';

/**
 * PAY.JP API v1 responses, parsed at the boundary. These objects are deliberately not strict:
 * PAY.JP adds response fields without a version change (card.email/phone and charge.term_id
 * arrived in 2024), and a strict parse would turn a successful charge into an "unknown outcome".
 * Unknown fields are stripped; the fields the app relies on are required and typed
 * (docs/decisions/0005-payjp-fetch-client.md).
 */

const timestamp = z.number().int();
const nullableString = z.string().nullable();

/** PAY.JP stores metadata values as strings; tolerate numbers and booleans echoed back. */
export const PayjpMetadataSchema = z
  .record(
    z.string(),
    z.union([z.string(), z.number(), z.boolean()]).transform((v) => String(v)),
  )
  .nullable();

/**
 * `unverified | verified | attempted | failed | error | …` — kept as a string so that a status
 * PAY.JP adds later does not break parsing; decide with isThreeDSecurePassed().
 */
export const ThreeDSecureStatusSchema = z.string().nullable();

export const PayjpCardSchema = z.object({
  object: z.literal('card'),
  id: z.string().startsWith('car_'),
  livemode: z.boolean(),
  created: timestamp,
  name: nullableString.optional(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  brand: z.string(),
  cvc_check: z.string().optional(),
  fingerprint: z.string(),
  address_state: nullableString.optional(),
  address_city: nullableString.optional(),
  address_line1: nullableString.optional(),
  address_line2: nullableString.optional(),
  country: nullableString.optional(),
  address_zip: nullableString.optional(),
  address_zip_check: z.string().optional(),
  customer: nullableString.optional(),
  metadata: PayjpMetadataSchema.optional(),
  three_d_secure_status: ThreeDSecureStatusSchema.optional(),
  email: nullableString.optional(),
  phone: nullableString.optional(),
});
export type PayjpCard = z.infer<typeof PayjpCardSchema>;

export const PayjpTokenSchema = z.object({
  object: z.literal('token'),
  id: z.string().startsWith('tok_'),
  livemode: z.boolean(),
  created: timestamp,
  used: z.boolean(),
  card: PayjpCardSchema,
});
export type PayjpToken = z.infer<typeof PayjpTokenSchema>;

export const PayjpChargeSchema = z.object({
  object: z.literal('charge'),
  id: z.string().startsWith('ch_'),
  livemode: z.boolean(),
  created: timestamp,
  amount: z.number().int(),
  currency: z.string(),
  paid: z.boolean(),
  expired_at: timestamp.nullable(),
  captured: z.boolean(),
  captured_at: timestamp.nullable(),
  card: PayjpCardSchema.nullable(),
  customer: nullableString,
  description: nullableString,
  failure_code: nullableString,
  failure_message: nullableString,
  fee_rate: nullableString.optional(),
  refunded: z.boolean(),
  amount_refunded: z.number().int(),
  refund_reason: nullableString,
  subscription: nullableString.optional(),
  metadata: PayjpMetadataSchema,
  three_d_secure_status: ThreeDSecureStatusSchema.optional().transform((v) => v ?? null),
  term_id: nullableString.optional(),
});
export type PayjpCharge = z.infer<typeof PayjpChargeSchema>;

export function payjpListSchema<T extends z.ZodType>(item: T) {
  return z.object({
    object: z.literal('list'),
    data: z.array(item),
    has_more: z.boolean(),
    count: z.number().int(),
    url: z.string(),
  });
}
export interface PayjpList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  count: number;
  url: string;
}

export const PayjpCustomerSchema = z.object({
  object: z.literal('customer'),
  id: z.string().min(1),
  livemode: z.boolean(),
  created: timestamp,
  email: nullableString,
  description: nullableString,
  default_card: nullableString,
  metadata: PayjpMetadataSchema,
  cards: payjpListSchema(PayjpCardSchema),
});
export type PayjpCustomer = z.infer<typeof PayjpCustomerSchema>;

export const PayjpDeletedSchema = z.object({
  deleted: z.literal(true),
  id: z.string(),
  livemode: z.boolean(),
});
export type PayjpDeleted = z.infer<typeof PayjpDeletedSchema>;

export const PayjpPlanSchema = z.object({
  object: z.literal('plan'),
  id: z.string().min(1),
  livemode: z.boolean(),
  created: timestamp,
  amount: z.number().int(),
  currency: z.string(),
  interval: z.string(),
  name: nullableString,
  trial_days: z.number().int().nullish(),
  billing_day: z.number().int().nullish(),
  metadata: PayjpMetadataSchema.optional(),
});
export type PayjpPlan = z.infer<typeof PayjpPlanSchema>;

/** `active | trial | canceled | paused` — a string, as for 3-D Secure, so a new status parses. */
export const PayjpSubscriptionSchema = z.object({
  object: z.literal('subscription'),
  id: z.string().startsWith('sub_'),
  livemode: z.boolean(),
  created: timestamp,
  start: timestamp.nullish(),
  customer: z.string(),
  plan: PayjpPlanSchema,
  next_cycle_plan: PayjpPlanSchema.nullish(),
  status: z.string(),
  prorate: z.boolean().optional(),
  current_period_start: timestamp.nullable(),
  current_period_end: timestamp.nullable(),
  trial_start: timestamp.nullish(),
  trial_end: timestamp.nullish(),
  canceled_at: timestamp.nullish(),
  paused_at: timestamp.nullish(),
  resumed_at: timestamp.nullish(),
  metadata: PayjpMetadataSchema.optional(),
});
export type PayjpSubscription = z.infer<typeof PayjpSubscriptionSchema>;

export const PayjpThreeDSecureRequestSchema = z.object({
  object: z.literal('three_d_secure_request'),
  id: z.string().startsWith('tdsr_'),
  resource_id: z.string(),
  livemode: z.boolean(),
  created: timestamp,
  state: z.string(),
  started_at: timestamp.nullable(),
  result_received_at: timestamp.nullable(),
  finished_at: timestamp.nullable(),
  expired_at: timestamp.nullable(),
  three_d_secure_status: ThreeDSecureStatusSchema,
});
export type PayjpThreeDSecureRequest = z.infer<typeof PayjpThreeDSecureRequestSchema>;

/**
 * An event as GET /v1/events/{id} answers and as a webhook delivers it. `data` is left as an
 * object: a webhook handler re-fetches the resource instead of trusting the payload.
 */
/**
 * PAY.JP object ids are a prefix and letters/digits (`ch_fa99…`); event types are dotted lower-case
 * words (`customer.card.created`). Anything else (control characters, NUL — which PostgreSQL text
 * refuses) is not PAY.JP's and is refused here, before it reaches the webhook log table.
 */
const payjpId = z.string().regex(/^[A-Za-z0-9_]{1,100}$/);

export const PayjpEventSchema = z.object({
  object: z.literal('event'),
  id: payjpId.startsWith('evnt_'),
  livemode: z.boolean(),
  created: timestamp,
  type: z.string().regex(/^[a-z0-9_]+(\.[a-z0-9_]+)*$/),
  pending_webhooks: z.number().int().optional(),
  data: z.object({ object: z.string(), id: payjpId }).loose(),
});
export type PayjpEvent = z.infer<typeof PayjpEventSchema>;

export const PayjpErrorEnvelopeSchema = z.object({
  error: z.object({
    type: z.string(),
    message: z.string(),
    status: z.number().int().optional(),
    code: z.string().nullish(),
    param: z.string().nullish(),
    charge: z.string().nullish(),
  }),
});

/** PAY.JP: tds_finish is allowed for `verified` and `attempted` only. */
export function isThreeDSecurePassed(status: string | null | undefined): boolean {
  return status === 'verified' || status === 'attempted';
}
