// Runs every browser test file in one engine, one file at a time (the
// responsiveness test needs the machine's cores to itself).
//   node tests/browser/run.mjs [--engine=chromium|firefox|webkit] [node --test options...]
//   (WebKitGTK needs X: xvfb-run -a node tests/browser/run.mjs --engine=webkit)
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const engine = (args.find((a) => a.startsWith('--engine='))?.slice(9) || process.env.ENGINE || 'chromium').toLowerCase();
const passThrough = args.filter((a) => !a.startsWith('--engine='));
const all = readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort();
// Chromium runs every file. Firefox and WebKit run the files checked to be
// engine-neutral (each Chromium-only check in them goes through skipUnless(),
// so it shows as skipped for the engine); a file joins an engine's list once it
// passes there, and the others are named below so that none is left out unseen.
// (In WebKitGTK the search file's frame-budget check is skipped: typing through
// WebKitWebDriver under Xvfb costs frames even on a page with a plain <input>;
// engines/webkit.mjs has the numbers.)
const CROSS_ENGINE = [
  'argon2-libsodium.test.mjs', 'demo.test.mjs', 'harness.test.mjs', 'notes.test.mjs', 'search.test.mjs', 'server.test.mjs',
  'vault-unlock.test.mjs', 'vault-unlock-a11y.test.mjs', 'vault-unlock-responsiveness.test.mjs',
];
// The extension runs in Chromium and Firefox (WebKitGTK's MiniBrowser loads no web extension).
const CHECKED = { firefox: new Set([...CROSS_ENGINE, 'extension.test.mjs']), webkit: new Set(CROSS_ENGINE) };
const chosen = engine === 'chromium' ? all : all.filter((f) => CHECKED[engine]?.has(f));
const left = all.filter((f) => !chosen.includes(f));
if (left.length) console.log(`browser tests (${engine}): not run here (tests/browser/run.mjs says why): ${left.join(', ')}`);
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
