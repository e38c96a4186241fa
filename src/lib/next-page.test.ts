import { describe, expect, it } from 'vitest';

import { isSafeNextPage, loginPath, nextPageOrNull, registerPath, returnHere, safeNextPage } from './next-page';

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
    expect(loginPath({ nextPage: '/my-page/watch', expired: true, passwordChanged: true })).toBe(
      '/login?nextPage=%2Fmy-page%2Fwatch&expired=true&passwordChanged=true',
    );
    expect(loginPath({ nextPage: '/my-page/watch', passwordChanged: true })).toBe('/login?nextPage=%2Fmy-page%2Fwatch');
    expect(loginPath({ nextPage: '/purchase/select', loggedOutElsewhere: true })).toBe(
      '/login?nextPage=%2Fpurchase%2Fselect&loggedOutElsewhere=true',
    );
    expect(registerPath('/purchase/select')).toBe('/register?nextPage=%2Fpurchase%2Fselect');
    expect(registerPath('//evil.example')).toBe('/register');
    expect(registerPath(null)).toBe('/register');
  });

  it('returns the header links to the page the visitor is on, path and query', () => {
    expect(returnHere('/search-service/result', 'corporateNumber=1180301018771')).toBe(
      '/search-service/result?corporateNumber=1180301018771',
    );
    expect(returnHere('/search', 'q=%E3%83%88%E3%83%A8%E3%82%BF&pref=13')).toBe('/search?q=%E3%83%88%E3%83%A8%E3%82%BF&pref=13');
    expect(returnHere('/help/terms-of-use')).toBe('/help/terms-of-use');
    expect(returnHere('/search', '')).toBe('/search');
    expect(returnHere('/')).toBe('/');
    expect(loginPath({ nextPage: returnHere('/search-service/result', 'corporateNumber=1180301018771') })).toBe(
      '/login?nextPage=%2Fsearch-service%2Fresult%3FcorporateNumber%3D1180301018771',
    );
  });

  it('passes on the login and registration pages their own nextPage (the order button sent the visitor there)', () => {
    const select = '/purchase/select?corporateNumber=1180301018771';
    const query = `nextPage=${encodeURIComponent(select)}`;
    expect(returnHere('/login', query)).toBe(select);
    expect(returnHere('/login', `${query}&expired=true`)).toBe(select);
    expect(returnHere('/register', query)).toBe(select);
    expect(registerPath(returnHere('/login', query))).toBe(`/register?${query}`);
    expect(loginPath({ nextPage: returnHere('/register', query) })).toBe(`/login?${query}`);
    expect(returnHere('/login', 'nextPage=%2F%2Fevil.example')).toBeNull();
  });

  it('does not return the header links to login, registration, reset, completion or unsubscribe pages', () => {
    // (the back office has its own shell, without the site header)
    for (const [pathname, search] of [
      ['/login', ''],
      ['/login', 'expired=true'],
      ['/login', 'nextPage=%2Flogin'],
      ['/login/complete', ''],
      ['/register', ''],
      ['/register/completion', ''],
      ['/temporary-auth', ''],
      ['/password-reset', ''],
      ['/password-reset/sending', ''],
      ['/password-reset/new-password', 'token=abc'],
      ['/password-reset/completion', ''],
      ['/purchase/completion', 'paymentId=1'],
      ['/watch/unsubscribe', 'user=1&token=abc'],
    ] as const)
      expect(returnHere(pathname, search), pathname).toBeNull();
    expect(returnHere('/completions-guide')).toBe('/completions-guide');
    expect(returnHere('/administration')).toBe('/administration');
    expect(returnHere('//evil.example')).toBeNull();
  });
});
