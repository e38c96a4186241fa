import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Two tiers share one config: `unit` (pure code, stand-ins in dev/) and `integration`
// (*.int.test.ts, against a real database cloned from a migrated template per file).
// `server-only` is an empty module outside Next's react-server graph.
// In CI a failed test runs once more, as the Playwright journeys do (playwright.config.ts): a rare
// timing failure on a loaded machine must not hold a whole session's work back, and `npm test`
// names every test that passed only on its second run so it gets fixed (docs/decisions/0040).
// Locally there is no second run: a flaky test fails where its author sees it.
const retry = process.env.CI ? 1 : 0;

const alias = {
  '@/': r('./src/'),
  '@db/': r('./db/'),
  '@tools/': r('./tools/'),
  '@tests/': r('./tests/'),
  'server-only': r('./tests/support/empty.ts'),
};

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: [
            'src/**/*.test.ts',
            'src/**/*.test.tsx',
            'dev/**/*.test.ts',
            'scripts/**/*.test.ts',
            'tools/**/*.test.ts',
            'db/**/*.test.ts',
          ],
          exclude: ['**/*.int.test.ts', 'node_modules/**'],
          environment: 'node',
          setupFiles: [r('./tests/support/unit-setup.ts')],
          testTimeout: 20_000,
          retry,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'integration',
          include: ['src/**/*.int.test.ts', 'tests/integration/**/*.int.test.ts', 'dev/**/*.int.test.ts'],
          environment: 'node',
          globalSetup: [r('./tests/support/integration-global-setup.ts')],
          setupFiles: [r('./tests/support/integration-setup.ts')],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          retry,
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
