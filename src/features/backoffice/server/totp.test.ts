import { describe, expect, it } from 'vitest';

import { acceptedTotpStep, decryptSecret, encryptSecret, newTotpSecret, totpCodeAt, totpStep, totpUri } from './totp';

// RFC 6238 Appendix B: the SHA-1 test key "12345678901234567890" (base32 below), T = 59 s → 94287082 (8 digits; 6 → 287082).
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('TOTP (RFC 6238, 30 s, 6 digits, ±1 step)', () => {
  it('computes the RFC 6238 test vectors', () => {
    expect(totpCodeAt(RFC_SECRET, new Date(59_000))).toBe('287082');
    expect(totpCodeAt(RFC_SECRET, new Date(1_111_111_109_000))).toBe('081804');
    expect(totpCodeAt(RFC_SECRET, new Date(1_234_567_890_000))).toBe('005924');
  });

  it('accepts the codes of the previous, current and next step, and nothing further', () => {
    const secret = newTotpSecret();
    const now = new Date('2026-11-24T12:00:10Z');
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      const code = totpCodeAt(secret, new Date(now.getTime() + offset * 30_000));
      expect(acceptedTotpStep(secret, code, null, now)).toBe(step + offset);
    }
    for (const offset of [-3, -2, 2, 3]) {
      const code = totpCodeAt(secret, new Date(now.getTime() + offset * 30_000));
      expect(acceptedTotpStep(secret, code, null, now)).toBeNull();
    }
  });

  it('refuses a code of a step at or before the last accepted one (no replay)', () => {
    const secret = newTotpSecret();
    const now = new Date('2026-11-24T12:00:10Z');
    const step = totpStep(now);
    const current = totpCodeAt(secret, now);
    expect(acceptedTotpStep(secret, current, step, now)).toBeNull();
    expect(acceptedTotpStep(secret, totpCodeAt(secret, new Date(now.getTime() - 30_000)), step, now)).toBeNull();
    // the next step's code is still good after the current one was used
    expect(acceptedTotpStep(secret, totpCodeAt(secret, new Date(now.getTime() + 30_000)), step, now)).toBe(step + 1);
    expect(acceptedTotpStep(secret, current, step - 1, now)).toBe(step);
  });

  it('refuses malformed codes', () => {
    const secret = newTotpSecret();
    for (const code of ['', '12345', '1234567', 'abcdef']) expect(acceptedTotpStep(secret, code, null, new Date())).toBeNull();
  });

  it('encrypts the secret (authenticated) and builds an otpauth URI an authenticator can read', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const enc = encryptSecret(secret);
    expect(enc).not.toContain(secret);
    expect(encryptSecret(secret)).not.toBe(enc); // a fresh IV each time
    expect(decryptSecret(enc)).toBe(secret);
    const [v, iv, tag, ct] = enc.split('.');
    const tampered = [v, iv, tag, `${ct?.slice(0, -2)}AA`].join('.');
    expect(() => decryptSecret(tampered)).toThrow();
    const uri = new URL(totpUri(secret, 'boss@example.jp'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('digits')).toBe('6');
  });
});
