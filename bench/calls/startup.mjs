// Start-up, for `npm run bench -- calls` (Chromium): per element, a fresh cross-origin-isolated page
// (bench/calls/startup.html) that imports the package and shows the element's first result; counted around that:
// the bytes the page and its workers downloaded (Playwright's request sizes: bodies and headers, as served here,
// uncompressed), the page's main-thread time (CDP Performance.getMetrics TaskDuration), and the ms to the result.
import { readFileSync } from 'node:fs';
import { median } from '../lib/measure.mjs';

const readJson = (file) => JSON.parse(readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8'));
/** Every element modules.json lists, in its order (bench/calls/startup.js says how each shows its first result). */
export const ELEMENTS = readJson('modules.json').modules.filter((m) => m.element).map((m) => m.element);
/** Each element's failure event, from the custom-elements.json the build wrote: the page fails on it. */
function failureEvents() {
  const declarations = readJson('custom-elements.json').modules.flatMap((m) => m.declarations ?? []);
  return Object.fromEntries(ELEMENTS.map((tag) => [tag,
    declarations.find((d) => d.tagName === tag)?.events?.find((e) => e.name.endsWith('-error'))?.name]));
}

async function once(context, url, element, failure) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  try {
    await page.goto(`${url}/iso/bench/calls/startup.html?element=${element}&failure=${failure}`, { waitUntil: 'load' });
    await page.waitForFunction(() => window.startupReady === true, null, { timeout: 120_000 });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
    const sizes = [];
    const count = (request) => sizes.push(request.sizes().then((s) => s.responseBodySize + s.responseHeadersSize).catch(() => 0));
    context.on('requestfinished', count);
    const before = await taskSeconds();
    const ms = await page.evaluate(() => window.showFirst());
    const mainThreadMs = 1000 * (await taskSeconds() - before);
    context.off('requestfinished', count);
    if (errors.length) throw new Error(`${element}: ${errors.join('; ')}`);
    return { element, ms, mainThreadMs, bytes: (await Promise.all(sizes)).reduce((a, b) => a + b, 0), requests: sizes.length };
  } finally {
    await page.close();
  }
}

/** Every element `repeats` times (alternating), in Chromium's `context`: [{element, ms, mainThreadMs, bytes, requests}] medians. */
export async function measureStartup(context, url, { repeats, log }) {
  const rows = [];
  const failures = failureEvents();
  for (let r = 0; r < repeats; r++) {
    for (const element of ELEMENTS) {
      const row = await once(context, url, element, failures[element]);
      log(`start-up ${element}: ${row.ms.toFixed(0)} ms to the first result, main thread ${row.mainThreadMs.toFixed(0)} ms, ${(row.bytes / 1024).toFixed(0)} KiB in ${row.requests} requests`);
      rows.push(row);
    }
  }
  return ELEMENTS.map((element) => {
    const of = rows.filter((row) => row.element === element);
    return { element, runs: of.length, ...Object.fromEntries(['ms', 'mainThreadMs', 'bytes', 'requests'].map((k) => [k, median(of.map((row) => row[k]))])) };
  });
}
