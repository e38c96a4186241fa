import { parseArgs } from 'node:util';
import { DEFAULT_PUBLIC_KEY, DEFAULT_SECRET_KEY, DEFAULT_WEBHOOK_TOKEN, DEFAULT_WEBHOOK_URL, startPayjpEmulator } from './emulator';

/**
 * `tsx dev/payjp/server.ts [--port 4010] [--host 127.0.0.1] [--secret-key sk_test_…]
 *   [--public-key pk_test_…] [--webhook-url URL|none] [--webhook-token …] [--state-file path]`
 *
 * Flags win over environment variables. The key and webhook variables are the app's own
 * (PAYJP_SECRET_KEY, PAYJP_PUBLIC_KEY, PAYJP_WEBHOOK_TOKEN) so one .env configures both sides;
 * this is a separate dev process, not part of src/, so it reads process.env itself.
 */

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    'secret-key': { type: 'string' },
    'public-key': { type: 'string' },
    'webhook-url': { type: 'string' },
    'webhook-token': { type: 'string' },
    'state-file': { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
});

if (values.help) {
  process.stdout.write(
    'usage: tsx dev/payjp/server.ts [--port 4010] [--host 127.0.0.1] [--secret-key sk_test_…] [--public-key pk_test_…]\n' +
      '                               [--webhook-url URL|none] [--webhook-token …] [--state-file data/payjp-emulator.json]\n',
  );
  process.exit(0);
}

const env = process.env;
const webhookUrl = values['webhook-url'] ?? env.PAYJP_EMULATOR_WEBHOOK_URL ?? DEFAULT_WEBHOOK_URL;
const port = Number(values.port ?? env.PAYJP_EMULATOR_PORT ?? 4010);
if (!Number.isInteger(port) || port < 0 || port > 65535) {
  process.stderr.write(`invalid port: ${String(values.port ?? env.PAYJP_EMULATOR_PORT)}\n`);
  process.exit(2);
}

async function main(): Promise<void> {
  const emulator = await startPayjpEmulator({
    port,
    host: values.host ?? env.PAYJP_EMULATOR_HOST ?? '127.0.0.1',
    secretKey: values['secret-key'] ?? env.PAYJP_SECRET_KEY ?? DEFAULT_SECRET_KEY,
    publicKey: values['public-key'] ?? env.PAYJP_PUBLIC_KEY ?? DEFAULT_PUBLIC_KEY,
    webhookUrl: webhookUrl === 'none' || webhookUrl === '' ? null : webhookUrl,
    webhookToken: values['webhook-token'] ?? env.PAYJP_WEBHOOK_TOKEN ?? DEFAULT_WEBHOOK_TOKEN,
    stateFile: values['state-file'] ?? env.PAYJP_EMULATOR_STATE_FILE,
    log: (line) => process.stdout.write(`[payjp-emulator] ${line}\n`),
  });

  let closing = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (closing) return;
      closing = true;
      void emulator.close().then(() => process.exit(0));
    });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`[payjp-emulator] failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
