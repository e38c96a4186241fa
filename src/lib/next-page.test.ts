import { describe, expect, it } from 'vitest';

import { isSafeNextPage, loginPath, nextPageOrNull, registerPath, safeNextPage } from './next-page';

describe('nextPage', () => {
  it('honours same-site page paths', () => {
    for (const ok of ['/search', '/search?q=トヨタ', '/my-page/basic-info?x=1', '/purchase/select', '/purchase/select#a', '/'])
      expect(isSafeNextPage(ok), ok).toBe(true);
  });

  it('refuses other sites, odd forms and control characters (no open redirect)', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      '\\\\evil',
      'https://evil.example',
      'http:/evil.example',
      'javascript:alert(1)',
      'search',
      '',
      '/a\nb',
      '/a\tb',
      '/\u0000',
      `/${'a'.repeat(512)}`,
    ])
      expect(isSafeNextPage(bad), JSON.stringify(bad)).toBe(false);
    for (const bad of [null, undefined, 1, ['/search'], { toString: () => '/search' }]) expect(isSafeNextPage(bad)).toBe(false);
  });

  it('refuses the login and registration steps and the API as destinations', () => {
    for (const loop of [
      '/login',
      '/login?nextPage=/search',
      '/login/complete',
      '/register',
      '/register/completion',
      '/temporary-auth',
      '/password-reset/completion',
      '/api/users/me',
    ])
      expect(isSafeNextPage(loop), loop).toBe(false);
    expect(isSafeNextPage('/registered-companies')).toBe(true);
  });

  it('falls back to the search, or to nothing', () => {
    expect(safeNextPage('//evil.example')).toBe('/search');
    expect(safeNextPage(null, '/register/completion')).toBe('/register/completion');
    expect(nextPageOrNull('https://evil.example')).toBeNull();
    expect(nextPageOrNull('/purchase/select')).toBe('/purchase/select');
  });

  it('builds the login and registration URLs, with expired only when asked', () => {
    expect(loginPath()).toBe('/login');
    expect(loginPath({ nextPage: '/purchase/select' })).toBe('/login?nextPage=%2Fpurchase%2Fselect');
    expect(loginPath({ nextPage: '/purchase/select', expired: true })).toBe('/login?nextPage=%2Fpurchase%2Fselect&expired=true');
    expect(loginPath({ nextPage: '//evil.example', expired: true })).toBe('/login?expired=true');
    expect(registerPath('/purchase/select')).toBe('/register?nextPage=%2Fpurchase%2Fselect');
    expect(registerPath('//evil.example')).toBe('/register');
    expect(registerPath(null)).toBe('/register');
  });
});
