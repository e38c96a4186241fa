import { defineConfig, devices } from '@playwright/test';

/**
 * Runs only the PAY.JP emulator's browser tests (tests/e2e/payjp-*.spec.ts), which start their own
 * emulator and need neither the app nor the global stack: `npx playwright test -c playwright.config.payjp.ts`.
 * The main playwright.config.ts runs them too, inside the full journey suite.
 */
export default defineConfig({
  testDir: './tests/e2e',
  testMatch: 'payjp-*.spec.ts',
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  outputDir: 'test-results/payjp',
  use: { locale: 'ja-JP', timezoneId: 'Asia/Tokyo', trace: 'retain-on-failure', screenshot: 'only-on-failure' },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
        },
      },
    },
  ],
});
