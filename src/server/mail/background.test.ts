import { afterEach, describe, expect, it, vi } from 'vitest';

import { logger } from '@/server/logger';

import { deliverWithRetries } from './background';
import type { RenderedMail } from './compose';

const mail = { kind: 'password-changed', subject: 's', text: 't', html: '<p>t</p>' } as unknown as RenderedMail;

afterEach(() => vi.restoreAllMocks());

describe('deliverWithRetries', () => {
  it('tries again when the SMTP server does not take the mail, and stops once it does', async () => {
    const send = vi.fn().mockRejectedValueOnce(new Error('ECONNREFUSED')).mockResolvedValueOnce(undefined);
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await deliverWithRetries('a@example.jp', mail, send, [0, 0]);
    expect(send).toHaveBeenCalledTimes(2);
    expect(error).not.toHaveBeenCalled();
  });

  it('logs the mail as dropped after the last attempt and never throws', async () => {
    const send = vi.fn().mockRejectedValue(new Error('ECONNREFUSED'));
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    await expect(deliverWithRetries('a@example.jp', mail, send, [0, 0])).resolves.toBeUndefined();
    expect(send).toHaveBeenCalledTimes(3);
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ event: 'mail.dropped', kind: 'password-changed', attempts: 3 }),
      expect.any(String),
    );
  });

  it('makes its remaining attempts at once when the instance stops (no 10 s wait holding the drain)', async () => {
    const send = vi.fn().mockRejectedValue(new Error('ECONNREFUSED'));
    vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const abort = new AbortController();
    const started = Date.now();
    const done = deliverWithRetries('a@example.jp', mail, send, [60_000, 60_000], abort.signal);
    await new Promise((resolve) => setTimeout(resolve, 20));
    abort.abort();
    await done;
    expect(send).toHaveBeenCalledTimes(3);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
