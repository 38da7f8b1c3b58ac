// Firefox ESR: Debian's `firefox-esr` driven by puppeteer-core over WebDriver
// BiDi (no geckodriver), headless, a fresh temp profile (puppeteer's), loopback
// only (see docs/browser-engines.md for where each setting comes from).
// Slow to launch (5-9 s): the harness starts one browser per test file.
import puppeteer from 'puppeteer-core';
import { descendantsMemory } from './proc.mjs';
import { recordPageProblems } from './page-problems.mjs';

const EXECUTABLE = process.env.FIREFOX_BIN || '/usr/bin/firefox-esr';

/** Launches Firefox; resolves to the engine-neutral browser the harness describes. */
export async function launch() {
  const browser = await puppeteer.launch({
    browser: 'firefox', executablePath: EXECUTABLE, headless: true,
    defaultViewport: { width: 1100, height: 800 },
    // Release Firefox only honours the services.settings.server override under
    // MOZ_DISABLE_NONLOCAL_CONNECTIONS=1; puppeteer-core 24's own value would be
    // resolved then, so point it at a data: URL. Result: no DNS, loopback only.
    env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' },
    extraPrefsFirefox: {
      'services.settings.server': 'data:,#remote-settings-dummy/v1',
      // No spare content process started in the background: it would show in rendererMemory() as noise.
      'dom.ipc.processPrelaunch.enabled': false,
    },
  });
  const pid = browser.process()?.pid;
  return {
    name: 'firefox',
    version: await browser.version(),
    capabilities: { longTasks: false, workerTargets: true, rendererMemory: process.platform === 'linux' && !!pid, sharedArrayBufferGlobal: true,
      framesWhileTyping: true, emulateMedia: false },
    unsupported: {
      emulateMedia: 'puppeteer-core\'s emulateMediaFeatures() needs CDP, which Firefox over WebDriver BiDi does not have ("CDP support is required for this feature")',
      longTasks: 'Firefox has no Long Tasks API (PerformanceObserver type "longtask")',
      rendererMemory: 'content process memory is read from /proc, which only Linux has',
    },
    async newPage() {
      return wrapPage(await browser.newPage());
    },
    /** Resident memory of Firefox's web content processes (pages and their workers), in bytes; Linux only. */
    rendererMemory: () => descendantsMemory(pid, (command) => command.includes(' -contentproc ') && command.includes(' -isForBrowser ')),
    async close() {
      await browser.close().catch(() => {});
    },
  };
}

function wrapPage(page) {
  const problems = recordPageProblems(page);
  return {
    problems,
    goto: (url) => page.goto(url, { waitUntil: 'load' }),
    evaluate: (fn, arg) => page.evaluate(fn, arg),
    press: (key) => page.keyboard.press(key),
    type: (text) => page.keyboard.type(text),
    addScript: (file) => page.addScriptTag({ path: file }),
    screenshot: (file) => page.screenshot({ path: file, fullPage: true }),
    /** Dedicated workers alive in this page, as the browser sees them (BiDi script realms of type dedicated-worker). */
    workerTargets: async () => page.workers().length,
    close: () => page.close(),
  };
}
