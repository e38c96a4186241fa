import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { run, waitForPort } from '../scripts/lib/processes';

/**
 * The framework's floor for the main-thread budget (docs/decisions/0067): an empty App Router page
 * — one `<h1>` and one `<p>`, no code of ours — built with this checkout's Next and React
 * (`node_modules` linked in) and served by `next start`. It lives outside the repository
 * (os.tmpdir()): inside it, Next would pick up the project's `src/proxy.ts` and instrumentation.
 * The build is kept and reused while Next's version and these files are the same.
 *
 *   npx tsx bench/empty-app.ts 13990     builds it if needed and serves it until Ctrl-C
 */
const ROOT = path.resolve(__dirname, '..');
const NEXT_BIN = path.join(ROOT, 'node_modules', 'next', 'dist', 'bin', 'next');

const FILES: Record<string, string> = {
  'package.json': '{ "name": "hojin-empty-app", "private": true }\n',
  // turbopack's root is `/` because node_modules is a link into the checkout
  'next.config.mjs': "export default { poweredByHeader: false, turbopack: { root: '/' } };\n",
  'app/layout.jsx': `export default function RootLayout({ children }) {
  return (
    <html lang="ja">
      <head>
        <title>empty</title>
        <meta name="description" content="empty" />
      </head>
      <body>{children}</body>
    </html>
  );
}
`,
  'app/page.jsx': `export default function Page() {
  return (
    <main>
      <h1>空のページ</h1>
      <p>Next.js App Router の最小ページ。</p>
    </main>
  );
}
`,
};

function nextVersion(): string {
  return (JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'next', 'package.json'), 'utf8')) as { version: string }).version;
}

/** Writes the app's files and builds it unless the same files were built with the same Next. */
export async function buildEmptyApp(dir = path.join(os.tmpdir(), 'hojin-empty-app')): Promise<string> {
  const fingerprint = createHash('sha1')
    .update(`${nextVersion()}\n${JSON.stringify(FILES)}\n${fs.realpathSync(path.join(ROOT, 'node_modules'))}`)
    .digest('hex');
  const marker = path.join(dir, '.next', 'hojin-fingerprint');
  if (fs.existsSync(marker) && fs.readFileSync(marker, 'utf8') === fingerprint) return dir;
  fs.rmSync(dir, { recursive: true, force: true });
  for (const [file, text] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  console.log(`[bench] 空の App Router ページをビルドしています（Next ${nextVersion()}、${dir}）…`);
  await run(process.execPath, [NEXT_BIN, 'build'], { cwd: dir, env: { NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' } });
  fs.writeFileSync(marker, fingerprint);
  return dir;
}

export interface RunningEmptyApp {
  url: string;
  stop: () => Promise<void>;
}

/** Builds (if needed) and serves the empty page on `port` with `next start`. */
export async function startEmptyApp(port: number): Promise<RunningEmptyApp> {
  const dir = await buildEmptyApp();
  const child: ChildProcess = spawn(process.execPath, [NEXT_BIN, 'start', '-p', String(port), '-H', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForPort(port, '127.0.0.1', 60_000);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    url: `http://localhost:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

if (require.main === module) {
  const port = Number(process.argv[2] ?? '13990');
  startEmptyApp(port)
    .then((app) => {
      console.log(`[bench] 空の App Router ページ: ${app.url}/`);
      const stop = () => void app.stop().then(() => process.exit(0));
      process.on('SIGINT', stop);
      process.on('SIGTERM', stop);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
