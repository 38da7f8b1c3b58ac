// Runs every browser test file in one engine, one file at a time (the
// responsiveness test needs the machine's cores to itself).
//   node tests/browser/run.mjs [--engine=chromium] [node --test options...]
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const engine = (args.find((a) => a.startsWith('--engine='))?.slice(9) || process.env.ENGINE || 'chromium').toLowerCase();
const passThrough = args.filter((a) => !a.startsWith('--engine='));
const files = readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => path.join(here, f));

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
