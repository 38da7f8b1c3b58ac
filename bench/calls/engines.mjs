// Where `npm run bench -- calls` runs a session (bench/calls/situations.mjs):
// Chromium and Firefox open a fresh cross-origin-isolated page per session
// (bench/calls/page.js), Node forks a fresh process (bench/calls/child.mjs).
// Each engine gives {version, open(jobId, who) -> session, kernel(job) -> ms, close()},
// a session {first(), idle(), row(), collect(), close()}, each op resolving to the page's or child's answer.
import { fork } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import puppeteer from 'puppeteer-core';
import { startServer } from '../../scripts/server.mjs';
import { withChromiumPages } from '../lib/chromium.mjs';

const PAGE = '/iso/build/bench/calls/index.html';

/** A session on a fresh page of `context` (Playwright or puppeteer: the same calls). */
async function pageSession(context, url, jobId, who, dist, log) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => { if (message.type() === 'error') log(`[${jobId} ${who}] ${message.text()}`); });
  await page.goto(`${url}${PAGE}?job=${jobId}&who=${who}&dist=${dist}`, { waitUntil: 'load' });
  await page.waitForFunction(() => window.callsReady === true);
  await page.evaluate(() => window.calls.ready);
  const op = async (name, arg) => {
    const value = await page.evaluate(([n, a]) => window.calls[n](a), [name, arg]);
    if (errors.length) throw new Error(`${jobId} ${who}: the page failed: ${errors.join('; ')}`);
    return value;
  };
  return {
    first: () => op('first'), idle: () => op('idle'), row: () => op('row'), collect: () => op('collect'),
    kernel: (arg) => op('kernel', arg),
    close: () => page.close(),
  };
}

/** Runs `use(engine)` with Chromium's pages, then closes the browser. */
export async function withChromium(use, { log }) {
  return withChromiumPages({ viewport: { width: 1100, height: 800 } }, async ({ context, url }) => {
    const probe = await context.newPage();
    const version = `Chromium ${context.browser()?.version() ?? await probe.evaluate(() => navigator.userAgent)} headless, a fresh cross-origin-isolated page per session`;
    await probe.close();
    return use(browserEngine(version, (jobId, who, dist) => pageSession(context, url, jobId, who, dist, log)), { context, url });
  });
}

/** Runs `use(engine)` with Firefox ESR's pages (puppeteer over WebDriver BiDi, as bench/lib/firefox.mjs). */
export async function withFirefox(use, { log }) {
  const server = await startServer({ port: 0 });
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: process.env.FIREFOX_BIN || '/usr/bin/firefox-esr', headless: true, protocolTimeout: 600_000,
    env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' },
    extraPrefsFirefox: { 'services.settings.server': 'data:,#remote-settings-dummy/v1' },
  });
  try {
    const version = `Firefox ${(await browser.version()).replace(/^firefox\//i, '')} headless, a fresh cross-origin-isolated page per session`;
    return await use(browserEngine(version, (jobId, who, dist) => pageSession(browser, server.url, jobId, who, dist, log)));
  } finally {
    await browser.close().catch(() => {});
    await server.close();
  }
}

function browserEngine(version, open) {
  return {
    version,
    // A page can have our API bundled into it (the "app" contender, bench/calls/page.js); a Node process imports it.
    bundles: true,
    open,
    async kernel(kernel, params) {
      const session = await open('open-5000', 'kernel', 'dist');
      try {
        const spec = `build/bench/browser/${kernel.module}.js`;
        return await session.kernel({ spec, id: kernel.contender, params });
      } finally {
        await session.close();
      }
    },
  };
}

/** Node: a forked process per session, its "first" call the first in that process. */
export function nodeEngine(root, { vaultFile }) {
  const open = async (jobId, who, dist) => {
    const child = fork(path.join(root, 'bench/calls/child.mjs'), [jobId, who, path.join(root, dist, 'node.js'), vaultFile],
      { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--expose-gc'] });
    const replies = [];
    let waiting;
    child.on('message', (message) => (waiting ? waiting(message) : replies.push(message)));
    const next = () => (replies.length ? Promise.resolve(replies.shift()) : new Promise((resolve) => { waiting = (m) => { waiting = undefined; resolve(m); }; }));
    const exited = once(child, 'exit').then(([code]) => ({ ok: false, error: `the child exited (${code})` }));
    const ask = async (message) => {
      if (message) child.send(message);
      const reply = await Promise.race([next(), exited]);
      if (!reply.ok) throw new Error(`${jobId} ${who}: ${reply.error}`);
      return reply.value;
    };
    await ask();   // 'ready'
    return {
      first: () => ask({ op: 'first' }), idle: () => ask({ op: 'idle' }), row: () => ask({ op: 'row' }), collect: () => ask({ op: 'collect' }),
      kernel: (kernel) => ask({ op: 'kernel', ...kernel }),
      close: () => { child.kill(); },
    };
  };
  return {
    version: `Node ${process.version} (V8 ${process.versions.v8}), a fresh process per session`,
    open,
    async kernel(kernel) {
      const session = await open('open-5000', 'kernel', 'dist');
      try {
        return await session.kernel(kernel);
      } finally {
        session.close();
      }
    },
  };
}
