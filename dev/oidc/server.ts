/**
 * `npm run dev:oidc` — the local OpenID provider that plays Google.
 *
 *   tsx dev/oidc/server.ts [--port 4020] [--host 127.0.0.1] [--issuer http://127.0.0.1:4020]
 *                          [--client-id hojin-local] [--client-secret hojin-local-oidc-secret]
 *                          [--redirect-uri URL ...]
 *
 * The defaults match OIDC_ISSUER / OIDC_CLIENT_ID / OIDC_CLIENT_SECRET in src/config/env.ts and
 * the app's callbacks on localhost:3000 and 127.0.0.1:3000 (any port is accepted on loopback).
 * Flags rather than environment variables: src/config/env.ts stays the only reader of process.env.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { DEFAULT_CLIENT, startOidcProvider } from './provider';

import { stopOnSignal } from '../stop-on-signal';

const ArgsSchema = z.strictObject({
  port: z.coerce.number().int().min(0).max(65535).default(4020),
  host: z.string().min(1).default('127.0.0.1'),
  issuer: z.url({ protocol: /^https?$/ }).optional(),
  'client-id': z.string().min(1).default(DEFAULT_CLIENT.clientId),
  'client-secret': z.string().min(1).default(DEFAULT_CLIENT.clientSecret),
  'redirect-uri': z
    .array(z.url({ protocol: /^https?$/ }))
    .min(1)
    .default(DEFAULT_CLIENT.redirectUris),
});

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      issuer: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
      'redirect-uri': { type: 'string', multiple: true },
    },
    strict: true,
  });
  const parsed = ArgsSchema.safeParse(values);
  if (!parsed.success) {
    process.stderr.write(`引数が正しくありません: ${z.prettifyError(parsed.error)}\n`);
    process.exit(2);
  }
  const args = parsed.data;
  const provider = await startOidcProvider({
    port: args.port,
    host: args.host,
    issuer: args.issuer,
    clients: [
      {
        clientId: args['client-id'],
        clientSecret: args['client-secret'],
        redirectUris: args['redirect-uri'],
        allowAnyLoopbackPort: true,
      },
    ],
  });
  process.stdout.write(
    `開発用 OpenID プロバイダー（Google の代役）: ${provider.issuer}/.well-known/openid-configuration` +
      ` / client_id=${args['client-id']}\n`,
  );

  stopOnSignal(() => provider.close());
}

// A function rather than top-level await: without "type": "module" tsx runs this file as CommonJS.
main().catch((error: unknown) => {
  process.stderr.write(`開発用 OpenID プロバイダーを起動できませんでした: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
