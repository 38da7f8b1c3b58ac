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
    // The job's window: from the submit (Enter) to the element's event.
    const el = document.getElementById('v');
    el.shadowRoot.querySelector('form').addEventListener('submit', () => { window.watch.start = performance.now(); }, { capture: true });
    el.addEventListener('vault-unlocked', () => { window.watch.end = performance.now(); });
  }, HASH);
  // Let the page settle (module parse, first frames) before the clock starts.
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  return page;
}

async function unlock(page) {
  await page.press('Tab');
  await page.type(PASSWORD);
  await page.press('Enter');
}

test('during a t=3, m=256 MiB check the main thread has no task over 50 ms and keeps producing frames', async (t) => {
  const page = await preparePage();
  // Gaps and long tasks count as the page's only beyond the host's stalls inside them (host-stalls.mjs).
  const host = watchHostStalls();
  await host.ready;
  const busySeen = unlock(page).then(() => page.evaluate(() => document.getElementById('v').busy));
  assert.equal(await busySeen, true, 'the check is still running once Enter has been pressed');
  const [event] = await waitForEvents(page, 1, { timeout: 60000 });
  assert.equal(event.type, 'vault-unlocked');
  const w = await page.evaluate(() => {
    const { start, end, longTasks, frames } = window.watch;
    const inside = frames.filter((t) => t >= start && t <= end);
    return { ms: end - start, frames: inside.length, since: performance.timeOrigin + start,
      times: inside.map((f) => performance.timeOrigin + f),
      longTasks: longTasks.filter((l) => l.start + l.duration >= start && l.start <= end).map((l) => [performance.timeOrigin + l.start, l.duration]) };
  });
  // A gap of 100 ms or more fails (boundIncluded), as before the host's stalls were read.
  const judged = await host.judge({ frames: w.times, longTasks: w.longTasks, boundMs: 100, boundIncluded: true, since: w.since });
  await host.stop();
  console.log(`check took ${w.ms.toFixed(0)} ms; ${w.frames} frames (${(w.frames / (w.ms / 1000)).toFixed(1)} per second), longest gap ${judged.longestMs.toFixed(1)} ms;`
    + ` ${judged.summary}`);
  assert.ok(w.ms > 200, `a 256 MiB check cannot take only ${w.ms} ms: was it measured?`);
  await t.test('no main-thread task over 50 ms (Long Tasks API)', (st) => {
    if (!skipUnless(st, browser.engine, 'longTasks')) return;
    assert.deepEqual(judged.ours.tasks, [], `no main-thread task over 50 ms beyond the host's stalls: ${judged.describe(judged.tasks)}`);
  });
  assert.ok(w.frames >= (w.ms / 1000) * 30, `at least 30 frames per second, saw ${w.frames} in ${w.ms.toFixed(0)} ms`);
  assert.deepEqual(judged.ours.gaps, [], `no frame gap of 100 ms or more beyond the host's stalls: ${judged.summary}`);

  // A page's Argon2id workers end 500 ms after a job that succeeded (argon2LingerMs, api/runtime/platform.js).
  assert.equal(await liveWorkersAfterLinger(page), 0, 'the page holds no worker but the standby for a next job');
  const standbys = await page.evaluate(() => (window.memento.standbyWorker('argon2') ? 1 : 0));
  await t.test('the browser itself lists no worker for the page afterwards', async (st) => {
    if (!skipUnless(st, browser.engine, 'workerTargets')) return;
    assert.equal(await workerTargetsAfterEnd(page, standbys), standbys, 'the browser lists no worker for the page but the standby for a next job');
  });
  assert.deepEqual(page.problems, []);
  await page.close();
});

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
