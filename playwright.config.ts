import { defineConfig, devices } from '@playwright/test';

import { E2E_BASE_URL } from './tests/e2e/support/e2e-env';

/**
 * Journeys in Debian's Chromium (Playwright cannot download its own browser here). The global
 * setup starts the whole stack — app, stand-ins, a fresh database and sample registry — on ports
 * of its own, so a running `npm start` is not disturbed.
 */
export default defineConfig({
  testDir: './tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: 1,
  // One retry in CI only: the suite shares two cores with the app, its stand-ins and PostgreSQL, and a
  // step that misses a 10 s expectation under that load is retried once; Playwright still lists it
  // as flaky in the report, so a test that needs the retry is seen, not hidden.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  globalSetup: './tests/e2e/support/global-setup.ts',
  use: {
    baseURL: E2E_BASE_URL,
    locale: 'ja-JP',
    timezoneId: 'Asia/Tokyo',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      testIgnore: 'fuzz.spec.ts',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
    // The seeded fuzz run (tests/e2e/fuzz.spec.ts) needs no browser. Listed last so that, with one
    // worker, it runs after the journeys: its fuzzed logins and mail requests spend rate-limit
    // points the journeys need. (Not `dependencies`: a failed journey would then skip the fuzz.)
    { name: 'fuzz', testMatch: 'fuzz.spec.ts' },
  ],
});
