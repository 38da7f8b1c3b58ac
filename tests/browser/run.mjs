// Runs every browser test file in one engine, one file at a time (the
// responsiveness test needs the machine's cores to itself).
//   node tests/browser/run.mjs [--engine=chromium|firefox|webkit] [file.test.mjs ...] [node --test options...]
//   (WebKitGTK needs X: xvfb-run -a node tests/browser/run.mjs --engine=webkit)
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const engine = (args.find((a) => a.startsWith('--engine='))?.slice(9) || process.env.ENGINE || 'chromium').toLowerCase();
// File names (`demo.test.mjs`) pick those files alone; every other argument goes to node --test.
const picked = args.filter((a) => a.endsWith('.test.mjs')).map((a) => path.basename(a));
const passThrough = args.filter((a) => !a.startsWith('--engine=') && !a.endsWith('.test.mjs'));
const all = readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort();
// modules.json lists every browser test file with the engines it runs in: a
// file joins an engine's list once it passes there, and its Chromium-only
// checks go through skipUnless(), so they show as skipped for the engine. (In
// WebKitGTK the search file's frame-budget check is skipped: typing through
// WebKitWebDriver under Xvfb costs frames even on a page with a plain <input>;
// scripts/browsers/webkit.mjs has the numbers. WebKitGTK's MiniBrowser loads no web extension.)
const { browserTests, modules } = JSON.parse(readFileSync(path.join(here, '../../modules.json'), 'utf8'));
const listed = { ...browserTests, ...Object.assign({}, ...modules.map((module) => module.browserTests ?? {})) };
const unlisted = all.filter((f) => !listed[f]);
if (unlisted.length) {
  console.error(`browser tests: ${unlisted.join(', ')} not in modules.json (browserTests): say which engines run them`);
  process.exit(1);
}
const chosen = all.filter((f) => listed[f].includes(engine) && (!picked.length || picked.includes(f)));
const left = all.filter((f) => !listed[f].includes(engine));
if (left.length) console.log(`browser tests (${engine}): not run here (modules.json lists their engines): ${left.join(', ')}`);
const files = chosen.map((f) => path.join(here, f));

// Each file in a node --test of its own, so that the suite knows which files
// failed. A file whose browser crashed (the engine adapter notes a content
// process crash in MEMENTO_CRASH_LOG: WebKitGTK's web process) runs again, up
// to twice (CRASH_RERUNS below), and says so; any file that fails on its own
// merits, or crashes three times, fails the suite.
const crashLog = path.join(mkdtempSync(path.join(os.tmpdir(), 'memento-crashes-')), 'crashes.jsonl');
const FILE_LIMIT_MS = 5 * 60 * 1000;

// MEMENTO_TAP_DIR (set by scripts/test.sh): each file also writes TAP there, for the digest of failures
// printed at the end of the run (tests/failure-digest.mjs).
const tapDir = process.env.MEMENTO_TAP_DIR;
const tapReporter = (file) => (tapDir
  ? ['--test-reporter=spec', '--test-reporter-destination=stdout', '--test-reporter=tap',
    `--test-reporter-destination=${path.join(tapDir, `${engine}-${path.basename(file, '.test.mjs')}.tap`)}`]
  : ['--test-reporter=spec']);

function runFile(file) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--test', '--test-concurrency=1', ...tapReporter(file), ...passThrough, file], {
      stdio: 'inherit', env: { ...process.env, ENGINE: engine, MEMENTO_CRASH_LOG: crashLog },
    });
    // A hung browser must never hang CI.
    const watchdog = setTimeout(() => {
      console.error(`browser tests (${engine}): ${path.basename(file)} still running after ${FILE_LIMIT_MS / 60000} minutes, stopping it`);
      child.kill('SIGKILL');
    }, FILE_LIMIT_MS);
    child.on('exit', (code, signal) => {
      clearTimeout(watchdog);
      resolve(code === 0 && !signal);
    });
  });
}

const crashedIn = (file) => existsSync(crashLog)
  && readFileSync(crashLog, 'utf8').split('\n').filter(Boolean).some((line) => JSON.parse(line).file === file);

// Twice, not once: on 2026-12-03 two of three clean runs here each had a crash (in texture.test.mjs, then
// in night-garden.test.mjs), which left the same file crashing twice in one run within reach
// (docs/browser-engines.md).
const CRASH_RERUNS = 2;
const failed = [];
const rerun = new Map();   // file name -> times run again
const seconds = new Map();   // file name -> wall time, printed slowest first: CI has a time budget to keep
for (const file of files) {
  const started = Date.now();
  let passed = await runFile(file);
  for (let again = 1; !passed && again <= CRASH_RERUNS && crashedIn(file); again++) {
    console.error(`browser tests (${engine}): the browser crashed during ${path.basename(file)}; running it again (${again} of ${CRASH_RERUNS})`);
    rmSync(crashLog, { force: true });
    rerun.set(path.basename(file), again);
    passed = await runFile(file);
  }
  if (!passed) failed.push(file);
  seconds.set(path.basename(file), Math.round((Date.now() - started) / 1000));
}
rmSync(path.dirname(crashLog), { recursive: true, force: true });
console.log(`browser tests (${engine}): seconds per file, slowest first: `
  + [...seconds].sort((a, b) => b[1] - a[1]).map(([name, s]) => `${name} ${s}`).join(', '));
console.log(`browser tests (${engine}): ${files.length - failed.length} of ${files.length} files passed`
  + (rerun.size ? `; run again after a browser crash: ${[...rerun].map(([name, times]) => (times > 1 ? `${name} (${times}x)` : name)).join(', ')}` : '')
  + (failed.length ? `; failed: ${failed.map((f) => path.basename(f)).join(', ')}` : ''));
process.exitCode = failed.length ? 1 : 0;
