/**
 * `npm run dev:nta` — the local stand-in for the NTA Web-APIs (dev/nta/stand-in.ts).
 *
 *   tsx dev/nta/server.ts [--port 4030] [--host 127.0.0.1] [--dir ./data/nta-api] [--divide-size 2000]
 *
 * Drop NTA daily diff files (`diff_YYYYMMDD.csv`, UTF-8) and invoice diff files
 * (`invoice_diff_YYYYMMDD.csv`) into --dir; the registry updater fetches them through the API.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { createNtaStandIn } from './stand-in';

const ArgsSchema = z.strictObject({
  port: z.coerce.number().int().min(0).max(65535).default(4030),
  host: z.string().min(1).default('127.0.0.1'),
  dir: z.string().min(1).default('./data/nta-api'),
  'divide-size': z.coerce.number().int().min(1).max(100_000).default(2000),
});

const { values } = parseArgs({
  options: { port: { type: 'string' }, host: { type: 'string' }, dir: { type: 'string' }, 'divide-size': { type: 'string' } },
  strict: true,
});
const parsed = ArgsSchema.safeParse(values);
if (!parsed.success) {
  process.stderr.write(`引数が正しくありません: ${z.prettifyError(parsed.error)}\n`);
  process.exit(2);
}
const args = parsed.data;
fs.mkdirSync(args.dir, { recursive: true });
createNtaStandIn({ dir: args.dir, divideSize: args['divide-size'] }).listen(args.port, args.host, () => {
  process.stdout.write(`NTA Web-API stand-in on http://${args.host}:${args.port}/4 (files in ${args.dir})\n`);
});
