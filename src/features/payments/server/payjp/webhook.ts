import 'server-only';

import { createHash, timingSafeEqual } from 'node:crypto';

import { getPayjpConfig } from './config';
import { PayjpEventSchema, type PayjpEvent } from './schemas';

/**
 * PAY.JP authenticates a webhook only by the static token in `X-Payjp-Webhook-Token`. Compare in
 * constant time; hashing both sides first makes the comparison independent of their lengths.
 */
export function isValidWebhookToken(received: string | null | undefined, expected: string = getPayjpConfig().webhookToken): boolean {
  if (!received || !expected) return false;
  const a = createHash('sha256').update(received, 'utf8').digest();
  const b = createHash('sha256').update(expected, 'utf8').digest();
  return timingSafeEqual(a, b);
}

/**
 * Parses a webhook body as a PAY.JP event. The handler dedupes by `event.id` and re-fetches the
 * resource (`data.id`) before acting: a webhook may be duplicated, delayed or never arrive, and its
 * payload is not proof of anything.
 */
export function parseWebhookEvent(body: unknown): { ok: true; event: PayjpEvent } | { ok: false; reason: string } {
  const result = PayjpEventSchema.safeParse(body);
  if (!result.success) return { ok: false, reason: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') };
  return { ok: true, event: result.data };
}
