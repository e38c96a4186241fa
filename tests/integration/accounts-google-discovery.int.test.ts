/**
 * The provider's discovery document as the app caches it (accounts/server/oidc.ts): a provider
 * that cannot be reached gives the Japanese 「ただいま利用できません」 page, not a 500; the app
 * tries again after a short pause rather than on every click; a cached document outlives a
 * provider outage. Its own file: the cache is module state, and the other Google tests fill it.
 */
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import { startOidcProvider } from '../../dev/oidc/provider';

import { Browser, authorizeAtProvider, startAccountsStack, uniqueEmail } from './accounts-support';
import { DISCOVERY_RETRY_MS, DISCOVERY_TTL_MS } from '@/features/accounts/server/oidc';
import { socialErrorMessage } from '@/features/accounts/schemas';
import * as csrfRoute from '@/app/api/session/csrf/route';
import * as loginSocial from '@/app/api/users/login-social/route';
import * as registerSocial from '@/app/api/users/register-social/route';
import * as registerCallback from '@/app/api/users/register-social/callback/route';

const stack = await startAccountsStack();
const port = Number(new URL(stack.oidc.issuer).port);
// Down before the app ever asked: the app starts with nothing cached.
await stack.oidc.close();

afterAll(() => stack.close());
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** Counts the app's requests for the discovery document. */
function countDiscovery() {
  const realFetch = globalThis.fetch;
  const seen: string[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url.endsWith('/.well-known/openid-configuration')) seen.push(url);
    return realFetch(input, init);
  });
  return seen;
}

async function startLogin() {
  const b = await new Browser().init(csrfRoute);
  const res = await b.get(loginSocial, '/api/users/login-social');
  return { b, res, location: new URL(res.headers.get('location') ?? '') };
}

describe('Google sign-in when the provider cannot be reached', () => {
  it('answers the Japanese 「ただいま利用できません」 page, waits before asking again, then works once the provider is back', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date());
    const discoveries = countDiscovery();

    const down = await startLogin();
    expect(down.res.status).toBe(302);
    expect(down.location.pathname).toBe('/login');
    expect(down.location.searchParams.get('error')).toBe('social_unavailable');
    expect(socialErrorMessage('social_unavailable')).toContain('ただいま Google でのログインを利用できません');
    expect(down.b.jar.has('hojin_oidc')).toBe(false);
    expect(discoveries).toHaveLength(1);

    // The provider is back, but within the pause the app does not ask again: an immediate answer
    // instead of every visitor waiting for a provider that was just seen down.
    stack.oidc = await startOidcProvider({ port });
    const pausing = await startLogin();
    expect(pausing.location.searchParams.get('error')).toBe('social_unavailable');
    expect(discoveries).toHaveLength(1);

    vi.setSystemTime(new Date(Date.now() + DISCOVERY_RETRY_MS + 1000));
    const back = await startLogin();
    expect(back.location.origin).toBe(stack.oidc.issuer);
    expect(back.b.jar.has('hojin_oidc')).toBe(true);
    expect(discoveries).toHaveLength(2);

    // and the whole sign-in goes through
    const b = await new Browser().init(csrfRoute);
    const authorize = (await b.get(registerSocial, '/api/users/register-social?agreement=true')).headers.get('location') ?? '';
    const callbackUrl = await authorizeAtProvider(stack, authorize, { email: uniqueEmail('after-outage') });
    const landing = await b.get(registerCallback, callbackUrl.pathname + callbackUrl.search);
    expect(new URL(landing.headers.get('location') ?? '').pathname).toBe('/login/complete');
    expect(b.jar.has('hojin_session')).toBe(true);
    expect(discoveries).toHaveLength(2); // cached
  });

  it('keeps using the cached document when a refresh fails, and refreshes once the provider answers', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.now() + DISCOVERY_RETRY_MS + 1000));
    expect((await startLogin()).location.origin).toBe(stack.oidc.issuer); // cached by now
    const discoveries = countDiscovery();
    await stack.oidc.close();
    vi.setSystemTime(new Date(Date.now() + DISCOVERY_TTL_MS + 1000));
    const stale = await startLogin();
    // The authorization URL of the document we had: a short discovery hiccup at Google does not
    // stop sign-in while its other endpoints still answer.
    expect(stale.location.origin).toBe(stack.oidc.issuer);
    expect(discoveries).toHaveLength(1);

    stack.oidc = await startOidcProvider({ port });
    vi.setSystemTime(new Date(Date.now() + DISCOVERY_RETRY_MS + 1000));
    expect((await startLogin()).location.origin).toBe(stack.oidc.issuer);
    expect(discoveries).toHaveLength(2);
  });
});
