// Runs every browser test file in one engine, one file at a time (the
// responsiveness test needs the machine's cores to itself).
//   node tests/browser/run.mjs [--engine=chromium|firefox|webkit] [node --test options...]
//   (WebKitGTK needs X: xvfb-run -a node tests/browser/run.mjs --engine=webkit)
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const engine = (args.find((a) => a.startsWith('--engine='))?.slice(9) || process.env.ENGINE || 'chromium').toLowerCase();
const passThrough = args.filter((a) => !a.startsWith('--engine='));
const all = readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort();
// modules.json lists every browser test file with the engines it runs in: a
// file joins an engine's list once it passes there, and its Chromium-only
// checks go through skipUnless(), so they show as skipped for the engine. (In
// WebKitGTK the search file's frame-budget check is skipped: typing through
// WebKitWebDriver under Xvfb costs frames even on a page with a plain <input>;
// engines/webkit.mjs has the numbers. WebKitGTK's MiniBrowser loads no web extension.)
const { browserTests, modules } = JSON.parse(readFileSync(path.join(here, '../../modules.json'), 'utf8'));
const listed = { ...browserTests, ...Object.assign({}, ...modules.map((module) => module.browserTests ?? {})) };
const unlisted = all.filter((f) => !listed[f]);
if (unlisted.length) {
  console.error(`browser tests: ${unlisted.join(', ')} not in modules.json (browserTests): say which engines run them`);
  process.exit(1);
}
const chosen = all.filter((f) => listed[f].includes(engine));
const left = all.filter((f) => !chosen.includes(f));
if (left.length) console.log(`browser tests (${engine}): not run here (modules.json lists their engines): ${left.join(', ')}`);
const files = chosen.map((f) => path.join(here, f));

const child = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...passThrough, ...files], {
  stdio: 'inherit', env: { ...process.env, ENGINE: engine },
});
// A hung browser must never hang CI: the whole suite gets ten minutes.
const watchdog = setTimeout(() => {
  console.error(`browser tests (${engine}): still running after 10 minutes, stopping them`);
  child.kill('SIGKILL');
}, 10 * 60 * 1000);
child.on('exit', (code, signal) => {
  clearTimeout(watchdog);
  process.exitCode = code ?? (signal ? 1 : 0);
});
