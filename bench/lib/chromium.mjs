// Runs a bench module's cases in headless Debian Chromium on a
// cross-origin-isolated page, every contender in a dedicated module Worker of
// its own (bench/browser/worker.js: its own heap, as each element's kernel has),
// the page alternating the timed calls across them (bench/browser/page.js), so
// the numbers are those of the elements' own workers and no contender pays for
// another's garbage. The module is bundled
// first (it names npm packages, which a browser cannot resolve); everything is
// served from the repo root by scripts/server.mjs on 127.0.0.1.
import { build } from 'esbuild';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startServer } from '../../scripts/server.mjs';

const EXECUTABLE = process.env.CHROMIUM_BIN || '/usr/bin/chromium';
// Offline and quiet: no GPU, no background traffic, no DNS (see docs/browser-engines.md).
const FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
  // Contenders that drop big buffers after each call collect them untimed (bench/argon2.mjs, lanes).
  '--js-flags=--expose-gc',
];
/** How a browser engine measures (the Firefox engine shares it). */
export const workerMethod = ({ warmup, runs }) => `median of ${runs} timed runs after ${warmup} warm-up round${warmup === 1 ? '' : 's'}`
  + ' and a correctness run; each contender in a dedicated module Worker of its own (own heap, set up once), the page'
  + ' alternating the calls A B C A B C ... across the workers, one at a time, each timed inside its worker';
export const WATCHDOG_MS = Number(process.env.BENCH_WATCHDOG_MS || 30 * 60 * 1000);

/** Bundles bench/<module>.mjs for the browser into build/bench/browser/<module>.js; returns its repo path. */
export async function bundleForBrowser(root, module) {
  const out = `build/bench/browser/${module}.js`;
  await build({
    absWorkingDir: root,
    entryPoints: [`bench/${module}.mjs`],
    outfile: out,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    // Node-only peers (the native argon2 addon) are imported only after a contender's engine check: never in a browser.
    external: ['argon2'],
    logLevel: 'warning',
  });
  return out;
}

/**
 * Runs the cases on the bench page (bench/browser/index.html, cross-origin isolated) served at `origin`, in `page`
 * (a Playwright or puppeteer page: the same calls), logging the page's console; rejects after WATCHDOG_MS.
 * Resolves to the engine's part of the results {version, info, method, results}; `browserName(reply)` is the
 * browser and its version.
 */
export async function runBenchPage(page, origin, { spec, cases, settings }, { engine, log, browserName }) {
  page.on('console', (message) => log(message.text()));
  page.on('pageerror', (error) => log(`page error: ${error.message}`));
  await page.goto(`${origin}/iso/bench/browser/index.html`, { waitUntil: 'load' });
  await page.waitForFunction(() => typeof window.runBench === 'function');
  let watchdog;
  const timeout = new Promise((resolve, reject) => {
    watchdog = setTimeout(() => reject(new Error(`${engine} bench exceeded ${WATCHDOG_MS} ms (BENCH_WATCHDOG_MS)`)), WATCHDOG_MS);
  });
  let reply;
  try {
    reply = await Promise.race([page.evaluate((j) => window.runBench(j), { spec, cases, ...settings }), timeout]);
  } finally {
    clearTimeout(watchdog);
  }
  return {
    version: `${await browserName(reply)} headless, a dedicated module Worker per contender, crossOriginIsolated ${reply.engine.crossOriginIsolated}`,
    info: reply.engine,
    method: workerMethod(settings),
    results: reply.results,
  };
}

/**
 * @returns {Promise<{version: string, info: object, results: object[]}>}
 */
export async function runInChromium({ root, module, cases, settings, log }) {
  const spec = await bundleForBrowser(root, module);
  const server = await startServer({ root });
  const profile = await mkdtemp(path.join(os.tmpdir(), 'memento-bench-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: EXECUTABLE,
      headless: false,  // --headless=new is in FLAGS; Playwright's own flag would add a second --headless
      args: FLAGS,
    });
    const page = context.pages()[0] ?? await context.newPage();
    return await runBenchPage(page, server.url, { spec, cases, settings }, {
      engine: 'chromium', log,
      // The user agent string says 156.0.0.0 (reduced UA); the browser knows its full version.
      browserName: (reply) => `Chromium ${context.browser()?.version() ?? reply.engine.userAgent}`,
    });
  } finally {
    await context?.close().catch(() => {});
    await server.close();
    await rm(profile, { recursive: true, force: true });
  }
}

/**
 * For a scenario bench that opens fresh pages of its own (bench/scene.mjs, bench/demo.mjs): Chromium with the
 * flags above and a fresh profile, and the repository served on 127.0.0.1. Calls `use({context, url})` (url: the
 * server's origin), then closes both and removes the profile.
 */
export async function withChromiumPages({ viewport }, use) {
  const server = await startServer({ port: 0 });
  const profile = await mkdtemp(path.join(os.tmpdir(), 'memento-bench-pages-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, { executablePath: EXECUTABLE, headless: false, args: FLAGS, viewport });
    return await use({ context, url: server.url });
  } finally {
    await context?.close().catch(() => {});
    await server.close();
    await rm(profile, { recursive: true, force: true });
  }
}
