import { describe, expect, it } from 'vitest';

import { assertAcceptablePassword, hashPassword, needsRehash, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id m=19456,t=2,p=1 as a PHC string and verifies', async () => {
    const h = await hashPassword('correct horse battery');
    expect(h).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(h, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(h, 'correct horse batterY')).toBe(false);
    expect(needsRehash(h)).toBe(false);
  });

  it('never truncates: a 200-character password differs from its first 128 characters', async () => {
    const long = 'x'.repeat(128) + 'y'.repeat(72);
    const h = await hashPassword(long);
    expect(await verifyPassword(h, long)).toBe(true);
    expect(await verifyPassword(h, 'x'.repeat(128))).toBe(false);
    expect(await verifyPassword(h, long.slice(0, 199))).toBe(false);
  });

  it('asks for a rehash when the parameters are older', () => {
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c29tZXNhbHRzb21lc2FsdA$0vLWC2mlYmOiVyrSNQ0AjW1aEQLbwxDRV1p5k5vTqGM')).toBe(true);
    expect(needsRehash('not a hash')).toBe(true);
  });

  it('fails without a stored hash (unknown e-mail) after doing the same work', async () => {
    expect(await verifyPassword(null, 'anything at all')).toBe(false);
  });

  it('rejects common passwords, the service name and the e-mail address', () => {
    expect(() => assertAcceptablePassword('password1')).toThrow();
    expect(() => assertAcceptablePassword('Iloveyou1')).toThrow();
    expect(() => assertAcceptablePassword('my-HOJIN-account')).toThrow(/入力内容/);
    expect(() => assertAcceptablePassword('taro@example.jp', { email: 'taro@example.jp' })).toThrow();
    expect(() => assertAcceptablePassword('sakura-fuji-umi-2026')).not.toThrow();
  });
});
