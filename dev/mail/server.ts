/**
 * `npm run dev:mail` — the local SMTP catcher with its web page and JSON API.
 *
 *   tsx dev/mail/server.ts [--smtp-port 1025] [--http-port 1080] [--host 127.0.0.1]
 *                          [--dir ./data/mail] [--capacity 500]
 *
 * The defaults match the app's SMTP_HOST/SMTP_PORT defaults in src/config/env.ts, so a fresh
 * checkout needs no flags. Flags rather than environment variables: src/config/env.ts stays the
 * only reader of process.env.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { startMailCatcher } from './mail-catcher';

import { stopOnSignal } from '../stop-on-signal';

const port = z.coerce.number().int().min(0).max(65535);
const ArgsSchema = z.strictObject({
  'smtp-port': port.default(1025),
  'http-port': port.default(1080),
  host: z.string().min(1).default('127.0.0.1'),
  dir: z.string().min(1).optional(),
  capacity: z.coerce.number().int().min(1).max(100_000).default(500),
});

const { values } = parseArgs({
  options: {
    'smtp-port': { type: 'string' },
    'http-port': { type: 'string' },
    host: { type: 'string' },
    dir: { type: 'string' },
    capacity: { type: 'string' },
  },
  strict: true,
});
const parsed = ArgsSchema.safeParse(values);
if (!parsed.success) {
  process.stderr.write(`引数が正しくありません: ${z.prettifyError(parsed.error)}\n`);
  process.exit(2);
}
const args = parsed.data;

// A function rather than top-level await: without "type": "module" tsx runs this file as CommonJS.
async function main(): Promise<void> {
  const catcher = await startMailCatcher({
    smtpPort: args['smtp-port'],
    httpPort: args['http-port'],
    host: args.host,
    dir: args.dir,
    capacity: args.capacity,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(
    `開発用メール受信箱: SMTP ${args.host}:${catcher.smtpPort} / 受信メール一覧 ${catcher.httpUrl}/` +
      (args.dir ? ` / 保存先 ${args.dir}` : '') +
      '\n',
  );

  stopOnSignal(() => catcher.close());
}

main().catch((error: unknown) => {
  process.stderr.write(`開発用メール受信箱を起動できませんでした: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
