// Chromium: Debian's `chromium` driven by playwright-core over CDP, new
// headless, a fresh profile, loopback only (see docs/browser-engines.md for where each flag
// comes from).
import { chromium } from 'playwright-core';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { recordPageProblems } from './page-problems.mjs';

const EXECUTABLE = process.env.CHROMIUM_BIN || '/usr/bin/chromium';
const FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  // Without this Chromium still resolves accounts.google.com and update.googleapis.com.
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
  // A hidden headless page must keep its timers and frames: the responsiveness test counts them.
  '--disable-renderer-backgrounding', '--disable-background-timer-throttling', '--disable-backgrounding-occluded-windows',
  '--enable-precise-memory-info',
  // performance.measureUserAgentSpecificMemory() answers at once rather than at a later collection (up to a
  // minute here): extension.test asks it whether a worker Chromium still lists holds any memory.
  '--enable-blink-features=ForceEagerMeasureMemory',
];

/** Launches Chromium; resolves to the engine-neutral browser the harness describes. */
export async function launch() {
  const profile = await mkdtemp(path.join(os.tmpdir(), 'memento-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: EXECUTABLE, headless: false /* --headless=new is in FLAGS */, args: FLAGS,
    viewport: { width: 1100, height: 800 },
  });
  return {
    name: 'chromium',
    version: context.browser()?.version() ?? '',
    capabilities: { longTasks: true, workerTargets: true, rendererMemory: process.platform === 'linux', sharedArrayBufferGlobal: true,
      framesWhileTyping: true, emulateMedia: true },
    unsupported: { rendererMemory: 'renderer memory is read from /proc, which only Linux has' },
    async newPage() {
      return wrapPage(await context.newPage(), context);
    },
    /** Resident memory of this browser's renderer processes (pages and their workers), in bytes; Linux only. */
    rendererMemory: () => rendererMemory(profile),
    async close() {
      await context.close().catch(() => {});
      await rm(profile, { recursive: true, force: true });
    },
  };
}

function wrapPage(page, context) {
  const problems = recordPageProblems(page);
  let cdp;
  return {
    problems,
    goto: (url) => page.goto(url, { waitUntil: 'load' }),
    /** Runs `fn(arg)` in every document this page loads from now on, before the document's own scripts (longTasks). */
    addInitScript: (fn, arg) => page.addInitScript(fn, arg),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    press: (key) => page.keyboard.press(key),
    type: (text) => page.keyboard.type(text),
    addScript: (file) => page.addScriptTag({ path: file }),
    screenshot: (file) => page.screenshot({ path: file, fullPage: true }),
    /** Emulates media features: {reducedMotion: 'reduce' | 'no-preference' | null}. */
    emulateMedia: (features) => page.emulateMedia(features),
    /**
     * Dedicated workers alive in this page, nested ones included, as the browser (not the page) sees them. Only this
     * page's: Target.getTargets lists every page's workers, and a page an earlier test left open (an assertion failed
     * before its close()) added its standby worker to vault-unlock.test's count on a CI run.
     */
    async workerTargets() {
      cdp ??= await context.newCDPSession(page);
      const { targetInfo: { targetId: pageId } } = await cdp.send('Target.getTargetInfo');
      const { targetInfos } = await cdp.send('Target.getTargets');
      const fromCdp = targetInfos.filter((info) => info.type === 'worker' && info.parentFrameId === pageId);
      return Math.max(fromCdp.length, page.workers().length);
    },
    close: () => page.close(),
  };
}

/** The resident memory (bytes) of the renderer processes of the Chromium run on `profile` (Linux /proc). */
export async function rendererMemory(profile) {
  let total = 0;
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    try {
      // Zygote children rewrite their command line into one space-separated string.
      const command = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replaceAll('\0', ' ');
      if (!command.includes(' --type=renderer ') || !command.includes(` --user-data-dir=${profile} `)) continue;
      const rss = /^VmRSS:\s+(\d+) kB/m.exec(await readFile(`/proc/${pid}/status`, 'utf8'));
      if (rss) total += Number(rss[1]) * 1024;
    } catch {
      // The process ended while we looked.
    }
  }
  return total;
}
