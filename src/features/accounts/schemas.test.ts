import { describe, expect, it } from 'vitest';

import { CodeSchema, EmailSchema, NewPasswordSchema, RegisterBodySchema, isSafeNextPage, passwordHint, safeNextPage } from './schemas';

describe('accounts schemas', () => {
  it('normalises e-mail addresses (NFKC, trim, lower case)', () => {
    expect(EmailSchema.parse('  Ｔａｒｏ@Example.JP ')).toBe('taro@example.jp');
    expect(EmailSchema.safeParse('taro@').success).toBe(false);
  });

  it('rejects a 7-character password and accepts 8, 64 and 200 characters unchanged', () => {
    const r = NewPasswordSchema.safeParse('a'.repeat(7));
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('パスワードは8文字以上で入力してください。');
    for (const n of [8, 64, 200]) expect(NewPasswordSchema.parse('b'.repeat(n))).toHaveLength(n);
  });

  it('accepts codes typed with full-width digits and spaces', () => {
    expect(CodeSchema.parse('０１２ ３４５')).toBe('012345');
    expect(CodeSchema.safeParse('12345').success).toBe(false);
  });

  it('requires agreement and rejects unknown keys', () => {
    expect(RegisterBodySchema.safeParse({ email: 'a@example.jp', password: 'x'.repeat(10), agreement: false }).success).toBe(false);
    expect(RegisterBodySchema.safeParse({ email: 'a@example.jp', password: 'x'.repeat(10), agreement: true, admin: true }).success).toBe(
      false,
    );
  });

  it('honours nextPage only for same-site paths', () => {
    for (const ok of ['/search', '/my-page/basic-info?x=1', '/purchase/select#a']) expect(isSafeNextPage(ok)).toBe(true);
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', 'search', '', '/a\nb', '\\\\evil'])
      expect(isSafeNextPage(bad)).toBe(false);
    expect(safeNextPage('//evil.example')).toBe('/search');
  });

  it('gives a strength hint that rewards length and flags obvious passwords', () => {
    expect(passwordHint('abc').level).toBe(0);
    expect(passwordHint('password123').level).toBe(1);
    expect(passwordHint('hojin-kaisha', { serviceName: 'hojin' }).level).toBe(1);
    expect(passwordHint('sakura-fuji-umi-2026').level).toBe(3);
  });
});
