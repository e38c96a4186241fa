import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { ROOT, TSX, run, startStack } from '../../../scripts/lib/stack';

import { E2E_DATA_DIR, E2E_ENV } from './e2e-env';

export const E2E_NOTICE_TITLE = '【テスト】定期メンテナンスのお知らせ';
/** The back-office manager made by `npm run admin:create` for the journeys; its TOTP secret is read from the command's output. */
export const E2E_STAFF = { email: 'e2e-manager@example.jp', name: 'テスト 管理者', password: 'e2e-manager-password-7' };
export const E2E_STAFF_FILE = path.join(E2E_DATA_DIR, 'staff.json');

/**
 * Starts the stack on a fresh data directory; Playwright calls the returned function at the end.
 * A maintenance notice with a PDF is published before the server opens the database (the
 * embedded PGlite admits one process), so the banner journey has something to show.
 */
export default async function globalSetup() {
  fs.rmSync(E2E_DATA_DIR, { recursive: true, force: true });
  const stack = await startStack({
    env: E2E_ENV,
    quiet: true,
    sampleRows: 5_000,
    afterDatabase: async (vars) => {
      fs.mkdirSync(E2E_DATA_DIR, { recursive: true });
      const pdf = path.join(E2E_DATA_DIR, 'notice.pdf');
      fs.copyFileSync(path.join(ROOT, 'tests', 'fixtures', 'maintenance-notice.pdf'), pdf);
      await run(
        TSX,
        [
          '--conditions=react-server',
          path.join(ROOT, 'scripts', 'notice-publish.ts'),
          '--title',
          E2E_NOTICE_TITLE,
          '--body',
          'システムメンテナンスのため、サービスを一時停止します。',
          '--start',
          new Date(Date.now() + 86_400_000).toISOString(),
          '--end',
          new Date(Date.now() + 90_000_000).toISOString(),
          '--pdf',
          pdf,
          '--name',
          'メンテナンスのお知らせ.pdf',
        ],
        { env: vars, cwd: ROOT },
      );
      const out = execFileSync(
        TSX,
        [
          '--conditions=react-server',
          path.join(ROOT, 'scripts', 'admin-create.ts'),
          '--email',
          E2E_STAFF.email,
          '--name',
          E2E_STAFF.name,
          '--role',
          'manager',
          '--password',
          E2E_STAFF.password,
        ],
        { env: { ...process.env, ...vars }, cwd: ROOT, encoding: 'utf8' },
      );
      const secret = /otpauth:\/\/totp\/\S*[?&]secret=([A-Z2-7]+)/.exec(out)?.[1];
      if (!secret) throw new Error(`admin:create printed no enrolment URI:\n${out}`);
      fs.writeFileSync(E2E_STAFF_FILE, JSON.stringify({ ...E2E_STAFF, totpSecret: secret }));
    },
  });
  return async () => {
    await stack.stop();
  };
}
