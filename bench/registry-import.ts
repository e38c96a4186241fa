/**
 * The registry build and the daily update, timed (issue 28 §6): a full import of NTA files, then
 * the day's diff applied to it, each with its phases, CPU, peak RSS and file size.
 *
 *   npx tsx --conditions=react-server bench/registry-import.ts --full DIR --diff DIR --out FILE.sqlite
 *     [--skip-full]   (only the update, on the registry already at --out)
 *
 * Make the files with the generator: `npm run registry:generate -- --rows 500000 --diffs 1
 * --diff-rows 5000 --format csv --out X`, then put the `00_…` file and the `diff_…` file in two
 * folders. Each step runs in a child process, so that its peak RSS is its own.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';

const ArgsSchema = z.strictObject({
  full: z.string().optional(),
  diff: z.string().optional(),
  out: z.string(),
  'skip-full': z.boolean().default(false),
  // Internal: the child process of one step.
  step: z.string().optional(),
});

async function step(paths: string, target: string): Promise<void> {
  const { importNtaFiles } = await import('../src/features/registry/server/nta/import');
  const start = performance.now();
  const cpu0 = process.cpuUsage();
  const summary = await importNtaFiles({ paths: [paths], targetPath: target, isSample: true });
  const cpu = process.cpuUsage(cpu0);
  console.log(
    JSON.stringify({
      mode: summary.mode,
      rows: summary.rows,
      stats: summary.stats,
      wallMs: Math.round(performance.now() - start),
      cpuMs: Math.round((cpu.user + cpu.system) / 1000),
      maxRssMB: Math.round(process.resourceUsage().maxRSS / 1024),
      fileMB: Math.round(summary.result.fileBytes / 1048576),
      phasesMs: { 'read+apply': Math.round(summary.readMs), apply: Math.round(summary.applyMs), ...summary.result.timings },
    }),
  );
}

function child(paths: string, target: string): unknown {
  const r = spawnSync(
    path.resolve('node_modules/.bin/tsx'),
    ['--conditions=react-server', 'bench/registry-import.ts', '--step', paths, '--out', target],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 << 20 },
  );
  if (r.status !== 0) throw new Error(`step failed (${r.status}): ${paths}`);
  return JSON.parse(r.stdout.trim().split('\n').pop() as string) as unknown;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      full: { type: 'string' },
      diff: { type: 'string' },
      out: { type: 'string' },
      'skip-full': { type: 'boolean' },
      step: { type: 'string' },
    },
    strict: true,
  });
  const args = ArgsSchema.parse(values);
  if (args.step !== undefined) return step(args.step, args.out);
  const target = path.resolve(args.out);
  if (!args['skip-full']) {
    if (args.full === undefined) throw new Error('--full DIR is required (or --skip-full)');
    fs.rmSync(target, { force: true });
    console.log('full import:', JSON.stringify(child(args.full, target)));
  }
  if (args.diff !== undefined) console.log('daily update:', JSON.stringify(child(args.diff, target)));
}

void main();
