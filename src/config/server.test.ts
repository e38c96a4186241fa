import { afterEach, describe, expect, it } from 'vitest';

import { parseEnv, setEnvForTest } from './env';
import { appUrl, dataPaths, serverConfig, serverConfigFrom, serverSecret, sessionPolicy } from './server';

describe('serverConfigFrom: each slice mapped from the variables once', () => {
  it('gives a working local service with no configuration at all', () => {
    const config = serverConfigFrom(parseEnv({}));
    expect(config.appBaseUrl).toBe('http://localhost:3000');
    expect(config.session).toEqual({
      idleMs: 120 * 60_000,
      absoluteMs: 24 * 3_600_000,
      staffIdleMs: 30 * 60_000,
      staffAbsoluteMs: 12 * 3_600_000,
      secureCookies: false,
    });
    expect(config.mail).toEqual({ host: '127.0.0.1', port: 1025, secure: false, auth: undefined, from: 'hojin <no-reply@hojin.example>' });
    expect(config.storage).toEqual({ driver: 'local', dir: config.paths.storage });
    expect(config.database).toEqual({ url: undefined, poolMax: 10, pglitePath: config.paths.pglite });
    expect(config.registryUpdate).toMatchObject({ nta: null, invoice: null, updatesDir: config.paths.registryUpdates });
    expect(config.trustedProxyHeader).toBeNull();
    expect(config.demoUserEnabled).toBe(true);
    expect(config.jobs).toEqual({
      reconcileIntervalMs: 60_000,
      reconcileGraceMs: 60_000,
      registryUpdateIntervalMs: 3_600_000,
      registrySnapshotIntervalMs: 60_000,
      watchIntervalMs: 600_000,
      drainTimeoutMs: 25_000,
      drainDelayMs: 0,
    });
    expect(config.metrics).toEqual({ port: null, token: null });
  });

  it('maps configured values: SMTP login, S3 with its default endpoint, the NTA API, the demo switch', () => {
    const config = serverConfigFrom(
      parseEnv({
        SMTP_USER: 'mailer',
        SMTP_PASSWORD: 'pw',
        STORAGE_DRIVER: 's3',
        S3_BUCKET: 'files',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 'secret',
        NTA_APPLICATION_ID: 'app123',
        DEMO_USER_ENABLED: 'false',
        TRUSTED_PROXY_HEADER: 'x-forwarded-for',
      }),
    );
    expect(config.mail.auth).toEqual({ user: 'mailer', pass: 'pw' });
    expect(config.storage).toEqual({
      driver: 's3',
      endpoint: 'https://s3.ap-northeast-1.amazonaws.com',
      region: 'ap-northeast-1',
      bucket: 'files',
      accessKeyId: 'AKIA',
      secretAccessKey: 'secret',
    });
    expect(config.registryUpdate.nta).toEqual({ baseUrl: 'http://127.0.0.1:4030/4', applicationId: 'app123' });
    expect(config.registryUpdate.invoice).toBeNull();
    expect(config.demoUserEnabled).toBe(false);
    expect(config.trustedProxyHeader).toBe('x-forwarded-for');
  });
});

describe('the accessors follow setEnvForTest', () => {
  afterEach(() =>
    setEnvForTest({ APP_BASE_URL: undefined, SESSION_IDLE_MINUTES: undefined, SESSION_SECRET: undefined, DATA_DIR: undefined }),
  );

  it('maps the new values after an override, and keeps the mapping while nothing changes', () => {
    setEnvForTest({
      APP_BASE_URL: 'https://one.example',
      SESSION_IDLE_MINUTES: '30',
      SESSION_SECRET: 'a'.repeat(32),
      DATA_DIR: '/tmp/one',
    });
    expect(serverConfig()).toBe(serverConfig());
    expect(appUrl('/x?y=1').toString()).toBe('https://one.example/x?y=1');
    expect(sessionPolicy().idleMs).toBe(30 * 60_000);
    expect(serverSecret()).toBe('a'.repeat(32));
    expect(dataPaths().pglite).toBe('/tmp/one/pglite');
    setEnvForTest({ APP_BASE_URL: 'https://two.example', SESSION_IDLE_MINUTES: '45' });
    expect(appUrl('/x').toString()).toBe('https://two.example/x');
    expect(sessionPolicy().idleMs).toBe(45 * 60_000);
  });
});
