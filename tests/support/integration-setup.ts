import { afterAll, inject } from 'vitest';

import { installConsoleGuard } from './console-guard';
import { cloneTemplate } from './db-template';

// Runs before each integration test file imports anything from src/, so the configuration the
// app parses on first use points at this file's own clone of the migrated template.
const clone = await cloneTemplate(inject('dbTemplate'), inject('runnerPid'));
// Exact search counts (no time budget, docs/decisions/0055): the run's load is not the product's.
Object.assign(process.env, { APP_ENV: 'test', LOG_LEVEL: 'silent', SEARCH_COUNT_BUDGET_MS: '0', ...clone.env });

installConsoleGuard();

afterAll(async () => {
  const { closeDb } = await import('@/server/db/client');
  await closeDb();
  await clone.dispose();
});
