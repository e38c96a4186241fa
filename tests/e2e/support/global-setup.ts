import fs from 'node:fs';

import { startStack } from '../../../scripts/lib/stack';

import { E2E_DATA_DIR, E2E_ENV } from './e2e-env';

/** Starts the stack on a fresh data directory; Playwright calls the returned function at the end. */
export default async function globalSetup() {
  fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  const stack = await startStack({ env: E2E_ENV, quiet: true, sampleRows: 5_000 });
  return async () => {
    await stack.stop();
  };
}
