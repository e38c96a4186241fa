import 'server-only';

import type { z } from 'zod';

import { method } from '@/server/http/route';
import { consumeOrThrow, limitKey, sharedLimit, waitText } from '@/server/rate-limit';

/**
 * Receipt downloads per member: rendering a PDF costs ~0.1–0.3 s of CPU, so a member (or a stolen
 * session) cannot turn the route into a load generator or probe ids at speed. 60 an hour is far
 * beyond what an accountant needs; every attempt counts, found or not.
 */
export const RECEIPT_DOWNLOADS_PER_HOUR = 60;

const limiter = sharedLimit({ keyPrefix: 'receipt_dl', points: RECEIPT_DOWNLOADS_PER_HOUR, duration: 3600 });

export async function consumeReceiptDownload(userId: string): Promise<void> {
  await consumeOrThrow(
    await limiter(),
    limitKey('receipt', userId),
    (seconds) => `領収書のダウンロードが短時間に集中しています。${waitText(seconds)}たってからもう一度お試しください。`,
  );
}

/**
 * A member's POST that changes one of their receipts (its 宛名, a re-issue;
 * /api/payments/receipt-*): login required, the body parsed by `body`; each call costs a point
 * of the download limit above (429), like the download it leads to, then `change` answers.
 */
export function receiptChangePost<BS extends z.ZodType>(body: BS, change: (userId: string, body: z.output<BS>) => Promise<object>) {
  return method({
    auth: 'required',
    body,
    handler: async ({ session, body: parsed }) => {
      await consumeReceiptDownload(session.userId);
      return change(session.userId, parsed as z.output<BS>);
    },
  });
}
