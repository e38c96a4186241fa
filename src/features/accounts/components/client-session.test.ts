import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
  afterRegistration,
  loadPendingRegistration,
  markJustCompleted,
  savePendingRegistration,
  takeJustCompleted,
} from './client-session';

function fakeSessionStorage() {
  const store = new Map<string, string>();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, String(v)),
      removeItem: (k: string) => void store.delete(k),
    },
  });
  return store;
}

describe('one-time completion flags', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = fakeSessionStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is false for anyone who did not just complete it (a URL opened directly)', () => {
    expect(takeJustCompleted('password-reset', Date.now() + 60_000)).toBe(false);
  });

  it('is true once right after completing, then false (a reload later)', () => {
    const now = Date.now();
    markJustCompleted('password-reset');
    expect(takeJustCompleted('password-reset', now + 10)).toBe(true);
    expect(store.size).toBe(0);
    // React's second run of the same effect agrees with the first …
    expect(takeJustCompleted('password-reset', now + 20)).toBe(true);
    // … a later visit does not
    expect(takeJustCompleted('password-reset', now + 60_000)).toBe(false);
  });

  it('ignores a stale or forged flag, and keeps the kinds apart', () => {
    const now = Date.now();
    store.set('hojin_just_registered', String(now - 11 * 60 * 1000));
    expect(takeJustCompleted('registration', now)).toBe(false);
    store.set('hojin_just_registered', 'yes');
    expect(takeJustCompleted('registration', now)).toBe(false);
    markJustCompleted('registration');
    expect(takeJustCompleted('password-reset', now + 5000)).toBe(false);
  });

  it('after registration goes straight on to the destination, else to the completion page', () => {
    expect(afterRegistration('/purchase/select')).toBe('/purchase/select');
    expect(afterRegistration(null)).toBe('/register/completion');
    expect(store.has('hojin_just_registered')).toBe(true);
  });

  it('keeps the destination with the pending registration, and only a safe one', () => {
    savePendingRegistration({ requestId: 'r1', email: 'a@example.jp', resendAfterSeconds: 60, expiresInSeconds: 600 }, '/purchase/select');
    expect(loadPendingRegistration()?.nextPage).toBe('/purchase/select');
    const raw = JSON.parse(store.get('hojin_pending_registration') ?? '{}') as Record<string, unknown>;
    store.set('hojin_pending_registration', JSON.stringify({ ...raw, nextPage: '//evil.example' }));
    expect(loadPendingRegistration()?.nextPage).toBeNull();
  });
});
