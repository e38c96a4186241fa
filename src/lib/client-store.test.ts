import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

function stubSessionStorage() {
  const store = new Map<string, string>();
  vi.stubGlobal('window', {
    sessionStorage: { getItem: (k: string) => store.get(k) ?? null, setItem: (k: string, v: string) => void store.set(k, v) },
  });
  return store;
}

describe('client store', () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => vi.unstubAllGlobals());

  it('starts from the spec initial values with every flag false', async () => {
    stubSessionStorage();
    const { getClientState } = await import('./client-store');
    expect(getClientState().flags).toEqual({ isDemoUser: false, isGoogleUser: false, isAgreement: false });
    expect(getClientState().destination.destinationZipCode).toBe('');
  });

  it('resets one piece without touching the others', async () => {
    stubSessionStorage();
    const { getClientState, resetPiece, setPiece } = await import('./client-store');
    setPiece('destination', (d) => ({ ...d, recipient: '山田 太郎' }));
    setPiece('flags', (f) => ({ ...f, isAgreement: true }));
    resetPiece('destination');
    expect(getClientState().destination.recipient).toBe('');
    expect(getClientState().flags.isAgreement).toBe(true);
  });

  it('survives a reload but never keeps a card token', async () => {
    const store = stubSessionStorage();
    const first = await import('./client-store');
    first.setPiece('newCard', (c) => ({ ...c, token: 'tok_secret', last4: '4242', brand: 'Visa' }));
    first.setPiece('destination', (d) => ({ ...d, destinationZipCode: '1000005' }));
    expect(store.get('hojin_client_state')).not.toContain('tok_secret');

    vi.resetModules(); // a reload: the module state is gone, sessionStorage remains
    const second = await import('./client-store');
    expect(second.getClientState().destination.destinationZipCode).toBe('1000005');
    expect(second.getClientState().newCard).toMatchObject({ last4: '4242', token: '' });
  });
});
