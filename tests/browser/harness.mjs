// The shared harness of the browser tests: which engine (ENGINE=chromium or
// --engine=chromium; Firefox and WebKit plug in as scripts/browsers/<name>.mjs), the
// repository served on 127.0.0.1, and an engine-neutral page:
//   goto(url), evaluate(fn, arg) (one serialisable argument), press(key),
//   type(text), addScript(file), screenshot(file), problems (page errors),
//   workerTargets() where the engine can count workers from outside, close().
// Tests speak only this, so a new engine is one file in scripts/browsers/ (shared with the
// A/B scripts in bench/ab/, which launch the same browsers). An engine
// also lists its `capabilities` (longTasks: PerformanceObserver 'longtask'
// entries, and page.addInitScript(fn, arg) to observe them from a page's first script; workerTargets, rendererMemory,
// sharedArrayBufferGlobal, emulateMedia: page.emulateMedia({reducedMotion}),
// framesWhileTyping: frames can be judged while the
// driver types) and, for each one it lacks, the reason in
// `unsupported`: a check that needs one goes through skipUnless(), so that it
// shows as skipped for that engine. harness.test.mjs checks this contract.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT, startServer } from '../../scripts/server.mjs';
import { waitFor } from '../../scripts/browsers/wait-for.mjs';

const ENGINES = {
  chromium: () => import('../../scripts/browsers/chromium.mjs'),
  firefox: () => import('../../scripts/browsers/firefox.mjs'),
  webkit: () => import('../../scripts/browsers/webkit.mjs'),
};

export const ROOT = REPO_ROOT;
export const ENGINE = (process.argv.find((a) => a.startsWith('--engine='))?.slice(9) || process.env.ENGINE || 'chromium').toLowerCase();
export const FIXTURE = '/tests/browser/fixtures/page.html';

/**
 * Starts the server and the browser once per test file.
 * @returns {Promise<{engine: object, url: (path: string, opts?: {isolated?: boolean}) => string, newPage: Function, close: Function}>}
 */
export async function openBrowser() {
  if (!ENGINES[ENGINE]) throw new Error(`unknown ENGINE "${ENGINE}" (have: ${Object.keys(ENGINES).join(', ')})`);
  if (!existsSync(path.join(ROOT, 'dist/index.js')) || !existsSync(path.join(ROOT, 'dist/workers/argon2.js'))) {
    throw new Error('dist/ is not built: run `sh scripts/build.sh` first');
  }
  const server = await startServer();
  let engine;
  try {
    engine = await (await ENGINES[ENGINE]()).launch();
  } catch (error) {
    await server.close();
    throw error;
  }
  const url = (p, { isolated = false } = {}) => `${server.url}${isolated ? '/iso' : ''}${p}`;
  return {
    engine,
    url,
    /** A page on the blank fixture with the elements' API loaded as window.memento. */
    async newPage({ isolated = false, load = true } = {}) {
      const page = await engine.newPage();
      await page.goto(url(FIXTURE, { isolated }));
      if (load) await loadElements(page);
      return page;
    },
    async close() {
      await engine.close();
      await server.close();
    },
  };
}

/**
 * True when `engine` has `capability`. Otherwise marks the test context `t` (a
 * test or subtest) skipped with "<engine>: <reason>" and returns false, so
 * that a check the engine cannot make is reported, never passed silently.
 */
export function skipUnless(t, engine, capability) {
  if (engine.capabilities?.[capability]) return true;
  t.skip(`skipped for ${engine.name}: ${engine.unsupported?.[capability] ?? `no ${capability} here`}`);
  return false;
}

/** Imports dist/index.js into the page (defining the elements) as window.memento. */
export function loadElements(page) {
  return page.evaluate(async () => {
    window.memento = await import(new URL('../../../dist/index.js', location.href).href);
  });
}

/**
 * Records every vault-unlock event on the page into window.events (Uint8Arrays as plain arrays,
 * so that they cross back to Node).
 */
export function recordEvents(page) {
  return page.evaluate(() => {
    window.events = [];
    for (const type of ['vault-unlocked', 'vault-created', 'vault-error']) {
      document.addEventListener(type, (event) => {
        const detail = {};
        for (const [k, v] of Object.entries(event.detail ?? {})) detail[k] = v instanceof Uint8Array ? Array.from(v) : v;
        window.events.push({ type, target: event.target.id, composed: event.composed, bubbles: event.bubbles, detail });
      });
    }
  });
}

export { waitFor };

/** Waits until window.events holds `count` events and returns them. */
export function waitForEvents(page, count, options) {
  return waitFor(page, (n) => (window.events.length >= n ? window.events : null), count, { what: `${count} event(s)`, ...options });
}

export const AXE_PATH = path.join(ROOT, 'node_modules/axe-core/axe.min.js');

/**
 * axe-core's violations on `page` (axe is added to the page on first use),
 * each as "id (impact): help [where]", so that a test asserts `[]` and a
 * failure says what is wrong and where. `include`: CSS selectors to check
 * instead of the whole document (those present on the page).
 */
export async function axeViolations(page, { include } = {}) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScript(AXE_PATH);
  return page.evaluate(async (selectors) => {
    const context = selectors ? { include: selectors.filter((s) => document.querySelector(s)).map((s) => [s]) } : document;
    const { violations } = await window.axe.run(context, { resultTypes: ['violations'] });
    return violations.map((v) => `${v.id} (${v.impact}): ${v.help} [${v.nodes.map((n) => [].concat(n.target).join(' ')).join(', ')}]`);
  }, include ?? null);
}
export const HERE = path.dirname(fileURLToPath(import.meta.url));

/**
 * The page's live package workers (window.memento.liveWorkerCount()) but the standbys, once a job's lingering workers have had
 * their 500 ms (argon2LingerMs, api/runtime/platform.js) and 2 s more to end.
 */
export async function liveWorkersAfterLinger(page) {
  const deadline = Date.now() + 2500;
  let count = await jobWorkerCount(page);
  while (count > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = await jobWorkerCount(page);
  }
  return count;
}

/** The page's workers as the browser itself lists them (the engine's workerTargets) once they have had 5 s to fall to `expected`. */
export async function workerTargetsAfterEnd(page, expected = 0) {
  const deadline = Date.now() + 5000;
  let workers = await page.workerTargets();
  while (workers > expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    workers = await page.workerTargets();
  }
  return workers;
}

/**
 * The page's live package workers but the standby workers readied for a next job (window.memento.standbyWorker():
 * they hold no job's memory, api/runtime/run-once.js).
 */
export function jobWorkerCount(page) {
  return page.evaluate(() => {
    const { liveWorkerCount, standbyWorker } = window.memento;
    return liveWorkerCount() - ['argon2', 'notes', 'search', 'texture', 'blur'].filter((name) => standbyWorker(name)).length;
  });
}

/**
 * The smallest step of performance.now() in a worker of `page`, in ms: 1 in Firefox without cross-origin isolation
 * (0.02 with it), 0.1 in Chromium. A worker's per-frame times are whole multiples of it, so a median of frames that
 * take less than half a step reads 0.
 */
export function workerClockStepMs(page) {
  return page.evaluate(() => new Promise((resolve, reject) => {
    const source = `let last = performance.now(), step = Infinity;
      for (const end = last + 50; last < end;) { const now = performance.now(); if (now !== last) { step = Math.min(step, now - last); last = now; } }
      postMessage(Math.round(step * 1000) / 1000);`;   // to the microsecond: WebKit's 1 ms steps read 0.9999999999999929
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const worker = new Worker(url);
    worker.onmessage = ({ data }) => { worker.terminate(); URL.revokeObjectURL(url); resolve(data); };
    worker.onerror = (event) => { worker.terminate(); reject(new Error(`clock probe worker: ${event.message}`)); };
  }));
}

/**
 * page.evaluate(fn, arg), but a call that has not returned after `ms` fails
 * with what the page can still tell: `window.step` (which the function sets
 * before each stage), `window.progress` (a job's last report), the package's
 * live and standby workers and the runtime's timeline (`memento:` measures,
 * recorded once the page sets `mementoTimeline`), or that the page no longer
 * answers. The driver's own timeout (puppeteer's protocolTimeout, 180 s) says
 * only that a script did not return.
 */
export async function evaluateWithin(page, ms, fn, arg) {
  const late = Symbol('late');
  let timer;
  const result = await Promise.race([page.evaluate(fn, arg), new Promise((resolve) => { timer = setTimeout(resolve, ms, late); })])
    .finally(() => clearTimeout(timer));
  if (result !== late) return result;
  const told = await Promise.race([
    page.evaluate(() => ({
      step: window.step,
      progress: window.progress,
      liveWorkers: window.memento?.liveWorkerCount(),
      standby: window.memento?.standbyWorker('argon2'),
      timeline: performance.getEntriesByType('measure').filter((entry) => entry.name.startsWith('memento:'))
        .map((entry) => `${entry.name} ${Math.round(entry.startTime)}+${Math.round(entry.duration)} ms`),
    })),
    new Promise((resolve) => { setTimeout(resolve, 10_000, 'the page does not answer within 10 s either'); }),
  ]).catch((error) => `the page cannot be asked: ${error.message}`);
  throw new Error(`the page's script did not return within ${ms} ms; the page says: ${JSON.stringify(told)}`);
}
