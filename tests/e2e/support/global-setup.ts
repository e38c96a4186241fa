import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { ROOT, TSX, run, startStack } from '../../../scripts/lib/stack';

import { E2E_DATA_DIR, E2E_ENV } from './e2e-env';

export const E2E_NOTICE_TITLE = '【テスト】定期メンテナンスのお知らせ';
/** Longer than a phone's two lines: the banner offers 「続きを読む」 there. */
export const E2E_NOTICE_BODY =
  'システムメンテナンスのため、サービスを一時停止します。停止中は会社検索・証明書のお申し込み・マイページをご利用いただけません。ご不便をおかけしますが、ご理解のほどお願い申し上げます。';
/** The back-office manager made by `npm run admin:create` for the journeys; its TOTP secret is read from the command's output. */
export const E2E_STAFF = { email: 'e2e-manager@example.jp', name: 'テスト 管理者', password: 'e2e-manager-password-7' };
export const E2E_STAFF_FILE = path.join(E2E_DATA_DIR, 'staff.json');
/** The orders journey's own accounts (tests/e2e/backoffice-orders.spec.ts), so it does not depend on the notices journey's logins. */
export const E2E_ORDER_STAFF = { email: 'e2e-fulfilment@example.jp', name: 'テスト 発送担当', password: 'e2e-fulfilment-password-7' };
export const E2E_ORDER_STAFF_FILE = path.join(E2E_DATA_DIR, 'order-staff.json');
/** The order-number journey's staff account (tests/e2e/order-number.spec.ts). */
export const E2E_NUMBER_STAFF = { email: 'e2e-support@example.jp', name: 'テスト 問い合わせ担当', password: 'e2e-support-password-7' };
export const E2E_NUMBER_STAFF_FILE = path.join(E2E_DATA_DIR, 'number-staff.json');
/** The seeded fuzz run's manager (tests/e2e/fuzz.spec.ts): its own, as the journeys replace their accounts' passwords. */
export const E2E_FUZZ_STAFF = { email: 'e2e-fuzz@example.jp', name: 'テスト ファズ', password: 'e2e-fuzz-password-7' };
export const E2E_FUZZ_STAFF_FILE = path.join(E2E_DATA_DIR, 'fuzz-staff.json');
export const E2E_ACCOUNTANT = { email: 'e2e-accounting@example.jp', name: 'テスト 経理', password: 'e2e-accounting-password-7' };
export const E2E_ACCOUNTANT_FILE = path.join(E2E_DATA_DIR, 'accountant.json');
/** The staff-page journey's manager (tests/e2e/backoffice-staff.spec.ts) and the account whose role it changes (never logs in). */
export const E2E_OFFICE_MANAGER = { email: 'e2e-office@example.jp', name: 'テスト 総務', password: 'e2e-office-password-7' };
export const E2E_OFFICE_MANAGER_FILE = path.join(E2E_DATA_DIR, 'office-manager.json');
export const E2E_ROLE_STAFF = { email: 'e2e-role@example.jp', name: 'テスト 権限変更', password: 'e2e-role-password-7' };
export const E2E_ROLE_STAFF_FILE = path.join(E2E_DATA_DIR, 'role-staff.json');

/** `npm run admin:create` for one account; its TOTP secret is read from the command's output into `file`. */
function adminCreate(
  vars: Record<string, string>,
  account: { email: string; name: string; password: string },
  role: 'staff' | 'manager',
  file: string,
) {
  const out = execFileSync(
    TSX,
    [
      '--conditions=react-server',
      path.join(ROOT, 'scripts', 'admin-create.ts'),
      '--email',
      account.email,
      '--name',
      account.name,
      '--role',
      role,
      '--password',
      account.password,
    ],
    { env: { ...process.env, ...vars }, cwd: ROOT, encoding: 'utf8' },
  );
  const secret = /otpauth:\/\/totp\/\S*[?&]secret=([A-Z2-7]+)/.exec(out)?.[1];
  if (!secret) throw new Error(`admin:create printed no enrolment URI:\n${out}`);
  fs.writeFileSync(file, JSON.stringify({ ...account, totpSecret: secret }));
}

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
          E2E_NOTICE_BODY,
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
      adminCreate(vars, E2E_STAFF, 'manager', E2E_STAFF_FILE);
      adminCreate(vars, E2E_ORDER_STAFF, 'staff', E2E_ORDER_STAFF_FILE);
      adminCreate(vars, E2E_ACCOUNTANT, 'manager', E2E_ACCOUNTANT_FILE);
      adminCreate(vars, E2E_NUMBER_STAFF, 'staff', E2E_NUMBER_STAFF_FILE);
      adminCreate(vars, E2E_FUZZ_STAFF, 'manager', E2E_FUZZ_STAFF_FILE);
      adminCreate(vars, E2E_OFFICE_MANAGER, 'manager', E2E_OFFICE_MANAGER_FILE);
      adminCreate(vars, E2E_ROLE_STAFF, 'staff', E2E_ROLE_STAFF_FILE);
    },
  });
  return async () => {
    await stack.stop();
  };
}
