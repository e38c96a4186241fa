import path from 'node:path';

/** The e2e stack's own ports and data, apart from a developer's `npm start`. */
export const E2E_PORT = 3100;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_MAIL_URL = 'http://127.0.0.1:1180';
export const E2E_PAYJP_URL = 'http://127.0.0.1:4110';
export const E2E_OIDC_URL = 'http://127.0.0.1:4120';
export const E2E_DATA_DIR = path.resolve(__dirname, '..', '..', '..', 'tmp', 'e2e-data');

export const E2E_ENV: Record<string, string> = {
  APP_ENV: 'test',
  LOG_LEVEL: 'warn',
  PORT: String(E2E_PORT),
  APP_BASE_URL: E2E_BASE_URL,
  DATA_DIR: E2E_DATA_DIR,
  PAYJP_API_BASE: `${E2E_PAYJP_URL}/v1`,
  PAYJP_JS_URL: `${E2E_PAYJP_URL}/js/v2/pay.js`,
  OIDC_ISSUER: E2E_OIDC_URL,
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: '1125',
  MAIL_CATCHER_URL: E2E_MAIL_URL,
};
