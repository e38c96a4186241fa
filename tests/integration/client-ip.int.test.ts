import { afterAll, describe, expect, it } from 'vitest';

import { Browser, startAccountsStack, uniqueEmail } from './accounts-support';
import { setEnvForTest } from '@/config/env';
import { installPeerAddressHeader } from '@/server/http/peer-address';
import { hashPassword } from '@/features/accounts/server/passwords';
import { createUser } from '../factories/users';
import * as csrfRoute from '@/app/api/session/csrf/route';
import * as loginRoute from '@/app/api/users/login/route';

/**
 * Without a trusted proxy the client is the TCP peer our server reports (server.ts writes it into
 * the per-process header of peer-address.ts); whatever the client writes in X-Forwarded-For or
 * X-Real-IP is ignored. The handlers are called directly here with the header our server would
 * set; tests/e2e/client-ip.spec.ts shows the same through the real server.
 */
const stack = await startAccountsStack();
setEnvForTest({ TRUSTED_PROXY_HEADER: undefined }); // the accounts stack sets one; this file is about its absence

afterAll(() => stack.close());

const PASSWORD = 'sakura-fuji-umi-2026';
const peer = installPeerAddressHeader();

/** A client whose TCP peer address is `address`; it may claim any X-Forwarded-For it likes. */
class PeerBrowser extends Browser {
  constructor(private readonly address: string) {
    super(address);
  }
  login(email: string, password: string, claimed: Record<string, string> = {}) {
    return this.post(loginRoute, '/api/users/login', { email, password }, { [peer]: this.address, ...claimed });
  }
}

const client = async (address: string) => {
  const b = new PeerBrowser(address);
  await b.init(csrfRoute);
  return b;
};

describe('the client address without a trusted proxy', () => {
  it('ignores a spoofed X-Forwarded-For: an attacker cannot pass as new clients or as its victim', async () => {
    const email = uniqueEmail('peer');
    await createUser({ email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
    const attacker = await client('203.0.113.50');
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const claimed = { 'x-forwarded-for': `192.0.2.${i + 1}`, 'x-real-ip': `192.0.2.${i + 1}` };
      statuses.push((await attacker.login(email, `wrong-${i}-password`, claimed)).status);
    }
    // one client for all eight, whatever it claimed: back-off after the sixth failure
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);

    // claiming the victim's address gets the attacker nothing either
    const victimAddress = '198.51.100.60';
    expect((await attacker.login(email, PASSWORD, { 'x-forwarded-for': victimAddress })).status).toBe(429);
    // the victim, a different peer, logs in
    expect((await (await client(victimAddress)).login(email, PASSWORD)).status).toBe(200);
  });

  it('counts a client the server did not describe (no peer header) as "unknown", never as what it claims', async () => {
    const email = uniqueEmail('nopeer');
    await createUser({ email, passwordHash: await hashPassword(PASSWORD), emailVerifiedAt: new Date() });
    const b = await new Browser('203.0.113.77').init(csrfRoute);
    for (let i = 0; i < 6; i++)
      expect((await b.post(loginRoute, '/api/users/login', { email, password: `nope-${i}-password` })).status).toBe(401);
    // a different X-Forwarded-For is the same "unknown" client: still backed off
    const other = await new Browser('203.0.113.78').init(csrfRoute);
    expect((await other.post(loginRoute, '/api/users/login', { email, password: PASSWORD })).status).toBe(429);
  });
});
