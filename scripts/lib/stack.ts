import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

import { parseEnv, type Env } from '../../src/config/env';
import { SCHEMA_VERSION as REGISTRY_SCHEMA_VERSION } from '../../src/features/registry/formats/registry-schema';

import { precompressStatic } from './precompress';
import { ProcessGroup, portInUse, run, waitForPort } from './processes';

/**
 * The whole local service for `npm start` and the end-to-end tests: the stand-ins of dev/ as
 * separate processes (only those the configuration points at this machine), the application
 * database migrated and seeded, a sample registry when none exists, a production build when the
 * sources changed, and our HTTP server (server.ts: `next start` plus the client's real address).
 */
export interface StackOptions {
  /** variables layered over process.env for every process of the stack */
  env?: Record<string, string>;
  /** e2e runs keep quieter logs */
  quiet?: boolean;
  /** rows of the generated sample registry */
  sampleRows?: number;
  /** runs after the database is ready and before the server opens it (PGlite has one opener) */
  afterDatabase?: (vars: Record<string, string>) => Promise<void>;
  /** 'dev' runs `next dev` (hot reload, no build) instead of a production build and `next start` */
  mode?: 'production' | 'dev';
}

const ROOT = path.resolve(__dirname, '..', '..');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const NEXT = path.join(ROOT, 'node_modules', '.bin', 'next');

function isLocal(url: string): boolean {
  const host = new URL(url).hostname;
  return host === '127.0.0.1' || host === 'localhost' || host === '::1';
}

function portOf(url: string): number {
  const u = new URL(url);
  return Number(u.port || (u.protocol === 'https:' ? 443 : 80));
}

interface StandIn {
  name: string;
  script: string;
  args: string[];
  port: number;
}

function standIns(env: Env): StandIn[] {
  const list: StandIn[] = [];
  if (isLocal(env.PAYJP_API_BASE)) {
    const port = portOf(env.PAYJP_API_BASE);
    list.push({
      name: 'payjp',
      script: 'dev/payjp/server.ts',
      port,
      args: [
        '--port',
        String(port),
        '--secret-key',
        env.PAYJP_SECRET_KEY,
        '--public-key',
        env.PAYJP_PUBLIC_KEY ?? '',
        '--webhook-url',
        `${env.APP_BASE_URL}/api/payments/webhook`,
        '--webhook-token',
        env.PAYJP_WEBHOOK_TOKEN,
        '--state-file',
        path.join(env.paths.dataDir, 'payjp-emulator.json'),
      ],
    });
  }
  if (isLocal(env.OIDC_ISSUER)) {
    const port = portOf(env.OIDC_ISSUER);
    list.push({
      name: 'oidc',
      script: 'dev/oidc/server.ts',
      port,
      args: [
        '--port',
        String(port),
        '--issuer',
        env.OIDC_ISSUER,
        '--client-id',
        env.OIDC_CLIENT_ID,
        '--client-secret',
        env.OIDC_CLIENT_SECRET,
        '--redirect-uri',
        `${env.APP_BASE_URL}/api/users/login-social/callback`,
        '--redirect-uri',
        `${env.APP_BASE_URL}/api/users/register-social/callback`,
      ],
    });
  }
  if (env.SMTP_HOST === '127.0.0.1' || env.SMTP_HOST === 'localhost') {
    const httpPort = env.MAIL_CATCHER_URL ? portOf(env.MAIL_CATCHER_URL) : 1080;
    list.push({
      name: 'mail',
      script: 'dev/mail/server.ts',
      port: env.SMTP_PORT,
      args: ['--smtp-port', String(env.SMTP_PORT), '--http-port', String(httpPort), '--dir', path.join(env.paths.dataDir, 'mail')],
    });
  }
  if (isLocal(env.NTA_API_BASE)) {
    // The NTA Web-APIs' stand-in: serves the diff files dropped into DATA_DIR/nta-api. The app
    // fetches from it when NTA_APPLICATION_ID is set (any value locally); without an ID the
    // updater reads REGISTRY_UPDATE_DIR instead.
    const port = portOf(env.NTA_API_BASE);
    list.push({
      name: 'nta',
      script: 'dev/nta/server.ts',
      port,
      args: ['--port', String(port), '--dir', path.join(env.paths.dataDir, 'nta-api')],
    });
  }
  return list.filter((s) => fs.existsSync(path.join(ROOT, s.script)));
}

/** Variables every process of the stack sees: the mail catcher's page is linked in the UI. */
export function stackEnv(overrides: Record<string, string> = {}): Record<string, string> {
  const merged: Record<string, string> = { ...(process.env as Record<string, string>), ...overrides };
  if (!merged.MAIL_CATCHER_URL && (!merged.SMTP_HOST || merged.SMTP_HOST === '127.0.0.1' || merged.SMTP_HOST === 'localhost')) {
    merged.MAIL_CATCHER_URL = 'http://127.0.0.1:1080';
  }
  return merged;
}

/** A cheap fingerprint of everything the build depends on (paths, sizes, mtimes). */
function sourceFingerprint(): string {
  const hash = createHash('sha1');
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (!entry.name.endsWith('.test.ts') && !entry.name.endsWith('.test.tsx')) {
        const st = fs.statSync(full);
        hash.update(`${path.relative(ROOT, full)}:${st.size}:${st.mtimeMs}\n`);
      }
    }
  };
  for (const dir of ['src', 'db', 'public']) if (fs.existsSync(path.join(ROOT, dir))) walk(path.join(ROOT, dir));
  for (const file of ['next.config.ts', 'package-lock.json', 'tsconfig.json']) {
    const full = path.join(ROOT, file);
    if (fs.existsSync(full)) hash.update(`${file}:${fs.statSync(full).mtimeMs}\n`);
  }
  return hash.digest('hex');
}

/**
 * The build step of the stack and of production (`npm run build`): `next build` unless the existing
 * build was made from the same sources (or `force`), then Brotli and gzip copies of the static
 * JavaScript and CSS for server.ts to send (docs/decisions/0035; fast when they are up to date).
 */
export async function ensureBuild(env: Record<string, string>, options: { force?: boolean } = {}): Promise<void> {
  const marker = path.join(ROOT, '.next', 'hojin-source-fingerprint');
  const fingerprint = sourceFingerprint();
  const upToDate =
    !options.force &&
    fs.existsSync(path.join(ROOT, '.next', 'BUILD_ID')) &&
    fs.existsSync(marker) &&
    fs.readFileSync(marker, 'utf8') === fingerprint;
  if (!upToDate) {
    console.log('[hojin] アプリをビルドしています（next build、初回は1〜2分かかります）…');
    await run(NEXT, ['build'], { env: { ...env, NEXT_TELEMETRY_DISABLED: '1' }, cwd: ROOT });
    fs.writeFileSync(marker, fingerprint);
  }
  const packed = await precompressStatic(path.join(ROOT, '.next'));
  if (packed.written > 0) {
    const kib = (n: number) => `${Math.round(n / 1024).toLocaleString('ja-JP')} KiB`;
    console.log(
      `[hojin] 静的ファイル ${packed.files} 件を圧縮しました（${kib(packed.bytes.source)} → Brotli ${kib(packed.bytes.br)}、gzip ${kib(packed.bytes.gzip)}）。`,
    );
  }
}

/** Migrates and seeds the application database, in a child process that then exits (PGlite allows one opener). */
export { run, TSX, ROOT };

export async function prepareDatabase(env: Record<string, string>): Promise<void> {
  await run(TSX, ['--conditions=react-server', path.join(ROOT, 'scripts', 'db-setup.ts')], { env, cwd: ROOT });
}

/**
 * The format version and sample flag of an existing registry file (null: not a registry file).
 * Read here rather than through the store, which refuses a file of another version.
 */
export function registryFileFormat(file: string): { schemaVersion: number; isSample: boolean } | null {
  let db: Database.Database | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    const rows = db.prepare(`SELECT key, value FROM meta WHERE key IN ('schemaVersion', 'isSample')`).all() as {
      key: string;
      value: string;
    }[];
    const m = new Map(rows.map((r) => [r.key, JSON.parse(r.value) as unknown]));
    const version = m.get('schemaVersion');
    return typeof version === 'number' ? { schemaVersion: version, isSample: m.get('isSample') === true } : null;
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

/**
 * Takes the registry from the latest published snapshot, else generates and imports a sample
 * registry, when the configured registry file does not exist, or
 * when it is generated sample data of an older file format (the service cannot open it). A real
 * registry of an older format is left alone: it takes a full import, which only the operator can
 * start, and meanwhile the search says the registry is unavailable.
 */
export async function ensureRegistry(env: Record<string, string>, rows: number): Promise<void> {
  const config = parseEnv(env);
  if (fs.existsSync(config.paths.registry)) {
    const format = registryFileFormat(config.paths.registry);
    if (format !== null && format.schemaVersion === REGISTRY_SCHEMA_VERSION) return;
    if (format === null || !format.isSample) {
      console.warn(
        `[hojin] 登記データベース（${config.paths.registry}）の形式が古いか読めないため、会社検索は利用できません。` +
          '全件データから npm run registry:import で作り直してください。',
      );
      return;
    }
    console.log('[hojin] サンプルの登記データベースの形式が古いため、作り直します…');
    fs.rmSync(config.paths.registry, { force: true });
  }
  // Another instance may have published the registry to the file storage (docs/decisions/0120):
  // start from that snapshot rather than building one (exit 0: restored; else build as before).
  const restored = await run(TSX, ['--conditions=react-server', path.join(ROOT, 'scripts', 'registry-snapshot.ts'), 'restore'], {
    env,
    cwd: ROOT,
  }).then(
    () => true,
    () => false,
  );
  if (restored && fs.existsSync(config.paths.registry)) return;
  const generator = path.join(ROOT, 'scripts', 'registry-generate.ts');
  const importer = path.join(ROOT, 'scripts', 'registry-import.ts');
  if (!fs.existsSync(generator) || !fs.existsSync(importer)) {
    console.warn('[hojin] 登記データの生成スクリプトがないため、会社検索は利用できません。');
    return;
  }
  const dir = path.join(config.paths.dataDir, 'registry', 'sample-source');
  console.log(`[hojin] サンプルの法人データ（${rows.toLocaleString('ja-JP')}件）を生成して取り込みます…`);
  fs.rmSync(dir, { recursive: true, force: true });
  await run(TSX, ['--conditions=react-server', generator, '--rows', String(rows), '--out', dir], { env, cwd: ROOT });
  await run(TSX, ['--conditions=react-server', importer, dir, '--out', config.paths.registry, '--sample'], { env, cwd: ROOT });
}

/**
 * Generates and imports sample qualified-invoice data for the registry when the configured
 * invoice file does not exist (issue 4). Runs after ensureRegistry: the sample is drawn from the
 * registry's companies. Without a registry there is nothing to draw from, and the record pages
 * then say 「不明」 for the invoice registration.
 */
export async function ensureInvoices(env: Record<string, string>): Promise<void> {
  const config = parseEnv(env);
  if (fs.existsSync(config.paths.invoice) || !fs.existsSync(config.paths.registry)) return;
  const generator = path.join(ROOT, 'scripts', 'invoice-generate.ts');
  const importer = path.join(ROOT, 'scripts', 'invoice-import.ts');
  if (!fs.existsSync(generator) || !fs.existsSync(importer)) return;
  const dir = path.join(config.paths.dataDir, 'registry', 'invoice-source');
  console.log('[hojin] サンプルのインボイス登録データを生成して取り込みます…');
  fs.rmSync(dir, { recursive: true, force: true });
  await run(TSX, ['--conditions=react-server', generator, '--registry', config.paths.registry, '--out', dir], { env, cwd: ROOT });
  await run(TSX, ['--conditions=react-server', importer, dir, '--out', config.paths.invoice, '--sample'], { env, cwd: ROOT });
}

export interface RunningStack {
  url: string;
  env: Env;
  stop: () => Promise<void>;
}

export async function startStack(options: StackOptions = {}): Promise<RunningStack> {
  const vars = stackEnv(options.env);
  const env = parseEnv(vars); // a bad value stops here, naming the variable
  fs.mkdirSync(env.paths.dataDir, { recursive: true });
  const group = new ProcessGroup();

  const appPort = env.PORT;
  if (await portInUse(appPort))
    throw new Error(`ポート ${appPort} は使用中です。別の hojin が起動していないか確認するか、PORT を変更してください。`);

  // Every port is checked before anything starts, so a refusal leaves no stand-in running.
  for (const s of standIns(env)) {
    if (await portInUse(s.port)) throw new Error(`ポート ${s.port}（${s.name}）は使用中です。`);
  }
  for (const s of standIns(env)) {
    group.spawn(s.name, TSX, [path.join(ROOT, s.script), ...s.args], { env: vars, quiet: options.quiet });
  }
  try {
    await Promise.all([
      prepareDatabase(vars).then(() => options.afterDatabase?.(vars)),
      ensureRegistry(vars, options.sampleRows ?? 20_000).then(() => ensureInvoices(vars)),
    ]);
    const dev = options.mode === 'dev';
    if (!dev) await ensureBuild(vars);
    await Promise.all(standIns(env).map((s) => waitForPort(s.port)));
    // server.ts --dev runs `next dev`, which keeps its files under .next/dev, so it never disturbs the production build.
    const serverArgs = [path.join(ROOT, 'server.ts'), '--port', String(appPort), '--hostname', '127.0.0.1', ...(dev ? ['--dev'] : [])];
    group.spawn('next', TSX, serverArgs, {
      env: { ...vars, NEXT_TELEMETRY_DISABLED: '1' },
      quiet: options.quiet,
    });
    await waitForPort(appPort, '127.0.0.1', 120_000);
  } catch (error) {
    await group.stopAll();
    throw error;
  }
  return { url: `http://localhost:${appPort}`, env, stop: () => group.stopAll() };
}
