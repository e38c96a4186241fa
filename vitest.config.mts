import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

// Two tiers share one config: `unit` (pure code, stand-ins in dev/) and `integration`
// (*.int.test.ts, against a real database cloned from a migrated template per file).
// `server-only` is an empty module outside Next's react-server graph.
const alias = {
  '@/': r('./src/'),
  '@db/': r('./db/'),
  '@tools/': r('./tools/'),
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
          fileParallelism: true,
          maxWorkers: 2,
        },
      },
    ],
  },
});
