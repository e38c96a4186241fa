import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { clearLogin, loginEndedHereRecently, loginHasExpired, loginRedirect } from './auth-state';

describe('auth state', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    vi.stubGlobal('window', {
      localStorage: {
        getItem: (k: string) => store.get(k) ?? null,
        setItem: (k: string, v: string) => void store.set(k, String(v)),
        removeItem: (k: string) => void store.delete(k),
      },
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    });
    clearLogin(); // this module remembers a login seen in this page load
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('calls a login expired only when one was stored and has passed', () => {
    expect(loginHasExpired()).toBe(false); // never logged in
    store.set('auth_expire_time', new Date(Date.now() + 60_000).toISOString());
    expect(loginHasExpired()).toBe(false); // logged in
    store.set('auth_expire_time', new Date(Date.now() - 60_000).toISOString());
    expect(loginHasExpired()).toBe(true);
  });

  it('sends the visitor back to the page, with expired only when asked', () => {
    expect(loginRedirect({ expired: false, here: '/purchase/select' })).toBe('/login?nextPage=%2Fpurchase%2Fselect');
    expect(loginRedirect({ expired: true, here: '/my-page/basic-info' })).toBe('/login?nextPage=%2Fmy-page%2Fbasic-info&expired=true');
  });

  it('says another tab logged out when a login this page saw was removed, not expired (issue 24)', () => {
    store.set('auth_expire_time', new Date(Date.now() + 60_000).toISOString());
    expect(loginHasExpired()).toBe(false); // the page sees the login
    store.delete('auth_expire_time'); // another tab's logout
    expect(loginRedirect({ expired: loginHasExpired(), here: '/purchase/select' })).toBe(
      '/login?nextPage=%2Fpurchase%2Fselect&loggedOutElsewhere=true',
    );
    // an expiry is an expiry
    store.set('auth_expire_time', new Date(Date.now() - 60_000).toISOString());
    expect(loginRedirect({ expired: loginHasExpired(), here: '/purchase/select' })).toBe(
      '/login?nextPage=%2Fpurchase%2Fselect&expired=true',
    );
    // this tab's own logout starts over
    clearLogin();
    expect(loginRedirect({ expired: false, here: '/purchase/select' })).toBe('/login?nextPage=%2Fpurchase%2Fselect');
  });

  it('remembers for a moment that this tab ended the login itself (the guard lets that page navigate on)', () => {
    store.set('auth_expire_time', new Date(Date.now() + 60_000).toISOString());
    clearLogin();
    expect(store.has('auth_expire_time')).toBe(false);
    expect(loginHasExpired()).toBe(false); // logged out is not expired
    expect(loginEndedHereRecently()).toBe(true);
    expect(loginEndedHereRecently(Date.now() + 6000)).toBe(false);
  });
});
