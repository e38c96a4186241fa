import 'server-only';

import { logger } from '@/server/logger';

import type { RenderedMail } from './compose';
import { sendMail } from './transport';

/** Waits before the second and third attempt of a mail sent in the background. */
export const BACKGROUND_MAIL_RETRY_DELAYS_MS = [2_000, 10_000] as const;

type Send = (to: string, mail: RenderedMail) => Promise<void>;

/**
 * Sends an account notice (registration, password, e-mail change, unregistering, a linked Google
 * account, a login under attack) after the answer, without holding the request: tried again twice
 * when the SMTP server does not take it (each failure is logged by sendMail as mail.failed), and
 * logged as mail.dropped when the last attempt fails. Never throws (issue 25 §7).
 */
export function sendMailInBackground(to: string, mail: RenderedMail): Promise<void> {
  return deliverWithRetries(to, mail);
}

/** The retry loop, with the sender and the delays injectable for tests. */
export async function deliverWithRetries(
  to: string,
  mail: RenderedMail,
  send: Send = sendMail,
  delays: readonly number[] = BACKGROUND_MAIL_RETRY_DELAYS_MS,
): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      await send(to, mail);
      return;
    } catch (error) {
      if (attempt >= delays.length) {
        logger.error({ event: 'mail.dropped', kind: mail.kind, attempts: attempt + 1, err: error }, 'mail not sent after retries');
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, delays[attempt]));
    }
  }
}
