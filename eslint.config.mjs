import { defineConfig, globalIgnores } from 'eslint/config';
import nextVitals from 'eslint-config-next/core-web-vitals';
import nextTs from 'eslint-config-next/typescript';

const FEATURES = [
  'accounts',
  'address',
  'backoffice',
  'company-reference',
  'company-search',
  'orders',
  'payments',
  'purchase',
  'receipts',
  'registry',
  'site',
  'watch',
];

/**
 * Import boundaries of docs/conventions.md: app → features → (components, lib, server, config).
 * Shared folders never import features, features never import app, and a feature reaches another
 * only through its index.ts. dev/ stand-ins are separate processes: src/ never imports them.
 */
const boundaryZones = [
  { target: './src/components', from: ['./src/features', './src/app'], message: 'Shared UI must not depend on features or routes.' },
  {
    target: './src/lib',
    from: ['./src/features', './src/app', './src/server'],
    message: 'src/lib is isomorphic and shared: no features, routes or server code.',
  },
  {
    target: './src/server',
    from: ['./src/features', './src/app'],
    message: 'App-wide infrastructure must not depend on features or routes.',
  },
  {
    target: './src/config',
    from: ['./src/features', './src/app', './src/server'],
    message: 'Configuration depends on nothing of the app.',
  },
  { target: './src/features', from: './src/app', message: 'Features never import routes.' },
  {
    target: './src',
    from: ['./dev', './scripts', './bench'],
    message: 'src/ never imports stand-ins, scripts, benchmarks or tests.',
  },
  // Test helpers live in tests/support; only src's *.test.ts files import them (rule below).
  { target: './src', from: './tests', except: ['./support'], message: 'src/ never imports stand-ins, scripts, benchmarks or tests.' },
  ...FEATURES.map((name) => ({
    target: `./src/features/!(${name})/**/*`,
    from: `./src/features/${name}`,
    // A feature's faces (docs/architecture.md, "Feature faces"; docs/decisions/0090): index.ts, its
    // client-safe face, and index.server.ts, its server face; testing.ts holds its test helpers for
    // other features' tests. scripts/check-faces.ts checks the rest (file names, server-only, tests).
    except: ['./index.ts', './index.server.ts', './testing.ts'],
    message: `Other features use the ${name} feature only through src/features/${name}/index.ts or index.server.ts.`,
  })),
];

const PROCESS_ENV = { object: 'process', property: 'env', message: 'Read configuration through src/config/env.ts.' };
const STORAGE_MESSAGE = 'Read and write browser storage through src/lib/browser-storage.ts (each value checked, never a throw).';

/**
 * Features whose components reach the API only through their client API modules
 * (`<feature>/client/api.ts`, docs/decisions/0030): in their components a string or template
 * starting with `/api/` is an error. Add a feature here once its calls have moved.
 */
export const API_MODULE_FEATURES = [
  'purchase',
  'payments',
  'receipts',
  'accounts',
  'company-reference',
  'company-search',
  'watch',
  'backoffice',
  'site',
  'api',
];
const API_URL_MESSAGE = "No /api/ URL strings in components: call the feature's client API module (client/api.ts; docs/decisions/0030).";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    rules: {
      'import/no-restricted-paths': ['error', { zones: boundaryZones }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-properties': [
        'error',
        PROCESS_ENV,
        { object: 'window', property: 'localStorage', message: STORAGE_MESSAGE },
        { object: 'window', property: 'sessionStorage', message: STORAGE_MESSAGE },
      ],
      'no-restricted-globals': [
        'error',
        { name: 'localStorage', message: STORAGE_MESSAGE },
        { name: 'sessionStorage', message: STORAGE_MESSAGE },
      ],
    },
  },
  {
    // The one storage module, and tests, which set up and inspect storage directly.
    files: ['src/lib/browser-storage.ts', 'src/**/*.test.ts', 'src/**/*.test.tsx'],
    rules: { 'no-restricted-properties': ['error', PROCESS_ENV], 'no-restricted-globals': 'off' },
  },
  {
    files: API_MODULE_FEATURES.map((name) => `src/features/${name}/components/**/*.{ts,tsx}`),
    // Tests are not components (the fakes they share are in tests/support).
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'Literal[value=/^\\/api\\//]', message: API_URL_MESSAGE },
        { selector: 'TemplateLiteral > TemplateElement:first-child[value.raw=/^\\/api\\//]', message: API_URL_MESSAGE },
      ],
    },
  },
  {
    // The site's link (no viewport prefetch: docs/decisions/0036) is the one place that uses next/link.
    // Test helpers live in tests/support (issue 25 §7): no module of src but a test imports them or vitest.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/components/link.tsx', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'next/link', message: "Import Link from '@/components/link' (no viewport prefetch, docs/decisions/0036)." },
            { name: 'vitest', message: 'Test helpers live in tests/support, not in src.' },
          ],
          patterns: [{ group: ['@tests/*'], message: 'Only tests import tests/support.' }],
        },
      ],
    },
  },
  {
    // A mail sent after the answer is retried and its loss logged (issue 25 §7), never dropped.
    // (Server code only: components have their own no-restricted-syntax above.)
    files: ['src/server/**/*.ts', 'src/features/*/server/**/*.ts', 'src/app/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='catch'][callee.object.callee.name='sendMail']",
          message: 'Send a mail that must not hold the request with sendMailInBackground (retried, loss logged).',
        },
      ],
    },
  },
  {
    // The configuration module, the framework's runtime switch, and everything outside the app.
    files: ['src/config/env.ts', 'src/instrumentation.ts', 'server.ts', 'scripts/**', 'dev/**', 'bench/**', 'tests/**', '*.config.*'],
    rules: { 'no-restricted-properties': 'off', 'no-restricted-globals': 'off' },
  },
  globalIgnores([
    '.next/**',
    'node_modules/**',
    'data/**',
    'tmp/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'dev/payjp/public/**',
  ]),
]);
