/**
 * `npm run dev:s3` — the local S3-compatible stand-in (dev/s3/stand-in.ts), for STORAGE_DRIVER=s3.
 *
 *   tsx dev/s3/server.ts [--port 4040] [--host 127.0.0.1] [--dir ./data/s3] [--region auto]
 *                        [--access-key-id hojin-dev] [--secret-access-key hojin-dev-secret]
 *
 * Then: STORAGE_DRIVER=s3 S3_ENDPOINT=http://127.0.0.1:4040 S3_REGION=auto S3_BUCKET=hojin
 *       S3_ACCESS_KEY_ID=hojin-dev S3_SECRET_ACCESS_KEY=hojin-dev-secret
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { stopOnSignal } from '../stop-on-signal';
import { createS3StandIn } from './stand-in';

const ArgsSchema = z.strictObject({
  port: z.coerce.number().int().min(0).max(65535).default(4040),
  host: z.string().min(1).default('127.0.0.1'),
  dir: z.string().min(1).default('./data/s3'),
  region: z.string().min(1).default('auto'),
  'access-key-id': z.string().min(1).default('hojin-dev'),
  'secret-access-key': z.string().min(1).default('hojin-dev-secret'),
});

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    dir: { type: 'string' },
    region: { type: 'string' },
    'access-key-id': { type: 'string' },
    'secret-access-key': { type: 'string' },
  },
  strict: true,
});
const parsed = ArgsSchema.safeParse(values);
if (!parsed.success) {
  process.stderr.write(`引数が正しくありません: ${z.prettifyError(parsed.error)}\n`);
  process.exit(2);
}
const args = parsed.data;
fs.mkdirSync(args.dir, { recursive: true });
const server = createS3StandIn({
  dir: args.dir,
  region: args.region,
  accessKeyId: args['access-key-id'],
  secretAccessKey: args['secret-access-key'],
}).listen(args.port, args.host, () => {
  process.stdout.write(`S3 stand-in on http://${args.host}:${args.port} (objects in ${args.dir})\n`);
});
stopOnSignal(() => new Promise((resolve) => server.close(resolve)));
