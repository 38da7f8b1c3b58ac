// Lighthouse on the demo's first visit, as issue 33 measures it: lighthouse
// 12.2.3 from npm (npx), its mobile defaults, Debian's Chromium
// (CHROME_PATH=/usr/bin/chromium), against the repository served the way
// `node scripts/serve.mjs` serves it (scripts/server.mjs, 127.0.0.1, a free
// port). Prints the four category scores, the cumulative layout shift and
// the elements that shifted, and writes the numbers to
// bench/results/lighthouse.json. A measurement, not a test: it asserts
// nothing (the machine's load moves the performance score).
//   node scripts/lighthouse.mjs [--runs=N] [--path=/demo/]
// LIGHTHOUSE=/path/to/lighthouse-cli uses an installed copy instead of npx.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT, startServer } from './server.mjs';

const args = Object.fromEntries(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=')));
const runs = Number(args.runs ?? 1);
const pagePath = args.path ?? '/demo/';
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const VERSION = '12.2.3';
const execFileAsync = promisify(execFile);

const shortUrl = (url) => (url ?? '').replace(/^https?:\/\/[^/]+/, '');

const server = await startServer({ port: 0, compress: true });
const url = `${server.url}${pagePath}`;
const scratch = mkdtempSync(path.join(os.tmpdir(), 'memento-lighthouse-'));
const results = [];
try {
  for (let run = 0; run < runs; run++) {
    const out = path.join(scratch, `run-${run}.json`);
    const flags = [url, '--output=json', `--output-path=${out}`, '--quiet', '--max-wait-for-load=90000',
      '--only-categories=performance,accessibility,best-practices,seo',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu'];
    const env = { ...process.env, CHROME_PATH: chrome };
    // Asynchronously: the server runs in this process, and a synchronous child would leave it unable to answer.
    if (process.env.LIGHTHOUSE) await execFileAsync(process.execPath, [process.env.LIGHTHOUSE, ...flags], { env });
    else await execFileAsync('npx', ['--yes', `lighthouse@${VERSION}`, ...flags], { env });
    const report = JSON.parse(readFileSync(out, 'utf8'));
    const score = (id) => Math.round(report.categories[id].score * 100);
    const shifts = report.audits['layout-shifts']?.details?.items ?? [];
    results.push({
      performance: score('performance'), accessibility: score('accessibility'), bestPractices: score('best-practices'),
      seo: score('seo'), cls: report.audits['cumulative-layout-shift'].numericValue,
      lcpMs: report.audits['largest-contentful-paint'].numericValue, tbtMs: report.audits['total-blocking-time'].numericValue,
      shifts: shifts.map((item) => ({ score: item.score, node: item.node?.selector ?? item.node?.nodeLabel })),
      // Where the blocking time comes from: the main thread's longest tasks and the scripts that cost it most.
      longTasks: (report.audits['long-tasks']?.details?.items ?? []).slice(0, 8)
        .map((item) => ({ url: shortUrl(item.url), startMs: Math.round(item.startTime), ms: Math.round(item.duration) })),
      scripts: (report.audits['bootup-time']?.details?.items ?? []).slice(0, 8)
        .map((item) => ({ url: shortUrl(item.url), ms: Math.round(item.total), scriptingMs: Math.round(item.scripting) })),
    });
    const last = results.at(-1);
    console.log(`run ${run + 1}: CLS ${last.cls.toFixed(3)}, performance ${last.performance}, accessibility ${last.accessibility}, `
      + `best practices ${last.bestPractices}, SEO ${last.seo} (LCP ${Math.round(last.lcpMs)} ms, TBT ${Math.round(last.tbtMs)} ms)`);
    for (const shift of last.shifts) console.log(`  shift ${shift.score.toFixed(3)}: ${shift.node}`);
    for (const task of last.longTasks) console.log(`  long task ${task.ms} ms at ${task.startMs} ms: ${task.url}`);
    for (const script of last.scripts) console.log(`  main-thread time ${script.ms} ms (scripting ${script.scriptingMs}): ${script.url}`);
  }
} finally {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
}
const file = path.join(REPO_ROOT, 'bench/results/lighthouse.json');
writeFileSync(file, `${JSON.stringify({ lighthouse: VERSION, chrome, page: pagePath, load: os.loadavg()[0], date: new Date().toISOString(), runs: results }, null, 2)}\n`);
console.log(`written: ${path.relative(REPO_ROOT, file)}`);
