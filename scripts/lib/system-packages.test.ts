import { describe, expect, it } from 'vitest';

import { planSystemPackages, type SetupContext } from './system-packages';

const all = new Set(['static', 'unit', 'integration', 'postgres', 'e2e']);
const nothing = { chromium: false, cjkFonts: false, postgres: false };
const everything = { chromium: true, cjkFonts: true, postgres: true };

function ctx(over: Partial<SetupContext>): SetupContext {
  return { tiers: all, found: everything, root: false, apt: true, ci: false, externalDatabase: false, triedInstall: false, ...over };
}

describe('planSystemPackages', () => {
  it('does nothing when every package is there', () => {
    expect(planSystemPackages(ctx({ root: true }))).toEqual({ install: [], advice: null, blocked: new Map() });
  });

  it('installs every missing package as root with apt, and blocks nothing', () => {
    const plan = planSystemPackages(ctx({ root: true, found: nothing }));
    expect(plan.install).toEqual(['chromium', 'fonts-noto-cjk', 'postgresql']);
    expect(plan.advice).toBeNull();
    expect(plan.blocked.size).toBe(0);
  });

  it('asks only for what the chosen tiers need', () => {
    expect(planSystemPackages(ctx({ root: true, found: nothing, tiers: new Set(['unit', 'integration']) })).install).toEqual([]);
    expect(planSystemPackages(ctx({ root: true, found: nothing, tiers: new Set(['postgres']) })).install).toEqual(['postgresql']);
    expect(planSystemPackages(ctx({ root: true, found: { ...everything, cjkFonts: false }, tiers: new Set(['e2e']) })).install).toEqual([
      'fonts-noto-cjk',
    ]);
  });

  it('needs no PostgreSQL binaries when TEST_DATABASE_URL names a server', () => {
    expect(planSystemPackages(ctx({ root: true, found: { ...everything, postgres: false }, externalDatabase: true })).install).toEqual([]);
  });

  it('as another user prints one line with the exact command, fails the browser tier and skips postgres outside CI', () => {
    const plan = planSystemPackages(ctx({ found: nothing }));
    expect(plan.install).toEqual([]);
    expect(plan.advice).toContain('sudo apt-get install -y --no-install-recommends chromium fonts-noto-cjk postgresql');
    expect(plan.advice).not.toContain('\n');
    expect(plan.blocked.get('e2e')).toEqual({ packages: ['chromium', 'fonts-noto-cjk'], fail: true });
    expect(plan.blocked.get('postgres')).toEqual({ packages: ['postgresql'], fail: false });
  });

  it('fails the postgres tier in CI', () => {
    const plan = planSystemPackages(ctx({ found: { ...everything, postgres: false }, ci: true }));
    expect(plan.blocked.get('postgres')).toEqual({ packages: ['postgresql'], fail: true });
    expect(plan.blocked.has('e2e')).toBe(false);
  });

  it('after a failed installation as root, says what is still missing without sudo and does not try again', () => {
    const plan = planSystemPackages(ctx({ root: true, found: { ...everything, chromium: false }, triedInstall: true }));
    expect(plan.install).toEqual([]);
    expect(plan.advice).toContain(': apt-get install -y --no-install-recommends chromium');
    expect(plan.blocked.get('e2e')?.fail).toBe(true);
  });

  it('without apt-get names the packages instead of a command', () => {
    const plan = planSystemPackages(ctx({ root: true, apt: false, found: { ...everything, chromium: false } }));
    expect(plan.install).toEqual([]);
    expect(plan.advice).not.toContain('apt-get install');
    expect(plan.advice).toContain('chromium');
    expect(plan.blocked.get('e2e')?.fail).toBe(true);
  });
});
