import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

import { findPostgresBin, startTempPostgres } from './lib/postgres';
import { ensureSystemPackages } from './lib/system-packages';

/**
 * `npm test`: every tier, in order — unit, integration on PGlite, the same integration suite on a
 * real PostgreSQL server, and the Playwright journeys in Chromium. Prints how many tests each
 * tier ran and fails when one failed or when a tier that should run ran none. Sets itself up
 * first: the system packages the browser and PostgreSQL tiers need are installed when missing
 * (as root), or named in one line with the command to run.
 *
 *   npm test                       all tiers
 *   npm test -- unit integration   only those tiers (static, unit, integration, postgres, e2e)
 *   (static: typecheck, lint, prettier and knip — unused files, exports and dependencies)
 *   (e2e ends with the page-size budgets of scripts/check-budgets.ts, on the build it used)
 */
const ROOT = path.resolve(__dirname, '..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const RESULTS = path.join(ROOT, 'test-results');

interface TierResult {
  tier: string;
  passed: number;
  failed: number;
  skipped: number;
  exitCode: number;
  note?: string;
  /** Failed tests, named with their file and the first line of the failure, for the summary. */
  failures: string[];
  /** Tests that failed and then passed on their CI retry, named the same way. */
  flaky: string[];
}

/** The first non-empty line of a failure message, without colour codes, cut to one screen line. */
function firstLine(message: string | undefined): string {
  const plain = (message ?? '').replace(/\u001b\[[0-9;]*m/g, '');
  const line = plain.split('\n').find((l) => l.trim() !== '') ?? '';
  return line.trim().slice(0, 200);
}

function runVitest(tier: string, project: string, env: Record<string, string> = {}): TierResult {
  const out = path.join(RESULTS, `${tier}.json`);
  fs.rmSync(out, { force: true });
  const res = spawnSync(
    path.join(BIN, 'vitest'),
    ['run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', ...env },
    },
  );
  const report = fs.existsSync(out)
    ? (JSON.parse(fs.readFileSync(out, 'utf8')) as {
        numPassedTests: number;
        numFailedTests: number;
        numPendingTests: number;
        numTodoTests: number;
        testResults?: {
          name: string;
          message?: string;
          status?: string;
          assertionResults?: { fullName: string; status: string; failureMessages?: string[] }[];
        }[];
      })
    : null;
  const failures: string[] = [];
  const flaky: string[] = [];
  for (const file of report?.testResults ?? []) {
    const rel = path.relative(ROOT, file.name);
    const failedTests = (file.assertionResults ?? []).filter((a) => a.status === 'failed');
    for (const a of failedTests) failures.push(`${rel} › ${a.fullName}\n      ${firstLine(a.failureMessages?.[0])}`);
    // A passed test that carries failure messages passed on its retry.
    for (const a of file.assertionResults ?? []) {
      if (a.status === 'passed' && (a.failureMessages?.length ?? 0) > 0)
        flaky.push(`${rel} › ${a.fullName}\n      ${firstLine(a.failureMessages?.[0])}`);
    }
    // A file that failed outside any test (an import or a hook): its own message.
    if (failedTests.length === 0 && file.status === 'failed') failures.push(`${rel}\n      ${firstLine(file.message)}`);
  }
  return {
    tier,
    passed: report?.numPassedTests ?? 0,
    failed: report?.numFailedTests ?? 0,
    skipped: (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0),
    exitCode: res.status ?? 1,
    failures,
    flaky,
  };
}

function runPlaywright(): TierResult {
  const out = path.join(RESULTS, 'e2e.json');
  fs.rmSync(out, { force: true });
  const res = spawnSync(path.join(BIN, 'playwright'), ['test'], { cwd: ROOT, stdio: 'inherit', env: process.env });
  type Stats = { expected: number; unexpected: number; skipped: number; flaky: number };
  interface Suite {
    file?: string;
    specs?: {
      title: string;
      file: string;
      ok: boolean;
      tests?: { status?: string; results?: { error?: { message?: string } }[] }[];
    }[];
    suites?: Suite[];
  }
  const report = fs.existsSync(out) ? (JSON.parse(fs.readFileSync(out, 'utf8')) as { stats: Stats; suites?: Suite[] }) : null;
  const failures: string[] = [];
  const flaky: string[] = [];
  const walk = (suite: Suite) => {
    for (const spec of suite.specs ?? []) {
      const isFlaky = spec.ok && (spec.tests ?? []).some((t) => t.status === 'flaky');
      if (spec.ok && !isFlaky) continue;
      const error = spec.tests?.flatMap((t) => t.results ?? []).find((r) => r.error)?.error?.message;
      (isFlaky ? flaky : failures).push(`${spec.file} › ${spec.title}\n      ${firstLine(error)}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return {
    tier: 'e2e',
    passed: (report?.stats.expected ?? 0) + (report?.stats.flaky ?? 0),
    failed: report?.stats.unexpected ?? 0,
    skipped: report?.stats.skipped ?? 0,
    exitCode: res.status ?? 1,
    failures,
    flaky,
  };
}

async function main() {
  const wanted = new Set(process.argv.slice(2).filter((a) => !a.startsWith('-')));
  const all = wanted.size === 0;
  fs.mkdirSync(RESULTS, { recursive: true });
  const results: TierResult[] = [];
  const tiers = new Set(all ? ['static', 'unit', 'integration', 'postgres', 'e2e'] : wanted);
  const blocked = ensureSystemPackages(tiers);
  const blockedResult = (tier: string, why: { packages: string[]; fail: boolean }): TierResult => ({
    tier,
    passed: 0,
    failed: 0,
    skipped: 0,
    exitCode: why.fail ? 1 : 0,
    note: `${why.packages.join(', ')} がないため実行していません${tier === 'integration-postgres' ? '（TEST_DATABASE_URL でも可）' : ''}`,
    failures: [],
    flaky: [],
  });

  const checks: { name: string; ok: boolean }[] = [];
  if (all || wanted.has('static')) {
    for (const [name, bin, args] of [
      ['typecheck', 'tsc', ['--noEmit', '-p', 'tsconfig.json']],
      ['lint', 'eslint', ['server.ts', 'src', 'scripts', 'tests', 'tools', 'dev', 'bench', 'db']],
      // Import cycles between files or features of src/ (docs/decisions/0070).
      ['cycles', 'tsx', [path.join('scripts', 'check-cycles.ts')]],
      // The feature-face convention (docs/architecture.md "Feature faces", scripts/lib/faces.ts).
      ['faces', 'tsx', [path.join('scripts', 'check-faces.ts')]],
      ['format', 'prettier', ['--check', '--log-level', 'warn', '.']],
      // Unused files, exports, types and dependencies (knip.json names the entry points).
      ['knip', 'knip', ['--no-progress']],
    ] as const) {
      console.log(`\n[hojin] ${name} …`);
      const res = spawnSync(path.join(BIN, bin), [...args], { cwd: ROOT, stdio: 'inherit' });
      checks.push({ name, ok: res.status === 0 });
    }
  }
  if (all || wanted.has('unit')) results.push(runVitest('unit', 'unit'));
  if (all || wanted.has('integration')) results.push(runVitest('integration-pglite', 'integration'));
  if (all || wanted.has('postgres')) {
    const missing = blocked.get('postgres');
    const bin = process.env.TEST_DATABASE_URL ? null : findPostgresBin();
    if (process.env.TEST_DATABASE_URL) {
      results.push(runVitest('integration-postgres', 'integration', { TEST_DATABASE_URL: process.env.TEST_DATABASE_URL }));
    } else if (missing || !bin) {
      results.push(blockedResult('integration-postgres', missing ?? { packages: ['postgresql'], fail: Boolean(process.env.CI) }));
    } else {
      const pg = await startTempPostgres(bin);
      try {
        results.push(runVitest('integration-postgres', 'integration', { TEST_DATABASE_URL: pg.url }));
      } finally {
        pg.stop();
      }
    }
  }
  if (all || wanted.has('e2e')) {
    const missing = blocked.get('e2e');
    if (missing) {
      results.push(blockedResult('e2e', missing));
    } else {
      results.push(runPlaywright());
      // The journeys ran on a production build; its pages must stay within their size budgets.
      console.log('\n[hojin] budgets …');
      const res = spawnSync(path.join(BIN, 'tsx'), [path.join(ROOT, 'scripts', 'check-budgets.ts')], { cwd: ROOT, stdio: 'inherit' });
      checks.push({ name: 'budgets', ok: res.status === 0 });
    }
  }

  console.log('\n== hojin test tiers ==');
  let failed = false;
  for (const r of results) {
    const ranNone = r.passed + r.failed === 0 && !r.note;
    const bad = r.exitCode !== 0 || r.failed > 0 || ranNone || (r.note !== undefined && r.exitCode !== 0);
    failed ||= bad;
    console.log(
      `${r.tier.padEnd(22)} ${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped${ranNone ? '  ← ran no test' : ''}${r.note ? `  (${r.note})` : ''}${bad ? '  ✗' : '  ✓'}`,
    );
  }
  for (const c of checks) {
    failed ||= !c.ok;
    console.log(`${c.name.padEnd(22)} ${c.ok ? 'ok  ✓' : 'FAILED  ✗'}`);
  }
  // CI keeps only the end of the output: name what failed (and what passed only on its retry)
  // here, not only above.
  for (const [title, pick] of [
    ['passed only on retry (flaky: fix them)', (r: TierResult) => r.flaky],
    ['failed', (r: TierResult) => r.failures],
  ] as const) {
    const named = results.filter((r) => pick(r).length > 0);
    if (named.length === 0) continue;
    console.log(`\n${title}:`);
    for (const r of named) for (const f of pick(r).slice(0, 20)) console.log(`  [${r.tier}] ${f}`);
  }
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const failures = results.reduce((n, r) => n + r.failed, 0) + (failed && results.every((r) => r.failed === 0) ? 1 : 0);
  console.log(`\ntotal: ${passed} passed, ${failures} failed`);
  process.exit(failed ? 1 : 0);
}

void main();
