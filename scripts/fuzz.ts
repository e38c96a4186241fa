import fs from 'node:fs';

import { DEFAULT_WEBHOOK_TOKEN, formatReport, runFuzz, type StaffAccount } from '../tests/fuzz/runner';

/**
 * `npm run fuzz` — sends generated requests (fast-check) to every /api route and page of a running
 * stack and fails on any 5xx or non-JSON /api answer (issue 11 §9). The stack must already run:
 * `npm start` (then the default base), or the e2e stack on its own ports.
 *
 *   npm run fuzz -- [--requests 10000] [--seed S] [--base http://127.0.0.1:3000] [--concurrency 4]
 *                   [--timeout-ms 30000] [--webhook-token T] [--replay 17,512]
 *                   [--staff-file tmp/e2e-data-7/fuzz-staff.json]
 *
 * `--staff-file` (JSON: email, password, totpSecret — the e2e global setup writes one per staff
 * account) logs that account in, and the back office (/admin, /api/admin) is then fuzzed with its
 * session instead of the member's. Without it, those routes only ever answer 401.
 *
 * Every failure prints a curl line and the `--replay` command that sends exactly that request again.
 */
function parseArgs(argv: string[]) {
  const out = {
    base: 'http://127.0.0.1:3000',
    requests: 10_000,
    seed: Date.now() % 2_147_483_647,
    concurrency: 4,
    timeoutMs: 30_000,
    webhookToken: process.env.PAYJP_WEBHOOK_TOKEN ?? DEFAULT_WEBHOOK_TOKEN,
    replay: undefined as number[] | undefined,
    staff: undefined as StaffAccount | undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    const int = (v: string) => {
      const n = Number(v);
      if (!Number.isSafeInteger(n) || n < 0) throw new Error(`${arg}: not a whole number: ${v}`);
      return n;
    };
    if (arg === '--base') out.base = value();
    else if (arg === '--requests') out.requests = int(value());
    else if (arg === '--seed') out.seed = int(value());
    else if (arg === '--concurrency') out.concurrency = Math.max(1, int(value()));
    else if (arg === '--timeout-ms') out.timeoutMs = int(value());
    else if (arg === '--webhook-token') out.webhookToken = value();
    else if (arg === '--replay') out.replay = value().split(',').map(int);
    else if (arg === '--staff-file') out.staff = JSON.parse(fs.readFileSync(value(), 'utf8')) as StaffAccount;
    else throw new Error(`unknown argument: ${arg}`);
  }
  return out;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const report = await runFuzz({ ...args, log: (line) => console.log(line) });
  console.log(formatReport(report));
  if (args.replay) {
    for (const f of report.failures.length ? report.failures : []) console.log(`\n#${f.index} answer: ${f.preview}`);
  }
  if (report.loggedIn && !report.apiKeys)
    console.log("\n[fuzz] note: the demo member's API keys could not be made, so /v1 and /mcp ran without a live key.");
  if (!report.loggedIn) console.log('\n[fuzz] note: the demo member could not log in, so no request ran with a real session.');
  if (report.staffLoggedIn === false)
    console.log('[fuzz] note: the staff account could not log in, so the back office ran without a staff session.');
  process.exit(report.failures.length > 0 ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(`[fuzz] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(2);
});
