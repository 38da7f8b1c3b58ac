// A/B of the API as users call it, two builds of dist/ in fresh Chromium pages
// (cross-origin isolated), alternating: per job, the first call in a fresh
// page, a call after 10 s idle, and the fifth of five in a row.
//
//   node bench/ab/calls.mjs [--rounds=5] [--idle=10000] [--jobs=argon2,argon2p4,texture,notes,search,blur] OLD_DIST NEW_DIST
//
// OLD_DIST and NEW_DIST are directories holding a built dist/ (e.g. /work/main/dist and dist); each is copied
// under build/calls-ab/ and served from the repository root. Prints medians per job and situation and new/old.
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/server.mjs';
import { median } from '../../fixtures/median.js';
import { ROOT as root, alternateBuilds, prepareTwoBuilds } from './two-builds.mjs';

const { option, rounds, jobs, vault, distUrl } = await prepareTwoBuilds('calls-ab', { rounds: 5 });
const idleMs = Number(option('idle', 10000));

const server = await startServer({ root, port: 0 });
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
let results;
try {
  results = await alternateBuilds({ jobs, rounds }, async (job, build, round) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    page.on('pageerror', (error) => console.error(`${build} page error: ${error.message}`));
    await page.goto(`${server.url}/iso/bench/ab/calls-page/index.html?dist=${distUrl(build)}`);
    await page.waitForFunction(() => window.ready === true);
    const times = await page.evaluate((job) => window.runCalls(job), { job, idleMs, vault: job === 'notes' ? vault : undefined });
    console.log(`${job} ${build} round ${round}: first ${times.first.toFixed(1)} after idle ${times.afterIdle.toFixed(1)} in a row ${times.inRow.toFixed(1)} ms`);
    await context.close();
    return times;
  });
} finally {
  await browser.close();
  await server.close();
}
console.log('\njob        situation   old ms   new ms   old/new (speedup)');
for (const [job, { old, new: fresh }] of Object.entries(results)) {
  for (const situation of ['first', 'afterIdle', 'inRow']) {
    const a = median(old.map((t) => t[situation]));
    const b = median(fresh.map((t) => t[situation]));
    console.log(`${job.padEnd(10)} ${situation.padEnd(10)} ${a.toFixed(1).padStart(7)} ${b.toFixed(1).padStart(8)}   ${(a / b).toFixed(2)}x`);
  }
}
