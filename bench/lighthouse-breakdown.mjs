// Where the blocking time of a page goes, from the reports `npm run bench:lighthouse` writes
// (bench/out/lighthouse/<page>-<run>.json): Lighthouse's own audits of the main thread —
// `mainthread-work-breakdown` (by kind of work), `bootup-time` (by script: evaluation, parsing),
// `long-tasks` (each task over 50 ms, with the script it is attributed to) — and TBT with the
// benchmark index of the run. Plain node, as lighthouse-run.mjs.
//
//   node bench/lighthouse-breakdown.mjs [file-or-folder …]   (default: bench/out/lighthouse)
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const inputs = args.length > 0 ? args : [path.join(import.meta.dirname, 'out', 'lighthouse')];
const files = inputs.flatMap((p) =>
  fs.statSync(p).isDirectory()
    ? fs
        .readdirSync(p)
        .filter((f) => f.endsWith('.json') && f !== 'rows.json')
        .sort()
        .map((f) => path.join(p, f))
    : [p],
);

const short = (url) => {
  try {
    const u = new URL(url);
    return u.pathname.replace(/^\/_next\/static\/chunks\//, '') + (u.pathname.startsWith('/_next') ? '' : u.search);
  } catch {
    return String(url);
  }
};
const ms = (n) => `${Math.round(n ?? 0)}`;

for (const file of files) {
  const lhr = JSON.parse(fs.readFileSync(file, 'utf8'));
  const audits = lhr.audits;
  const items = (id) => audits[id]?.details?.items ?? [];
  console.log(`\n## ${path.basename(file)} — ${lhr.finalDisplayedUrl ?? lhr.finalUrl}`);
  console.log(
    `TBT ${ms(audits['total-blocking-time']?.numericValue)} ms, main-thread ${ms(audits['mainthread-work-breakdown']?.numericValue)} ms, ` +
      `bootup ${ms(audits['bootup-time']?.numericValue)} ms, benchmark index ${Math.round(lhr.environment?.benchmarkIndex ?? 0)}, ` +
      `CPU slowdown ×${lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? '?'}`,
  );
  console.log(
    'main thread by kind (ms, throttled): ' +
      items('mainthread-work-breakdown')
        .map((i) => `${i.groupLabel ?? i.group} ${ms(i.duration)}`)
        .join(', '),
  );
  console.log('scripts (ms, throttled: total / evaluation / parse+compile):');
  for (const i of items('bootup-time')) console.log(`  ${short(i.url)}  ${ms(i.total)} / ${ms(i.scripting)} / ${ms(i.scriptParseCompile)}`);
  console.log('long tasks (start ms, duration ms, attributed to):');
  for (const i of items('long-tasks')) console.log(`  ${ms(i.startTime)}  ${ms(i.duration)}  ${short(i.url)}`);
}
