import { afterAll, describe, expect, it } from 'vitest';

import { Browser, startAccountsStack, uniqueEmail, waitForMail } from './accounts-support';
import * as csrfRoute from '@/app/api/session/csrf/route';
import * as registerRoute from '@/app/api/users/register/route';
import { setEnvForTest } from '@/config/env';

// A small cap for this file (CODE_MAIL_PER_IP_PER_HOUR, decision 0011), set before the app's modules load.
setEnvForTest({ CODE_MAIL_PER_IP_PER_HOUR: '3' });
const stack = await startAccountsStack();

afterAll(() => stack.close());

const PASSWORD = 'sakura-fuji-umi-2026';

async function registerFrom(ip: string, email: string) {
  const b = await new Browser(ip).init(csrfRoute);
  return b.post(registerRoute, '/api/users/register', { email, password: PASSWORD, agreement: true });
}

describe('code mails per client IP across addresses', () => {
  it('sends the configured number from one IP in an hour, then refuses in Japanese with the wait; other IPs are not affected', async () => {
    const shared = '203.0.113.7';
    for (let i = 0; i < 3; i++) {
      const email = uniqueEmail('ipcap');
      const res = await registerFrom(shared, email);
      expect(res.status).toBe(200);
      await waitForMail(stack, email);
    }
    const refused = await registerFrom(shared, uniqueEmail('ipcap'));
    expect(refused.status).toBe(429);
    expect(refused.json.error?.message).toMatch(/メールの送信が集中しているため.*たってからもう一度お試しください/);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(3000);

    const elsewhere = await registerFrom('203.0.113.8', uniqueEmail('ipcap'));
    expect(elsewhere.status).toBe(200);
  });
});
