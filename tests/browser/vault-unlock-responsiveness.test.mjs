// A t=3, m=256 MiB password check runs in a worker: the page's main thread has
// no task over 50 ms and keeps drawing frames throughout, and afterwards the
// worker is gone (from the page's pool and the browser's own target list) and
// the renderer's memory is back where it was.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sodium from 'libsodium-wrappers-sumo';
import { jobWorkerCount, liveWorkersAfterLinger, openBrowser, recordEvents, skipUnless, waitForEvents, workerTargetsAfterEnd } from './harness.mjs';
import { watchHostStalls } from './host-stalls.mjs';

await sodium.ready;
const PASSWORD = 'a long walk through the night garden';
const MIB = 1024 * 1024;
const HASH = sodium.crypto_pwhash_str(PASSWORD, 3, 256 * MIB);

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

/** Mounts a verify element and starts watching long tasks and frames. */
async function preparePage() {
  const page = await browser.newPage();
  await recordEvents(page);
  await page.evaluate((hash) => {
    document.getElementById('root').innerHTML = `<vault-unlock id="v" mode="verify" hash="${hash}"></vault-unlock>`;
    window.watch = { longTasks: [], frames: [] };
    // Engines without the Long Tasks API (Firefox, WebKit) ignore this type: the check below is then skipped.
    if (PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) window.watch.longTasks.push({ start: entry.startTime, duration: entry.duration });
      }).observe({ type: 'longtask' });
    }
    const frame = (now) => { window.watch.frames.push(now); requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
    // The page's own timer loop: a callback late by 100 ms means a main-thread task about that long, in any engine.
    // (Over 50 ms it is too coarse a measure: in WebKitGTK it came 33-53 ms late at the submit and mid-job.)
    window.watch.callbacks = [];
    const tick = () => { window.watch.callbacks.push(performance.now()); setTimeout(tick, 0); };
    setTimeout(tick, 0);
    // The job's window: from the submit (Enter) to the element's event.
    const el = document.getElementById('v');
    el.shadowRoot.querySelector('form').addEventListener('submit', () => { window.watch.start = performance.now(); }, { capture: true });
    el.addEventListener('vault-unlocked', () => { window.watch.end = performance.now(); });
  }, HASH);
  // Let the page settle (module parse, first frames) before the clock starts.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  return page;
}

// Where a driver's key presses cost the page frames and main-thread time by themselves (WebKitWebDriver:
// framesWhileTyping in scripts/browsers/webkit.mjs; the page's timer loop came 21-50 ms late around its Enter,
// at most 31 ms around a script's submit), the form is submitted from the page: the same submit path.
async function unlock(page) {
  await page.press('Tab');
  await page.type(PASSWORD);
  if (browser.engine.capabilities?.framesWhileTyping === false) {
    await page.evaluate(() => document.getElementById('v').shadowRoot.querySelector('form').requestSubmit());
  } else await page.press('Enter');
}

/** One check, Enter to event, in a fresh page: its frames and main-thread tasks judged beyond the host's stalls. */
async function checkWindow(page) {
  // Gaps and long tasks count as the page's only beyond the host's stalls inside them (host-stalls.mjs).
  const host = watchHostStalls();
  await host.ready;
  const busySeen = unlock(page).then(() => page.evaluate(() => document.getElementById('v').busy));
  assert.equal(await busySeen, true, 'the check is still running once it was submitted');
  const [event] = await waitForEvents(page, 1, { timeout: 60000 });
  assert.equal(event.type, 'vault-unlocked');
  const w = await page.evaluate(() => {
    const { start, end, longTasks, frames, callbacks } = window.watch;
    const epoch = (list) => list.filter((t) => t >= start && t <= end).map((t) => performance.timeOrigin + t);
    return { ms: end - start, since: performance.timeOrigin + start, frames: epoch(frames), callbacks: epoch(callbacks),
      longTasks: longTasks.filter((l) => l.start + l.duration >= start && l.start <= end).map((l) => [performance.timeOrigin + l.start, l.duration]) };
  });
  // A gap of 100 ms or more fails (boundIncluded), as before the host's stalls were read.
  const judged = await host.judge({ frames: w.frames, longTasks: w.longTasks, boundMs: 100, boundIncluded: true, since: w.since });
  const timers = await host.judge({ frames: w.callbacks, boundMs: 100, boundIncluded: true, since: w.since });
  await host.stop();
  console.log(`check took ${w.ms.toFixed(0)} ms; ${w.frames.length} frames (${(w.frames.length / (w.ms / 1000)).toFixed(1)} per second),`
    + ` longest gap ${judged.longestMs.toFixed(1)} ms; ${judged.summary}; the timer loop at most ${timers.longestMs.toFixed(1)} ms late`);
  assert.ok(w.ms > 200, `a 256 MiB check cannot take only ${w.ms} ms: was it measured?`);
  assert.ok(w.frames.length >= (w.ms / 1000) * 30, `at least 30 frames per second, saw ${w.frames.length} in ${w.ms.toFixed(0)} ms`);
  // In every engine, Long Tasks API or not: a main-thread task of 100 ms holds the page's timer loop that long.
  assert.deepEqual(timers.ours.gaps, [], `the page's timer loop never waits 100 ms or more beyond the host's stalls: ${timers.summary}`);
  return judged;
}

// WebKitGTK under Xvfb, which renders without a GPU, sometimes drops frames as the
// element's busy line (spinner, elapsed time, progress bar) first appears, with the
// main thread free: over 26 checks, gaps of 46-98 ms in most, 107 and 242 ms in two,
// while the page's timer loop was never more than 53 ms late; with the busy line
// hidden, no gap over 53 ms. (The official CI run of 602bc2b failed on one of 111 ms.)
// So, as in frame-control.mjs, a check that drops a frame is measured again, up to
// WINDOWS times in all, and one clean check passes. A page that stalls in every check
// still fails, and a main-thread task fails at once.
const WINDOWS = 3;

test('during a t=3, m=256 MiB check the main thread has no task over 50 ms and keeps producing frames', async (t) => {
  const windows = [];
  for (let attempt = 1; attempt <= WINDOWS; attempt++) {
    const page = await preparePage();
    const judged = await checkWindow(page);
    await t.test(`check ${attempt}: no main-thread task over 50 ms beyond the host's stalls (Long Tasks API)`, (st) => {
      if (!skipUnless(st, browser.engine, 'longTasks')) return;
      assert.deepEqual(judged.ours.tasks, [], judged.describe(judged.tasks));
    });
    windows.push(judged);
    if (judged.ours.gaps.length === 0) {
      await afterTheCheck(page, t);
      break;
    }
    await page.close();
  }
  assert.ok(windows.some((judged) => judged.ours.gaps.length === 0),
    `a check with no frame gap of 100 ms or more beyond the host's stalls: ${windows.map((judged, i) => `check ${i + 1}: ${judged.summary}`).join('; ')}`);
});

/** After a clean check: the page keeps only the standby worker, and reported no problem. */
async function afterTheCheck(page, t) {
  // A page's Argon2id workers end 500 ms after a job that succeeded (argon2LingerMs, api/runtime/platform.js).
  assert.equal(await liveWorkersAfterLinger(page), 0, 'the page holds no worker but the standby for a next job');
  const standbys = await page.evaluate(() => (window.memento.standbyWorker('argon2') ? 1 : 0));
  await t.test('the browser itself lists no worker for the page afterwards', async (st) => {
    if (!skipUnless(st, browser.engine, 'workerTargets')) return;
    assert.equal(await workerTargetsAfterEnd(page, standbys), standbys, 'the browser lists no worker for the page but the standby for a next job');
  });
  assert.deepEqual(page.problems, []);
  await page.close();
}

test('after the check the worker is gone, and the 256 MiB it used with it', async (t) => {
  if (!skipUnless(t, browser.engine, 'rendererMemory')) return;
  const page = await preparePage();
  const baseline = await browser.engine.rendererMemory();
  await unlock(page);
  // Sample from outside the page while the check runs.
  let peak = baseline;
  while (await page.evaluate(() => document.getElementById('v').busy)) {
    peak = Math.max(peak, await browser.engine.rendererMemory());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const [event] = await waitForEvents(page, 1);
  assert.equal(event.type, 'vault-unlocked');
  let afterwards;
  const deadline = Date.now() + 5000;
  do {
    afterwards = await browser.engine.rendererMemory();
    if (afterwards - baseline < 64 * MIB) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  } while (Date.now() < deadline);
  const mib = (bytes) => `${(bytes / MIB).toFixed(0)} MiB`;
  console.log(`renderer memory: ${mib(baseline)} before, ${mib(peak)} at the peak, ${mib(afterwards)} after`);
  assert.ok(peak - baseline >= 200 * MIB, `the check's memory shows while it runs (+${mib(peak - baseline)}): the measure sees it`);
  assert.ok(afterwards - baseline < 64 * MIB, `the memory is returned after the check (+${mib(afterwards - baseline)})`);
  assert.equal(await jobWorkerCount(page), 0);
  await page.close();
});
