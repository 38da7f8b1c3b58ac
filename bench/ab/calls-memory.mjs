// A/B of the memory a page holds after a job: two builds of dist/ in fresh
// Chromium pages (a profile each, so that its renderer processes are known),
// alternating. The renderer processes' resident memory (/proc, Linux) is read
// 1 s after the page loaded, then 1 s after one big job (a 256 MiB t=1
// argon2id(), a 4096 renderTexture(), a 5,000-note openNotes()).
//
//   node bench/ab/calls-memory.mjs [--rounds=3] [--jobs=argon2,texture,notes] OLD_DIST NEW_DIST
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/server.mjs';
import { rendererMemory } from '../../scripts/browsers/chromium.mjs';
import { median } from '../../fixtures/median.js';
import { ROOT as root, alternateBuilds, prepareTwoBuilds } from './two-builds.mjs';

const { rounds, jobs, vault, distUrl } = await prepareTwoBuilds('calls-mem', { rounds: 3 });
const MIB = 1024 * 1024;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const server = await startServer({ root, port: 0 });
let results;
try {
  results = await alternateBuilds({ jobs, rounds }, async (job, build, round) => {
    const profile = await mkdtemp(path.join(os.tmpdir(), 'memento-calls-mem-'));
    const context = await chromium.launchPersistentContext(profile, { executablePath: '/usr/bin/chromium', headless: false,
      args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
    try {
      const page = context.pages()[0] ?? await context.newPage();
      await page.goto(`${server.url}/iso/bench/ab/calls-page/index.html?dist=${distUrl(build)}`);
      await page.waitForFunction(() => window.ready === true);
      await sleep(1000);
      const before = await rendererMemory(profile);
      await page.evaluate((a) => window.runBig(a), { job, vault: job === 'notes' ? vault : undefined });
      await sleep(1000);
      const after = await rendererMemory(profile);
      console.log(`${job} ${build} round ${round}: +${((after - before) / MIB).toFixed(1)} MiB 1 s after the job`);
      return after - before;
    } finally {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    }
  });
} finally {
  await server.close();
}
console.log('\njob        old MiB   new MiB   (renderer RSS 1 s after the job, above before it; medians)');
for (const [job, { old, new: fresh }] of Object.entries(results)) {
  console.log(`${job.padEnd(10)} ${(median(old) / MIB).toFixed(1).padStart(7)} ${(median(fresh) / MIB).toFixed(1).padStart(9)}`);
}
