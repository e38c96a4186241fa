import path from 'node:path';

/**
 * The e2e stack's own ports and data, apart from a developer's `npm start`. `E2E_SLOT` (0–9,
 * default 0) shifts every port by 100 × slot and uses its own data folder, so two checkouts (or two
 * people on one machine) can run the browser suite at the same time.
 */
const slot = Number.parseInt(process.env.E2E_SLOT ?? '0', 10);
if (!Number.isInteger(slot) || slot < 0 || slot > 9) throw new Error('E2E_SLOT must be an integer from 0 to 9');
const shift = slot * 100;

export const E2E_PORT = 3100 + shift;
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
export const E2E_MAIL_URL = `http://127.0.0.1:${1180 + shift}`;
export const E2E_PAYJP_URL = `http://127.0.0.1:${4110 + shift}`;
export const E2E_OIDC_URL = `http://127.0.0.1:${4120 + shift}`;
export const E2E_NTA_URL = `http://127.0.0.1:${4130 + shift}`;
export const E2E_DATA_DIR = path.resolve(__dirname, '..', '..', '..', 'tmp', slot === 0 ? 'e2e-data' : `e2e-data-${slot}`);

export const E2E_ENV: Record<string, string> = {
  APP_ENV: 'test',
  LOG_LEVEL: 'warn',
  PORT: String(E2E_PORT),
  APP_BASE_URL: E2E_BASE_URL,
  DATA_DIR: E2E_DATA_DIR,
  PAYJP_API_BASE: `${E2E_PAYJP_URL}/v1`,
  // On localhost, as the app: another origin, the same site (what `npm start` does; 0054).
  PAYJP_JS_URL: `http://localhost:${4110 + shift}/js/v2/pay.js`,
  OIDC_ISSUER: E2E_OIDC_URL,
  NTA_API_BASE: `${E2E_NTA_URL}/4`,
  // Counts exact up to 1,000 (no time budget, docs/decisions/0055): journeys assert counts, and the
  // suite's load is not the product's.
  SEARCH_COUNT_BUDGET_MS: '0',
  // The browser suite works on a fixed sample registry: no daily update under it.
  REGISTRY_UPDATE_INTERVAL_MINUTES: '0',
  // The watch journey applies diffs itself (registry:update) and waits for the watch job.
  WATCH_JOB_INTERVAL_SECONDS: '3',
  // Every journey's browser and API calls come from one loopback address: the suite alone sends
  // about 30 registration codes (the production default per IP and hour), and each retried journey
  // sends more. The cap itself is tested in the integration suite.
  CODE_MAIL_PER_IP_PER_HOUR: '1000',
  // The key page's usage chart shows what was counted within a second (the production default is 10 s).
  API_USAGE_FLUSH_SECONDS: '1',
  SMTP_HOST: '127.0.0.1',
  SMTP_PORT: String(1125 + shift),
  MAIL_CATCHER_URL: E2E_MAIL_URL,
};
