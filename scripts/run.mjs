#!/usr/bin/env node
// Entry point of `npm start` and `npm test` on a fresh clone: installs the dependencies when
// they are missing or out of date (only Node built-ins are used here, because nothing else is
// installed yet), then hands over to the TypeScript script that does the real work.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const [, , command, ...rest] = process.argv;
const targets = { start: 'scripts/start.ts', test: 'scripts/test.ts' };
if (!targets[command]) {
  console.error('usage: node scripts/run.mjs start [--dev]|test [args]');
  process.exit(2);
}

function mtime(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

// npm writes node_modules/.package-lock.json after every install; older than package-lock.json
// (or absent) means the tree does not match the lock file.
const installed = mtime('node_modules/.package-lock.json');
if (installed === 0 || installed < mtime('package-lock.json') || !fs.existsSync(path.join(root, 'node_modules/.bin/tsx'))) {
  console.log('[hojin] 依存パッケージをインストールしています（npm ci）…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[hojin] npm ci に失敗しました。上のログを確認してください。');
    process.exit(result.status ?? 1);
  }
}

const tsx = path.join(root, 'node_modules/.bin/tsx');
const result = spawnSync(tsx, ['--conditions=react-server', targets[command], ...rest], { cwd: root, stdio: 'inherit' });
process.exit(result.status ?? (result.signal ? 1 : 0));
