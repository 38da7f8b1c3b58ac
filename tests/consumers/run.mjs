// The package as users install it (issue 10, section 4): packs the repository
// once, then runs every tests/consumers/*.test.mjs against that tarball in
// fresh consumer projects (a plain page, esbuild, Vite, Rollup, Parcel, webpack 5, a TypeScript consumer,
// React, Vue and Svelte apps)
// and checks what the tarball holds.
//   sh scripts/build.sh && node tests/consumers/run.mjs [node --test options...]
// KEEP_CONSUMERS=1 keeps the temp projects to look at them.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkDist, KEEP, npmPack, tempDir } from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
try {
  checkDist();
} catch (error) {
  console.error(`consumer tests: ${error.message}`);
  process.exit(1);
}

const packDir = await tempDir('pack');
const tarball = await npmPack(packDir);
console.log(`consumer tests: packed ${path.basename(tarball)}`);

const files = readdirSync(here).filter((f) => f.endsWith('.test.mjs')).sort().map((f) => path.join(here, f));
const child = spawn(process.execPath, ['--test', '--test-concurrency=1', '--test-reporter=spec', ...process.argv.slice(2), ...files], {
  stdio: 'inherit', env: { ...process.env, MEMENTO_TARBALL: tarball },
});
// A hung build or browser must never hang CI.
const watchdog = setTimeout(() => {
  console.error('consumer tests: still running after 20 minutes, stopping them');
  child.kill('SIGKILL');
}, 20 * 60 * 1000);
child.on('exit', async (code, signal) => {
  clearTimeout(watchdog);
  if (!KEEP) await rm(packDir, { recursive: true, force: true });
  process.exitCode = code ?? (signal ? 1 : 0);
});
