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
  const cookies = await import('./cookies');
  const route = await import('@/server/http/route');
  return { ...cookies, serializeCookie: route.serializeCookie };
}

describe('cookie rules', () => {
  it('names the staff cookie __Host-hojin_admin in production: Secure, HttpOnly, SameSite=Lax, Path=/, no Domain', async () => {
    const { cookieName, cookieOptions, serializeCookie } = await load('production');
    expect(cookieName('admin')).toBe('__Host-hojin_admin');
    expect(cookieName('session')).toBe('__Host-hojin_session');
    const header = serializeCookie(cookieName('admin'), 'token', cookieOptions());
    expect(header).toBe('__Host-hojin_admin=token; Path=/; HttpOnly; SameSite=Lax; Secure');
    expect(header).not.toMatch(/Domain=/i);
  });

  it('uses plain names without Secure on http://localhost in development', async () => {
    const { cookieName, cookieOptions, serializeCookie } = await load('development');
    expect(cookieName('admin')).toBe('hojin_admin');
    expect(serializeCookie(cookieName('admin'), 'token', cookieOptions())).toBe('hojin_admin=token; Path=/; HttpOnly; SameSite=Lax');
  });

  it('keeps the staff cookie apart from the member cookie', async () => {
    const { cookieName } = await load('development');
    expect(cookieName('admin')).not.toBe(cookieName('session'));
  });
});
