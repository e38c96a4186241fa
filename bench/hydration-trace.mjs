// What a page's first load does on the main thread, in Debian's Chromium with the CPU slowed 4×
// as Lighthouse's mobile preset simulates it (CDP Emulation.setCPUThrottlingRate): every long task
// (PerformanceObserver 'longtask', observed ms, so already 4× slower than the machine), the scripts
// behind each long animation frame ('long-animation-frame': the script, what invoked it, its
// duration), and React's commits (a stand-in for the DevTools hook, which React calls on every
// commit): at each commit, the fibers never rendered again since they mounted (no alternate; at
// the first commit, everything it hydrated) — host elements (the DOM React hydrates or creates),
// function components (client components, Next's own and ours) — and the Suspense boundaries
// still dehydrated, so the hydration is seen as one commit or several — and the function components
// rendered in each commit (what a state change re-rendered; at the first, the hydration). DOM nodes at the end.
// Plain node, as lighthouse-run.mjs; a logged-out first visit with an empty cache per run, or with
// `--member` the demo member's (logged in once, as lighthouse-run.mjs does: a company, an item and
// an address in storage), each run still in a new context with an empty HTTP cache.
//
//   node bench/hydration-trace.mjs http://localhost:14000 /search '/search?q=トヨタ' [--runs 3] [--cpu 4]
//   node bench/hydration-trace.mjs http://localhost:14100 /purchase/select /purchase/recipient-info --member
//   node bench/hydration-trace.mjs http://localhost:14100 / /purchase/select --member --floor http://localhost:13790/ --runs 5 --quiet
//
// `--floor URL` (the empty App Router page, bench/empty-app.ts; docs/decisions/0067) is measured
// logged out at the start of every round, and the rounds interleave the pages (floor, page 1,
// page 2, …, floor, page 1, …), so each page is compared with the framework's floor of the same
// minutes. Every run also reads Chromium's own counters (CDP Performance.getMetrics: the time spent
// in scripts, in tasks, in style and layout, since the page was opened) and counts the scripts it
// loaded; the end prints each page's medians and their difference to the floor's. `--quiet`
// prints only that summary.
import fs from 'node:fs';

import { chromium } from '@playwright/test';

import { storeBuyer } from './buyer-storage.mjs';

const argv = process.argv.slice(2);
const opt = (name, fallback) => {
  const i = argv.indexOf(`--${name}`);
  if (i === -1) return fallback;
  const v = argv[i + 1];
  argv.splice(i, 2);
  return v;
};
const member = argv.includes('--member');
if (member) argv.splice(argv.indexOf('--member'), 1);
const quiet = argv.includes('--quiet');
if (quiet) argv.splice(argv.indexOf('--quiet'), 1);
const floor = opt('floor', null);
const runs = Number(opt('runs', '1'));
const cpu = Number(opt('cpu', '4'));
const [base, ...paths] = argv;
if (!base || paths.length === 0) {
  console.error('usage: node bench/hydration-trace.mjs <base> <path> [path …] [--runs N] [--cpu 4]');
  process.exit(2);
}

// Runs in the page before any of its scripts.
const INIT = () => {
  const w = window;
  w.__trace = { longTasks: [], frames: [], commits: [] };
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__trace.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {}
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries())
        w.__trace.frames.push({
          start: e.startTime,
          duration: e.duration,
          blocking: e.blockingDuration,
          scripts: e.scripts.map((s) => ({
            duration: s.duration,
            invoker: s.invoker,
            source: (s.sourceURL || '').replace(/^.*\/_next\/static\/chunks\//, ''),
            fn: s.sourceFunctionName,
          })),
        });
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {}
  // The fiber objects of the previous commit's tree: a component that rendered in this commit is a
  // fiber object that tree did not have (React works on the other copy of a fiber it renders;
  // a subtree it skips keeps its objects) with React's PerformedWork flag (1) set.
  let previous = new WeakSet();
  const count = (fiber, acc) => {
    // iterative walk: mounted fibers of this commit (no alternate: created by this render)
    const seen = new WeakSet();
    const stack = [fiber];
    while (stack.length > 0) {
      const f = stack.pop();
      if (f === null) continue;
      seen.add(f);
      const component = f.tag === 0 || f.tag === 1 || f.tag === 11 || f.tag === 14 || f.tag === 15;
      if (component && (f.flags & 1) === 1 && !previous.has(f)) acc.rendered += 1;
      if (f.alternate === null) {
        acc.mounted += 1;
        if (f.tag === 5 || f.tag === 26 || f.tag === 27) acc.host += 1;
        else if (f.tag === 0 || f.tag === 1 || f.tag === 11 || f.tag === 14 || f.tag === 15) acc.components += 1;
      }
      if (f.tag === 13 && f.memoizedState !== null && f.memoizedState.dehydrated) acc.dehydrated += 1;
      if (f.child) stack.push(f.child);
      if (f.sibling) stack.push(f.sibling);
    }
    previous = seen;
    return acc;
  };
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject() {
      return 1;
    },
    checkDCE() {},
    onScheduleFiberRoot() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const t = performance.now();
      w.__trace.commits.push({ at: t, ...count(root.current.child, { mounted: 0, host: 0, components: 0, dehydrated: 0, rendered: 0 }) });
    },
  };
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox'] });

/** The demo member logged in, with a buyer's choices in storage: cookies and localStorage, and the tab's sessionStorage. */
async function memberState() {
  // (the demo account's constants, read from their module: plain node does not load TypeScript)
  const source = fs.readFileSync(new URL('../src/features/accounts/server/demo-user.ts', import.meta.url), 'utf8');
  const constant = (name) => new RegExp(`export const ${name} = '([^']+)'`).exec(source)?.[1] ?? '';
  const [DEMO_EMAIL, DEMO_PASSWORD] = [constant('DEMO_EMAIL'), constant('DEMO_PASSWORD')];
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(new URL('/login', base).toString());
  await page.fill('#email', DEMO_EMAIL);
  await page.fill('#password', DEMO_PASSWORD);
  await Promise.all([page.waitForURL((u) => u.pathname !== '/login'), page.click('button[type="submit"]')]);
  await page.waitForLoadState('networkidle');
  const { session } = await page.evaluate(storeBuyer);
  const storageState = await context.storageState();
  await context.close();
  return { storageState, session };
}

const state = member ? await memberState() : null;
/** label → the figures of each run */
const summary = new Map();
const FLOOR = 'empty App Router page';
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};
try {
  for (let run = 1; run <= runs; run++) {
    for (const p of floor ? [FLOOR, ...paths] : paths) {
      const isFloor = p === FLOOR;
      const log = (...a) => {
        if (!quiet) console.log(...a);
      };
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        isMobile: true,
        deviceScaleFactor: 1.75,
        ...(state && !isFloor ? { storageState: state.storageState } : {}),
      });
      const page = await context.newPage();
      const scripts = { count: 0, bytes: 0 };
      page.on('response', (res) => {
        if (res.request().resourceType() !== 'script') return;
        scripts.count += 1;
        const length = Number(res.headers()['content-length'] ?? 0);
        scripts.bytes += Number.isFinite(length) ? length : 0;
      });
      if (state && !isFloor) {
        await page.addInitScript((entries) => {
          for (const [k, v] of Object.entries(entries)) sessionStorage.setItem(k, v);
        }, state.session);
      }
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpu });
      await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
      await page.addInitScript(INIT);
      await page.goto(isFloor ? floor : new URL(p, base).toString(), { waitUntil: 'load' });
      await page.waitForTimeout(3000); // effects, idle callbacks and SWR after load
      const metrics = Object.fromEntries((await cdp.send('Performance.getMetrics')).metrics.map((m) => [m.name, m.value]));
      const t = await page.evaluate(() => ({
        ...window.__trace,
        nodes: document.getElementsByTagName('*').length,
        fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
        lcp: null,
      }));
      const lcp = await page.evaluate(
        () =>
          new Promise((resolve) => {
            new PerformanceObserver((list) => {
              const e = list.getEntries().at(-1);
              const el = e?.element;
              resolve(
                e
                  ? {
                      at: Math.round(e.startTime),
                      element: el ? `${el.tagName.toLowerCase()}${el.className ? '.' + String(el.className).split(' ')[0] : ''}` : '?',
                      size: e.size,
                    }
                  : null,
              );
            }).observe({ type: 'largest-contentful-paint', buffered: true });
            setTimeout(() => resolve(null), 500);
          }),
      );
      const r = Math.round;
      const total = t.longTasks.reduce((s, x) => s + x.duration, 0);
      const blocking = t.longTasks.reduce((s, x) => s + Math.max(0, x.duration - 50), 0);
      const ms = (name) => Math.round((metrics[name] ?? 0) * 1000);
      const figures = {
        longTasks: t.longTasks.length,
        blocking: Math.round(t.longTasks.reduce((sum, x) => sum + Math.max(0, x.duration - 50), 0)),
        longest: Math.round(Math.max(0, ...t.longTasks.map((x) => x.duration))),
        script: ms('ScriptDuration'),
        task: ms('TaskDuration'),
        styleLayout: ms('RecalcStyleDuration') + ms('LayoutDuration'),
        commits: t.commits.length,
        scripts: scripts.count,
      };
      summary.set(p, [...(summary.get(p) ?? []), figures]);
      log(
        `\n## ${p} run ${run} (CPU ×${cpu}): DOM ${t.nodes} elements, FCP ${r(t.fcp ?? 0)} ms, LCP ${lcp ? `${lcp.at} ms ${lcp.element} (${lcp.size} px²)` : '?'}`,
      );
      log(
        `Chromium's counters: script ${figures.script} ms, tasks ${figures.task} ms, style+layout ${figures.styleLayout} ms; ${scripts.count} scripts`,
      );
      log(
        `long tasks: ${t.longTasks.length}, ${r(total)} ms, over 50 ms: ${r(blocking)} ms; longest ${r(Math.max(0, ...t.longTasks.map((x) => x.duration)))} ms — ` +
          t.longTasks.map((x) => `${r(x.start)}+${r(x.duration)}`).join(' '),
      );
      log(
        'React commits (at ms: fibers not rendered since mount = host elements / components, dehydrated boundaries left; components rendered in the commit): ' +
          t.commits.map((c) => `${r(c.at)}: ${c.mounted} = ${c.host}/${c.components}, ${c.dehydrated}; ${c.rendered}`).join(' · '),
      );
      for (const f of t.frames.filter((x) => x.duration >= 50)) {
        const scripts = f.scripts
          .filter((s) => s.duration >= 5)
          .map((s) => `${s.invoker} ${s.source}${s.fn ? ` ${s.fn}` : ''} ${r(s.duration)}`)
          .join('; ');
        log(`  frame ${r(f.start)}+${r(f.duration)} (blocking ${r(f.blocking)}): ${scripts}`);
      }
      await context.close();
    }
  }
  const keys = ['longTasks', 'blocking', 'longest', 'script', 'task', 'styleLayout', 'commits', 'scripts'];
  const medians = new Map([...summary].map(([p, list]) => [p, Object.fromEntries(keys.map((k) => [k, median(list.map((f) => f[k]))]))]));
  const base0 = medians.get(FLOOR);
  console.log(
    `\n### Medians of ${runs} run(s), CPU ×${cpu} (blocking = Σ(long task − 50 ms); script/tasks/style+layout = Chromium's counters)${base0 ? ', difference to the empty page in ( )' : ''}\n`,
  );
  console.log('| page | long tasks | blocking ms | longest ms | script ms | tasks ms | style+layout ms | React commits | scripts |');
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const [p, m] of medians) {
    const cell = (k) => (base0 && p !== FLOOR ? `${m[k]} (${m[k] - base0[k] >= 0 ? '+' : ''}${m[k] - base0[k]})` : `${m[k]}`);
    console.log(`| ${p} | ${keys.map(cell).join(' | ')} |`);
  }
  for (const [p, list] of summary)
    console.log(`${p}: blocking ${list.map((f) => f.blocking).join(' / ')}; script ${list.map((f) => f.script).join(' / ')}`);
} finally {
  await browser.close();
}
