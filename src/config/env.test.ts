import { describe, expect, it } from 'vitest';

import { ConfigError, getEnv, parseEnv, setEnvForTest, withEnv } from './env';
import { isSampleInvoiceNumber } from './sample-operator';

/** A production configuration that passes: real-looking secrets and https service URLs. */
const PRODUCTION = {
  APP_ENV: 'production',
  SESSION_SECRET: 'x'.repeat(40),
  APP_BASE_URL: 'https://hojin.example',
  PAYJP_WEBHOOK_TOKEN: 'whook_real_token_value_123',
  PAYJP_SECRET_KEY: 'sk_live_0123456789abcdef',
  PAYJP_PUBLIC_KEY: 'pk_live_0123456789abcdef',
  PAYJP_API_BASE: 'https://api.pay.jp/v1',
  PAYJP_JS_URL: 'https://js.pay.jp/v2/pay.js',
  OIDC_ISSUER: 'https://accounts.google.com',
  OIDC_CLIENT_ID: 'client.apps.googleusercontent.com',
  OIDC_CLIENT_SECRET: 'GOCSPX-real-secret',
  OPERATOR_INVOICE_NUMBER: 'T1180301018771',
};

/** domain.md §1's check digit (the configuration may not import the registry's copy). */
function isValidCorporateNumber(n: string): boolean {
  const base = n.slice(1);
  const sum = [...base].reduce((s, d, i) => s + Number(d) * ((11 - i) % 2 === 0 ? 1 : 2), 0);
  return /^\d{13}$/.test(n) && Number(n[0]) === 9 - (sum % 9);
}

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

  it('defaults to a fictitious 登録番号 that no registrant can hold, and production refuses it (issue 24)', () => {
    const number = parseEnv({}).OPERATOR_INVOICE_NUMBER;
    expect(number).toBe('T0000000000000');
    // domain.md §1: the base 000000000000 has the check digit 9, so 0000000000000 is no 法人番号.
    expect(isValidCorporateNumber(number.slice(1))).toBe(false);
    expect(isSampleInvoiceNumber(number)).toBe(true);
    // the former default, the NTA specification's sample company, is a valid-looking number
    expect(isValidCorporateNumber('8040001999013')).toBe(true);
    expect(isSampleInvoiceNumber('T8040001999013')).toBe(true);
    for (const sample of ['T0000000000000', 'T8040001999013']) {
      expect(() => parseEnv({ ...PRODUCTION, OPERATOR_INVOICE_NUMBER: sample })).toThrow(/OPERATOR_INVOICE_NUMBER: 本番環境では運営者の/);
    }
    expect(parseEnv(PRODUCTION).OPERATOR_INVOICE_NUMBER).toBe('T1180301018771');
  });

  it('requires real secrets and https in production', () => {
    expect(() => parseEnv({ APP_ENV: 'production' })).toThrow(/SESSION_SECRET[\s\S]*APP_BASE_URL[\s\S]*PAYJP_WEBHOOK_TOKEN/);
    const env = parseEnv(PRODUCTION);
    expect(env.isProduction).toBe(true);
  });

  it("refuses the local stand-ins' keys and plain-http service URLs in production", () => {
    expect(() =>
      parseEnv({
        APP_ENV: 'production',
        SESSION_SECRET: 'x'.repeat(40),
        APP_BASE_URL: 'https://h.example',
        PAYJP_WEBHOOK_TOKEN: 'whook_real_token_value_123',
      }),
    ).toThrow(/PAYJP_SECRET_KEY[\s\S]*PAYJP_PUBLIC_KEY[\s\S]*PAYJP_API_BASE[\s\S]*PAYJP_JS_URL[\s\S]*OIDC_ISSUER[\s\S]*OIDC_CLIENT_SECRET/);
  });

  it('turns card payment off with an empty public key, and keeps the emulator key when unset', () => {
    expect(parseEnv({ PAYJP_PUBLIC_KEY: '' }).PAYJP_PUBLIC_KEY).toBe('');
    expect(parseEnv({}).PAYJP_PUBLIC_KEY).toBe('pk_test_hojinlocal0000000000000000');
    expect(parseEnv({ ...PRODUCTION, PAYJP_PUBLIC_KEY: '' }).PAYJP_PUBLIC_KEY).toBe('');
    expect(() => parseEnv({ PAYJP_PUBLIC_KEY: 'sk_test_secret' })).toThrow(/PAYJP_PUBLIC_KEY/);
  });

  it('requires the bucket and credentials when files go to S3 in production', () => {
    expect(() => parseEnv({ ...PRODUCTION, STORAGE_DRIVER: 's3' })).toThrow(/S3_BUCKET[\s\S]*S3_ACCESS_KEY_ID[\s\S]*S3_SECRET_ACCESS_KEY/);
  });

  it('treats empty optional values as unset', () => {
    expect(parseEnv({ DATABASE_URL: '', GTM_ID: '' }).DATABASE_URL).toBeUndefined();
  });
});

describe('the test override (setEnvForTest, withEnv)', () => {
  it('sets values for the next getEnv() without a module reload, and withEnv puts them back', async () => {
    setEnvForTest({ SERVICE_NAME: 'first' });
    expect(getEnv().SERVICE_NAME).toBe('first');
    setEnvForTest({ SERVICE_NAME: 'second' });
    expect(getEnv().SERVICE_NAME).toBe('second');
    await withEnv({ SERVICE_NAME: 'inner', GTM_ID: 'GTM-ABC123' }, () => {
      expect(getEnv().SERVICE_NAME).toBe('inner');
      expect(getEnv().GTM_ID).toBe('GTM-ABC123');
    });
    expect(getEnv().SERVICE_NAME).toBe('second');
    expect(getEnv().GTM_ID).toBeUndefined();
    setEnvForTest({ SERVICE_NAME: undefined });
    expect(getEnv().SERVICE_NAME).toBe('hojin');
  });

  it('still names a bad value with its message', () => {
    setEnvForTest({ ORDER_CUTOFF_TIME: '25:00' });
    expect(() => getEnv()).toThrow(/ORDER_CUTOFF_TIME: HH:MM の形式で指定してください/);
    setEnvForTest({ ORDER_CUTOFF_TIME: undefined });
    expect(getEnv().ORDER_CUTOFF_TIME).toBe('15:00');
  });
});
