import { describe, expect, it } from 'vitest';

import { ConfigError, parseEnv } from './env';

describe('parseEnv', () => {
  it('gives a working local configuration with no variables at all', () => {
    const env = parseEnv({});
    expect(env.PORT).toBe(3000);
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.paths.pglite).toMatch(/data\/pglite$/);
    expect(env.paths.registry).toMatch(/data\/registry\/registry\.sqlite$/);
    expect(env.PAYJP_API_BASE).toBe('http://127.0.0.1:4010/v1');
    expect(env.isProduction).toBe(false);
  });

  it('stops with a message naming each bad variable', () => {
    try {
      parseEnv({ PORT: 'eighty', DATABASE_URL: 'mysql://x', OPERATOR_INVOICE_NUMBER: '1234' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/PORT:/);
      expect(message).toMatch(/DATABASE_URL: postgres:\/\/ で始まる/);
      expect(message).toMatch(/OPERATOR_INVOICE_NUMBER: T に続く13桁/);
    }
  });

  it('requires real secrets and https in production', () => {
    expect(() => parseEnv({ APP_ENV: 'production' })).toThrow(/SESSION_SECRET[\s\S]*APP_BASE_URL[\s\S]*PAYJP_WEBHOOK_TOKEN/);
    const env = parseEnv({
      APP_ENV: 'production',
      SESSION_SECRET: 'x'.repeat(40),
      APP_BASE_URL: 'https://hojin.example',
      PAYJP_WEBHOOK_TOKEN: 'whook_real_token_value_123',
    });
    expect(env.isProduction).toBe(true);
  });

  it('requires the bucket and credentials when files go to S3 in production', () => {
    expect(() =>
      parseEnv({
        APP_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        APP_BASE_URL: 'https://h.example',
        PAYJP_WEBHOOK_TOKEN: 'whook_real_token_value_123',
        STORAGE_DRIVER: 's3',
      }),
    ).toThrow(/S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
  });

  it('treats empty optional values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', GTM_ID: '' }).DATABASE_URL).toBeUndefined();
  });
});
