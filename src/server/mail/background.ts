import 'server-only';

import { shutdownSignal } from '@/server/http/lifecycle';
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
  const delivery: Promise<void> = deliverWithRetries(to, mail, sendMail, BACKGROUND_MAIL_RETRY_DELAYS_MS, shutdownSignal()).finally(() =>
    inFlight.delete(delivery),
  );
  inFlight.add(delivery);
  return delivery;
}

/** Mails being sent or waiting for their next attempt (the metrics' mail queue). */
const inFlight = new Set<Promise<void>>();

export function backgroundMailsInFlight(): number {
  return inFlight.size;
}

/** Waits for every mail in the background (a stopping instance: their waits are cut short, see below). */
export async function settleBackgroundMails(): Promise<void> {
  await Promise.all([...inFlight]);
}

/** The retry loop, with the sender and the delays injectable for tests. */
export async function deliverWithRetries(
  to: string,
  mail: RenderedMail,
  send: Send = sendMail,
  delays: readonly number[] = BACKGROUND_MAIL_RETRY_DELAYS_MS,
  /** aborted when the instance stops: the remaining attempts are made at once, not after their delay */
  signal?: AbortSignal,
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
      await pause(delays[attempt] ?? 0, signal);
    }
  }
}

function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
