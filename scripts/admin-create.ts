import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';

import { ConfigError, getEnv } from '../src/config/env';
import { EmailSchema, NewPasswordSchema } from '../src/features/accounts';
import { STAFF_ROLES, STAFF_ROLE_LABELS } from '../src/features/backoffice';
import { createStaff, resetStaffTotp } from '../src/features/backoffice/server/staff';
import { totpQrTerminal, totpUri } from '../src/features/backoffice/server/totp';
import { z } from '../src/lib/zod-ja';
import { closeDb } from '../src/server/db/client';
import { AppError } from '../src/server/http/app-error';

import { portInUse } from './lib/processes';

/**
 * `npm run admin:create -- --email a@example.jp --name "山田 太郎" --role manager [--password …]`
 * `npm run admin:create -- --email a@example.jp --reset-totp`
 *
 * The only way to make a back-office account (no sign-up page; docs/decisions/0012). Prints the
 * password once (generated unless given) and the authenticator enrolment (otpauth URI and a QR
 * code in the terminal). The secret is not active until the first login confirms one code from
 * it; the login page shows the same QR again until then.
 */
const USAGE = `使い方:
  npm run admin:create -- --email staff@example.jp --name "山田 太郎" --role staff|manager [--password パスワード]
  npm run admin:create -- --email staff@example.jp --reset-totp`;

const ResetArgsSchema = z.strictObject({ email: EmailSchema, 'reset-totp': z.literal(true) });
const CreateArgsSchema = z.strictObject({
  email: EmailSchema,
  name: z.string().trim().min(1, '--name に表示名を指定してください。').max(100),
  role: z.enum(STAFF_ROLES, { error: '--role は staff か manager を指定してください。' }),
  password: NewPasswordSchema.optional(),
});

/** 20 characters from a 62-letter alphabet (~119 bits), easy to copy without ambiguity of symbols. */
function generatePassword(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnpqrstuvwxyz23456789';
  const bytes = randomBytes(40);
  let out = '';
  for (const b of bytes) {
    if (b < 224) out += alphabet[b % alphabet.length];
    if (out.length === 20) break;
  }
  return out.length === 20 ? out : generatePassword();
}

async function printEnrolment(email: string, secret: string) {
  const uri = totpUri(secret, email);
  console.log('\n認証アプリ（Google Authenticator など）で次の QR コードを読み取ってください:');
  console.log(await totpQrTerminal(uri));
  console.log(`読み取れない場合はこの URI を登録してください:\n  ${uri}`);
  console.log('初回ログイン時に確認コードを1回入力すると有効になります（ログイン画面にも同じ QR コードが表示されます）。');
}

async function main() {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      password: { type: 'string' },
      'reset-totp': { type: 'boolean' },
    },
    strict: true,
  });
  const parsed = values['reset-totp'] ? ResetArgsSchema.safeParse(values) : CreateArgsSchema.safeParse(values);
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => (i.path.length ? `--${String(i.path[0])}: ${i.message}` : i.message)).join('\n'));
    console.error(USAGE);
    process.exit(2);
  }
  const env = getEnv();
  if (!env.DATABASE_URL && (await portInUse(env.PORT))) {
    console.error(
      '組み込みデータベース（PGlite）は1つのプロセスしか開けません。サービスを停止してから実行するか、DATABASE_URL で PostgreSQL を使ってください。',
    );
    process.exit(1);
  }
  const args = parsed.data;
  if ('reset-totp' in args) {
    const { staff, totpSecret } = await resetStaffTotp(args.email);
    console.log(`${staff.displayName}（${staff.email}）の認証アプリの登録をやり直します。ログイン中のセッションはすべて終了しました。`);
    await printEnrolment(staff.email, totpSecret);
  } else {
    const password = args.password ?? generatePassword();
    const { staff, totpSecret } = await createStaff({ email: args.email, displayName: args.name, role: args.role, password });
    console.log(`スタッフアカウントを作成しました: ${staff.displayName}（${staff.email}、${STAFF_ROLE_LABELS[staff.role]}）`);
    if (!args.password) console.log(`初期パスワード（この画面にだけ表示されます）: ${password}`);
    console.log('初回ログイン時に、本人がこのパスワードを変更するまで管理画面のほかの機能は使えません。');
    await printEnrolment(staff.email, totpSecret);
  }
  await closeDb();
}

main().catch(async (error: unknown) => {
  if (error instanceof AppError) console.error(error.message);
  else console.error(error instanceof ConfigError ? error.message : error);
  await closeDb().catch(() => undefined);
  process.exit(1);
});
