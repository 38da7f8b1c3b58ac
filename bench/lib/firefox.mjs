// Runs a bench module's cases in headless Firefox ESR (Debian's firefox-esr,
// driven by puppeteer-core over WebDriver BiDi, as the browser tests drive it:
// scripts/browsers/firefox.mjs), on the same cross-origin-isolated page and
// with the same dedicated module Worker per contender as the Chromium engine
// (bench/lib/chromium.mjs, bench/browser/): only the browser differs.
import puppeteer from 'puppeteer-core';
import { startServer } from '../../scripts/server.mjs';
import { bundleForBrowser, runBenchPage, WATCHDOG_MS } from './chromium.mjs';

const EXECUTABLE = process.env.FIREFOX_BIN || '/usr/bin/firefox-esr';

/**
 * @returns {Promise<{version: string, info: object, method: string, results: object[]}>}
 */
export async function runInFirefox({ root, module, cases, settings, log }) {
  const spec = await bundleForBrowser(root, module);
  const server = await startServer({ root });
  let browser;
  try {
    browser = await puppeteer.launch({
      browser: 'firefox', executablePath: EXECUTABLE, headless: true,
      // The whole run is one evaluate(): our watchdog bounds it, not puppeteer's 180 s per call.
      protocolTimeout: WATCHDOG_MS,
      // Loopback only, no DNS (docs/browser-engines.md): release Firefox honours the override only under this variable.
      env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1' },
      extraPrefsFirefox: { 'services.settings.server': 'data:,#remote-settings-dummy/v1' },
    });
    const page = await browser.newPage();
    return await runBenchPage(page, server.url, { spec, cases, settings }, {
      engine: 'firefox', log, browserName: async () => `Firefox ${(await browser.version()).replace(/^firefox\//i, '')}`,
    });
  } finally {
    await browser?.close().catch(() => {});
    await server.close();
  }
}
