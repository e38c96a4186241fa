import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.resetModules();
  vi.unstubAllEnvs();
});

async function load(appEnv: 'production' | 'development') {
  vi.stubEnv('APP_ENV', appEnv);
  if (appEnv === 'production') {
    // production refuses the development defaults; give it what it needs to parse
    vi.stubEnv('SESSION_SECRET', 'x'.repeat(48));
  }
  vi.resetModules();
  const env = await import('@/config/env');
  if (appEnv === 'production') {
    // only the cookie rule matters here: take the parsed env as it is, skipping production's other requirements
    vi.spyOn(env, 'getEnv').mockReturnValue({ ...env.parseEnv({ SESSION_SECRET: 'x'.repeat(48) }), isProduction: true });
  }
  return import('./cookies');
}

/** A Set-Cookie header as its name=value then its attributes in alphabetical order. */
function attributes(header: string): string[] {
  const [first = '', ...rest] = header.split('; ');
  return [first, ...rest.sort()];
}

describe('cookie rules', () => {
  it('names the staff cookie __Host-hojin_admin in production: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const { cookieName, cookieOptions, serializeCookie } = await load('production');
    expect(cookieName('admin')).toBe('__Host-hojin_admin');
    expect(cookieName('session')).toBe('__Host-hojin_session');
    const header = serializeCookie(cookieName('admin'), 'token', cookieOptions());
    expect(attributes(header)).toEqual(['__Host-hojin_admin=token', 'HttpOnly', 'Path=/', 'SameSite=Lax', 'Secure']);
    expect(header).not.toMatch(/Domain=/i);
  });

  it('uses plain names without Secure on http://localhost in development', async () => {
    const { cookieName, cookieOptions, serializeCookie } = await load('development');
    expect(cookieName('admin')).toBe('hojin_admin');
    expect(attributes(serializeCookie(cookieName('admin'), 'token', cookieOptions()))).toEqual([
      'hojin_admin=token',
      'HttpOnly',
      'Path=/',
      'SameSite=Lax',
    ]);
  });

  it('encodes the value, sets Max-Age when asked, and deletes with the same attributes and Max-Age=0', async () => {
    const { cookieOptions, serializeCookie } = await load('development');
    expect(attributes(serializeCookie('hojin_pre', 'a b;c', cookieOptions(600)))).toEqual([
      'hojin_pre=a%20b%3Bc',
      'HttpOnly',
      'Max-Age=600',
      'Path=/',
      'SameSite=Lax',
    ]);
    expect(attributes(serializeCookie('hojin_pre', '', null))).toEqual(['hojin_pre=', 'HttpOnly', 'Max-Age=0', 'Path=/', 'SameSite=Lax']);
  });

  it('keeps the staff cookie apart from the member cookie', async () => {
    const { cookieName } = await load('development');
    expect(cookieName('admin')).not.toBe(cookieName('session'));
  });
});
