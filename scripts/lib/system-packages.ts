import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

import { findPostgresBin } from './postgres';

/**
 * The system packages `npm test` still needs (everything else comes from npm): Debian's Chromium
 * for the Playwright tier, Japanese fonts so pages render (and screenshot) as users see them, and
 * the PostgreSQL binaries for the server tier. `npm test` sets itself up like `npm start`: as root
 * it installs what is missing; otherwise it names the one command to run.
 */
export type SystemTier = 'e2e' | 'postgres';

export interface Found {
  chromium: boolean;
  cjkFonts: boolean;
  postgres: boolean;
}

export interface SetupContext {
  /** Tiers about to run. */
  tiers: ReadonlySet<string>;
  found: Found;
  root: boolean;
  apt: boolean;
  /** apt-get already ran in this run: do not try again, say what is still missing. */
  triedInstall: boolean;
  ci: boolean;
  /** TEST_DATABASE_URL points the postgres tier at a server: no local binaries needed. */
  externalDatabase: boolean;
}

export interface SetupPlan {
  /** Debian packages to install now (as root with apt), in a stable order. */
  install: string[];
  /** The one line to print when the packages cannot be installed here, else null. */
  advice: string | null;
  /** Tiers that cannot run for want of a package: fail (true) or skip with a note (false). */
  blocked: Map<SystemTier, { packages: string[]; fail: boolean }>;
}

const NEEDS: { tier: SystemTier; pkg: string; has: (f: Found) => boolean }[] = [
  { tier: 'e2e', pkg: 'chromium', has: (f) => f.chromium },
  { tier: 'e2e', pkg: 'fonts-noto-cjk', has: (f) => f.cjkFonts },
  { tier: 'postgres', pkg: 'postgresql', has: (f) => f.postgres },
];

export function planSystemPackages(ctx: SetupContext): SetupPlan {
  const missing = NEEDS.filter((n) => ctx.tiers.has(n.tier) && !n.has(ctx.found) && !(n.tier === 'postgres' && ctx.externalDatabase));
  const packages = missing.map((n) => n.pkg);
  if (packages.length === 0) return { install: [], advice: null, blocked: new Map() };
  if (ctx.root && ctx.apt && !ctx.triedInstall) return { install: packages, advice: null, blocked: new Map() };

  const blocked = new Map<SystemTier, { packages: string[]; fail: boolean }>();
  for (const n of missing) {
    // Without PostgreSQL a developer's run still covers the same suite on PGlite, as before;
    // CI must run every tier.
    const fail = n.tier === 'e2e' || ctx.ci;
    const entry = blocked.get(n.tier) ?? { packages: [], fail };
    entry.packages.push(n.pkg);
    blocked.set(n.tier, entry);
  }
  const command = `${ctx.root ? '' : 'sudo '}apt-get install -y --no-install-recommends ${packages.join(' ')}`;
  const advice = ctx.apt
    ? `[hojin] テストに必要なシステムパッケージがありません（${packages.join(', ')}）。次を実行してください: ${command}`
    : `[hojin] テストに必要なシステムパッケージがありません（${packages.join(', ')}）。Debian/Ubuntu の ${packages.join(' ')} に当たるものをインストールしてください。`;
  return { install: [], advice, blocked };
}

export function chromiumPath(): string {
  return process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
}

function commandExists(cmd: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { stdio: 'ignore' }).status === 0;
}

export function probeSystem(): Found {
  const fonts = spawnSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
  return {
    chromium: fs.existsSync(chromiumPath()),
    cjkFonts: fonts.status === 0 && /Noto Sans CJK/i.test(fonts.stdout),
    postgres: findPostgresBin() !== null,
  };
}

/**
 * Probes, installs as root when something is missing, probes again, and returns what still
 * blocks a tier (printing one line saying what to run).
 */
export function ensureSystemPackages(tiers: ReadonlySet<string>): SetupPlan['blocked'] {
  const ctx = (found: Found): SetupContext => ({
    tiers,
    found,
    root: process.getuid?.() === 0,
    apt: commandExists('apt-get'),
    triedInstall: false,
    ci: Boolean(process.env.CI),
    externalDatabase: Boolean(process.env.TEST_DATABASE_URL),
  });
  let plan = planSystemPackages(ctx(probeSystem()));
  if (plan.install.length > 0) {
    console.log(`[hojin] テストに必要なシステムパッケージをインストールしています（apt-get）: ${plan.install.join(' ')}`);
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: ['ignore', 'ignore', 'inherit'], env });
    const install =
      update.status === 0 &&
      spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...plan.install], {
        stdio: ['ignore', 'ignore', 'inherit'],
        env,
      }).status === 0;
    if (!install) console.error('[hojin] apt-get に失敗しました（上のメッセージを確認してください）。');
    // Whatever the installation did, the tiers run on what is there now.
    plan = planSystemPackages({ ...ctx(probeSystem()), triedInstall: true });
  }
  if (plan.advice) console.log(plan.advice);
  return plan.blocked;
}
