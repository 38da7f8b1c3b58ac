// boxBlur() and <glass-blur> in a real page: boxBlur gives the specification's
// bytes on every path (SIMD, scalar, the sliding JS) on issue 13's matrix; the
// glass over a canvas shows exactly the blur of the source pixels behind it
// (through the canvas's CSS size); over an animated canvas it reports frames
// and the worker's busy share, skips frames rather than queueing them, and
// (Chromium) leaves no main-thread frame gap over 20 ms (or, where the host
// drops frames in every window, no more than the page drops without the glass:
// frame-control.mjs); off screen and in a
// hidden page it does no blur work; reduced motion stops it; the CSS fallback
// works; a source drawn in a worker feeds the glass over a MessageChannel; bad
// attributes fire glass-error; axe finds no violations.
import assert from 'node:assert/strict';
import { loadavg } from 'node:os';
import { after, before, test } from 'node:test';
import { axeViolations, openBrowser, skipUnless, waitFor, workerClockStepMs } from './harness.mjs';
import { blurTestImage } from './fixtures/blur-images.mjs';
import { watchHostStalls } from './host-stalls.mjs';
import { judgeAgainstControl } from './frame-control.mjs';
import { boxBlurSpec, cropImage } from '../../worker/blur-spec.js';
import { boxBlurSliding } from '../../worker/blur-sliding.js';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

const RADII = [...Array.from({ length: 31 }, (_, r) => r), 64];
const SIZES = [[1, 1], [1, 9], [9, 1], [2, 2], [7, 5]];

/** A page with the API as window.memento, the test images as window.blurTestImage, and glass events in window.events. */
async function glassPage() {
  const page = await browser.newPage();
  await page.evaluate(async () => {
    window.blurTestImage = (await import(new URL('./blur-images.mjs', location.href).href)).blurTestImage;
    window.events = [];
    for (const type of ['glass-ready', 'glass-error']) {
      document.addEventListener(type, (event) => window.events.push({ type, target: event.target.id, detail: event.detail,
        bubbles: event.bubbles, composed: event.composed }));
    }
  });
  return page;
}

/** The crops of issue 13: corners, one-pixel lines along the edges and through the middle, the whole, an inner rectangle. */
function crops(w, h) {
  return [[0, 0, 1, 1], [w - 1, 0, 1, 1], [0, h - 1, 1, 1], [w - 1, h - 1, 1, 1], [0, 0, w, 1], [0, h - 1, w, 1], [0, 0, 1, h],
    [w - 1, 0, 1, h], [w >> 1, 0, 1, h], [0, h >> 1, w, 1], [w >> 2, h >> 2, (w + 1) >> 1, (h + 1) >> 1]]
    .map(([x, y, width, height]) => ({ x, y, width, height }));
}

test('boxBlur in the page gives the specification\'s bytes on the SIMD, scalar and JS paths (radii 0..30 and 64, edges, corners, 1-pixel crops, 720x450)', async () => {
  const page = await glassPage();
  // Small images: every radius, whole and every crop, compared byte for byte.
  const cases = [];
  for (const [w, h] of SIZES) {
    for (const r of RADII) {
      for (const kind of ['noise', 'smooth']) cases.push({ kind, w, h, r, seed: w * 100 + h + r, rects: [null, ...crops(w, h)] });
    }
  }
  const results = await page.evaluate(async (cases) => {
    const { createBlurWorker, forcePath } = window.memento;
    const out = {};
    for (const force of [undefined, 'scalar', 'fallback']) {
      forcePath(force);
      const worker = createBlurWorker();
      const blurs = [];
      for (const { kind, w, h, r, seed, rects } of cases) {
        const image = window.blurTestImage(kind, w, h, seed);
        for (const rect of rects) blurs.push(Array.from((await worker.boxBlur(image, r, rect ? { rect } : {})).data));
      }
      out[worker.path] = blurs;
      worker.terminate();
    }
    forcePath(undefined);
    return out;
  }, cases);
  assert.deepEqual(Object.keys(results).sort(), ['js', 'scalar', 'simd']);
  const want = [];
  for (const { kind, w, h, r, seed, rects } of cases) {
    const spec = boxBlurSpec(blurTestImage(kind, w, h, seed), r);
    for (const rect of rects) want.push(Array.from((rect ? cropImage(spec, rect) : spec).data));
  }
  for (const [path, got] of Object.entries(results)) {
    got.forEach((bytes, i) => assert.deepEqual(bytes, want[i], `${path}: blur ${i}`));
  }

  // 720 x 450: SHA-256 of the whole blur and of a top bar, a sidebar, corners and one-pixel lines, at r = 8 and 20.
  const big = [{ kind: 'smooth', r: 8 }, { kind: 'noise', r: 20 }];
  const rects = [null, { x: 0, y: 0, width: 720, height: 32 }, { x: 0, y: 32, width: 140, height: 418 }, ...crops(720, 450)];
  const digests = await page.evaluate(async ({ big, rects }) => {
    const { createBlurWorker, forcePath } = window.memento;
    const sha = async (bytes) => [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
    const out = {};
    for (const force of [undefined, 'scalar', 'fallback']) {
      forcePath(force);
      const worker = createBlurWorker();
      const list = [];
      for (const { kind, r } of big) {
        const image = window.blurTestImage(kind, 720, 450, r);
        for (const rect of rects) list.push(await sha((await worker.boxBlur(image, r, rect ? { rect } : {})).data));
      }
      out[worker.path] = list;
      worker.terminate();
    }
    forcePath(undefined);
    return out;
  }, { big, rects });
  const { createHash } = await import('node:crypto');
  const sha = (bytes) => createHash('sha256').update(bytes).digest('hex');
  const expected = [];
  for (const { kind, r } of big) {
    const image = blurTestImage(kind, 720, 450, r);
    // The sliding JS equals the specification at 720x450 (tests/js/blur.test.js); r = 8 is checked against it here too.
    const whole = r === 8 ? boxBlurSpec(image, r) : boxBlurSliding(image, r);
    for (const rect of rects) expected.push(sha(rect ? cropImage(whole, rect).data : whole.data));
  }
  for (const [path, list] of Object.entries(digests)) assert.deepEqual(list, expected, `${path} at 720x450`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

/** Puts a canvas (720 x 450 pixels shown at 1080 x 675 CSS px) and glass bars over it; returns nothing. */
function setUpScene(page, { animate = true, glass = '<glass-blur id="bar" source="sky" radius="8" style="position:absolute;left:0;top:0;width:1080px;height:48px"><span>Night garden</span></glass-blur>' } = {}) {
  return page.evaluate(({ animate, glass }) => {
    document.body.style.margin = '0';
    document.getElementById('root').innerHTML = `<div id="stage" style="position:relative;width:1080px;height:675px">
      <canvas id="sky" width="720" height="450" style="position:absolute;left:0;top:0;width:1080px;height:675px"></canvas>${glass}</div>`;
    const canvas = document.getElementById('sky');
    const context = canvas.getContext('2d');
    const image = window.blurTestImage('smooth', 720, 450, 1);
    context.putImageData(new ImageData(image.data.map((v, i) => (i % 4 === 3 ? 255 : v)), 720, 450), 0, 0);
    // frames: each frame's timestamp (its start), for the gaps; called: when its callback ran, for counting
    // frames as the element counts its own (a frame may start before a mark its callbacks run after).
    window.watch = { frames: [], called: [], skyFrames: 0 };
    const frame = (now) => {
      window.watch.frames.push(now);
      window.watch.called.push(performance.now());
      if (animate) {
        // A moving sky: bands of colour sliding sideways (cheap to draw, so the page's own frames stay short).
        const t = window.watch.skyFrames++;
        for (let i = 0; i < 12; i++) {
          context.fillStyle = `hsl(${(t * 2 + i * 30) % 360} 60% ${30 + (i % 3) * 10}%)`;
          context.fillRect(((t * 3 + i * 60) % 780) - 60, 0, 60, 450);
        }
      }
      requestAnimationFrame(frame);
    };
    requestAnimationFrame(frame);
  }, { animate, glass });
}

const statsOf = (page, id = 'bar') => page.evaluate((i) => ({ ...document.getElementById(i).stats, running: document.getElementById(i).running,
  path: document.getElementById(i).path }), id);
const sleep = (page, ms) => page.evaluate((t) => new Promise((resolve) => setTimeout(resolve, t)), ms);

test('the glass shows exactly the blur of the source pixels behind it, mapped through the canvas\'s CSS size', async () => {
  const page = await glassPage();
  // Glass at CSS (60, 30), 300 x 90 over a canvas shown at 1.5x: source pixels (40, 20), 200 x 60.
  await setUpScene(page, { animate: false, glass: '<glass-blur id="bar" source="sky" radius="6" style="position:absolute;left:60px;top:30px;width:300px;height:90px;--glass-blur-tint:transparent"></glass-blur>' });
  await waitFor(page, () => window.events.some((e) => e.type === 'glass-ready'), undefined, { what: 'glass-ready' });
  // The worker draws on the transferred canvas; Firefox shows its commit a frame or more later (CI read it blank once).
  await waitFor(page, () => document.getElementById('bar').stats.framesDrawn >= 1, undefined, { what: 'a frame drawn' });
  // The glass is read while it holds still (a hidden page pauses it; the source is still, so its last frame is
  // the blur): in Firefox 153 ESR, drawing the shown canvas while its worker commits a frame blocks the page
  // for 10 s and reads it blank (3 of 8 runs; docs/browser-engines.md).
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await waitFor(page, () => !document.getElementById('bar').running, undefined, { what: 'the glass paused' });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  // The still glass is read until it shows the blur, for up to 10 s: a loaded Firefox in CI once read it blank
  // two frames after the first draw (all 48,000 bytes differing, twice; the deadlock above reads the same).
  // A wrong blur never matches, and fails below with its count of differing bytes.
  const check = await page.evaluate(async () => {
    const glass = document.getElementById('bar');
    const shown = glass.shadowRoot.querySelector('canvas');
    const sky = document.getElementById('sky');
    const source = sky.getContext('2d').getImageData(0, 0, 720, 450);
    const want = await window.memento.boxBlur(source, 6, { rect: { x: 40, y: 20, width: 200, height: 60 } });
    let differ;
    for (const until = performance.now() + 10000; ;) {
      const copy = Object.assign(document.createElement('canvas'), { width: shown.width, height: shown.height });
      copy.getContext('2d').drawImage(shown, 0, 0);
      const got = copy.getContext('2d').getImageData(0, 0, copy.width, copy.height).data;
      differ = 0;
      for (let i = 0; i < want.data.length; i++) if (got[i] !== want.data[i]) differ++;
      if (differ === 0 || performance.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const box = shown.getBoundingClientRect();
    const stage = document.getElementById('stage').getBoundingClientRect();
    delete document.hidden;
    document.dispatchEvent(new Event('visibilitychange'));
    return { size: [shown.width, shown.height], differ, box: [box.left - stage.left, box.top - stage.top, box.width, box.height], ready: window.events[0].detail,
      bubbles: window.events[0].bubbles, composed: window.events[0].composed };
  });
  assert.deepEqual(check.size, [200, 60]);
  assert.equal(check.differ, 0, 'every byte of the glass equals boxBlur of that rectangle of the source');
  assert.deepEqual(check.box, [60, 30, 300, 90], 'drawn over the part of the source it came from');
  assert.ok(['simd', 'scalar', 'js'].includes(check.ready.path));
  assert.ok(check.bubbles && check.composed);
  await waitFor(page, () => document.getElementById('bar').running, undefined, { what: 'the glass running again when shown' });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('over an animated canvas: stats report frames and the worker\'s busy share; frames are skipped, never queued; no frame gap over 20 ms (Chromium)', async (t) => {
  const page = await glassPage();
  await setUpScene(page, { glass: '<glass-blur id="bar" source="sky" radius="8" style="position:absolute;left:0;top:0;width:1080px;height:48px"></glass-blur>'
    + '<glass-blur id="side" source="sky" radius="8" style="position:absolute;left:0;top:48px;width:210px;height:627px"></glass-blur>' });
  await waitFor(page, () => window.events.filter((e) => e.type === 'glass-ready').length >= 2, undefined, { what: 'both glasses ready' });
  // The frame bound is judged on up to five 3 s windows, each one that misses followed by a control window
  // with the glasses hidden (so paused): a window's gaps and long tasks count as ours only beyond the host's
  // stalls inside them (host-stalls.mjs), and if every window misses, the glass must not have dropped more
  // frames than the page did without it (frame-control.mjs: CI missed in every window of stops 25 and 26).
  // Every glass window's stats must hold.
  const host = watchHostStalls();
  await host.ready;
  let w;
  const measure = async (withGlass) => {
    await page.evaluate((shown) => {
      for (const id of ['bar', 'side']) document.getElementById(id).style.display = shown ? '' : 'none';
    }, withGlass);
    await sleep(page, 300);
    await page.evaluate(() => {
      // The page's own longest frame gap over the last 300 ms, for comparison (a loaded host shows here too).
      const recent = window.watch.frames.filter((f) => f >= performance.now() - 300);
      window.watch.before = Math.max(0, ...recent.slice(1).map((f, i) => f - recent[i]));
      for (const id of ['bar', 'side']) document.getElementById(id).resetStats();
      window.watch.start = performance.now();
      window.watch.longTasks = [];
      if (!window.watch.observer && PerformanceObserver.supportedEntryTypes?.includes('longtask')) {
        window.watch.observer = new PerformanceObserver((list) => {
          for (const e of list.getEntries()) window.watch.longTasks.push([performance.timeOrigin + e.startTime, e.duration]);
        });
        window.watch.observer.observe({ type: 'longtask' });
      }
    });
    await sleep(page, 3000);
    const measured = await page.evaluate(() => {
      const frames = window.watch.frames.filter((f) => f >= window.watch.start);
      const stats = Object.fromEntries(['bar', 'side'].map((id) => [id, document.getElementById(id).stats]));
      const called = window.watch.called.filter((c) => c >= window.watch.start).length;
      return { frames: frames.map((f) => performance.timeOrigin + f), since: performance.timeOrigin + window.watch.start, called,
        stats, longTasks: window.watch.longTasks, workers: window.memento.liveWorkerCount(), before: window.watch.before };
    });
    if (withGlass) w = measured;
    return measured;
  };
  const clockStep = await workerClockStepMs(page);
  const checkStats = ({ stats, called }) => {
    for (const [id, s] of Object.entries(stats)) {
      assert.ok(s.framesDrawn >= 20, `${id}: ${s.framesDrawn} frames drawn in 3 s`);
      assert.ok((s.medianMs > 0 || (clockStep >= 1 && s.medianMs === 0)) && s.medianMs < 100,
        `${id}: median ${s.medianMs} ms (the worker's clock steps ${clockStep} ms)`);
      assert.ok(s.workerBusyShare > 0 && s.workerBusyShare < 1, `${id}: busy share ${s.workerBusyShare}`);
      // One frame in flight at most: drawn + skipped never exceeds the page's frames (nothing queued behind),
      // counted as the element counts: animation frame callbacks run since its stats were reset, not frames
      // whose timestamp is later (a loaded run's first frames can start before the reset and run after it:
      // 183 against 180 + 2 once). +2: a frame sent before the reset may be drawn after it, and one to spare.
      assert.ok(s.framesDrawn + s.framesSkipped <= called + 2,
        `${id}: ${s.framesDrawn} drawn + ${s.framesSkipped} skipped <= ${called} animation frame callbacks + 2`);
    }
  };
  const report = ({ kind, attempt, judged, window: m }) => {
    const glass = kind === 'window' ? `bar ${JSON.stringify(m.stats.bar)}; side ${JSON.stringify(m.stats.side)}` : 'glasses hidden';
    console.log(`glass over an animated 720x450 canvas, 3 s (${kind} ${attempt}): ${m.frames.length} page frames, longest gap `
      + `${judged.longestMs.toFixed(1)} ms (${m.before.toFixed(1)} ms in the 300 ms before); ${judged.summary}; ${glass} `
      + `(load average ${loadavg()[0].toFixed(1)})`);
    if (kind === 'window') checkStats(m);
  };
  // Where the frame bound is not judged (no long task entries), one window checks the stats, with no control.
  let verdict;
  if (browser.engine.capabilities?.longTasks) {
    verdict = await judgeAgainstControl({ host, measure, onWindow: report });
  } else {
    const window = await measure(true);
    report({ kind: 'window', attempt: 1, judged: await host.judge({ ...window, boundMs: 20 }), window });
  }
  await host.stop();
  assert.equal(w.workers, 2, 'one worker per glass');
  await t.test('no main-thread frame gap over 20 ms and no long task, or no more than without the glass (Chromium)', (st) => {
    if (!skipUnless(st, browser.engine, 'longTasks')) return;
    assert.ok(verdict.ok, `the glass's frames, beyond the host's stalls: ${verdict.report}`);
  });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('off screen and in a hidden page the glass does no blur work; back in view it runs again', async () => {
  const page = await glassPage();
  await setUpScene(page);
  await waitFor(page, () => document.getElementById('bar').stats.framesDrawn >= 5, undefined, { what: 'frames' });
  // Off screen: the IntersectionObserver stops it.
  await page.evaluate(() => { document.getElementById('bar').style.top = '-5000px'; });
  await waitFor(page, () => !document.getElementById('bar').running, undefined, { what: 'paused off screen' });
  await sleep(page, 150);
  const offBefore = await statsOf(page);
  await sleep(page, 800);
  const offAfter = await statsOf(page);
  assert.equal(offAfter.framesDrawn, offBefore.framesDrawn, 'no frame drawn off screen');
  assert.equal(offAfter.framesSkipped, offBefore.framesSkipped, 'none even tried');
  await page.evaluate(() => { document.getElementById('bar').style.top = '0px'; });
  await waitFor(page, (n) => document.getElementById('bar').stats.framesDrawn > n + 3, offAfter.framesDrawn, { what: 'running again in view' });

  // A hidden page (document.hidden and visibilitychange, as a background tab gets them).
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  assert.equal((await statsOf(page)).running, false);
  await sleep(page, 150);
  const hiddenBefore = await statsOf(page);
  await sleep(page, 800);
  const hiddenAfter = await statsOf(page);
  assert.equal(hiddenAfter.framesDrawn, hiddenBefore.framesDrawn, 'no frame drawn in a hidden page');
  assert.equal(hiddenAfter.framesSkipped, hiddenBefore.framesSkipped);
  await page.evaluate(() => {
    delete document.hidden;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await waitFor(page, (n) => document.getElementById('bar').stats.framesDrawn > n + 3, hiddenAfter.framesDrawn, { what: 'running again when shown' });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('prefers-reduced-motion stops the glass (one still frame at most), and it resumes when the preference goes', async (t) => {
  if (!skipUnless(t, browser.engine, 'emulateMedia')) return;
  const page = await glassPage();
  await setUpScene(page);
  await waitFor(page, () => document.getElementById('bar').stats.framesDrawn >= 5, undefined, { what: 'frames' });
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await waitFor(page, () => !document.getElementById('bar').running, undefined, { what: 'stopped under reduced motion' });
  await sleep(page, 200);
  const before = await statsOf(page);
  await sleep(page, 1000);
  const after = await statsOf(page);
  assert.ok(after.framesDrawn - before.framesDrawn <= 1, `at most the still frame: ${before.framesDrawn} -> ${after.framesDrawn}`);
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await waitFor(page, (n) => document.getElementById('bar').stats.framesDrawn > n + 3, after.framesDrawn, { what: 'running again' });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the CSS backdrop-filter fallback: without OffscreenCanvas (deleted before the element starts), and forced by css-backdrop', async () => {
  const page = await glassPage();
  await page.evaluate(() => { window.savedOffscreenCanvas = window.OffscreenCanvas; delete window.OffscreenCanvas; });
  await setUpScene(page);
  await waitFor(page, () => window.events.some((e) => e.type === 'glass-ready'), undefined, { what: 'glass-ready' });
  const css = await page.evaluate(() => {
    const glass = document.getElementById('bar');
    const layer = glass.shadowRoot.querySelector('[part=glass]');
    return { path: glass.path, ready: window.events.map((e) => e.detail), running: glass.running, workers: window.memento.liveWorkerCount(),
      filter: layer.style.getPropertyValue('backdrop-filter') || layer.style.getPropertyValue('-webkit-backdrop-filter'),
      canvas: getComputedStyle(glass.shadowRoot.querySelector('canvas')).display };
  });
  // r = 8: sigma sqrt(8 * 9) = 8.49 source pixels, 1.5 CSS px each.
  assert.deepEqual(css, { path: 'css', ready: [{ path: 'css' }], running: false, workers: 0, filter: 'blur(12.73px)', canvas: 'none' });
  await page.evaluate(() => { window.OffscreenCanvas = window.savedOffscreenCanvas; });
  // With the worker path available, the attribute switches between the two.
  await page.evaluate(() => { const glass = document.getElementById('bar'); glass.cssBackdrop = true; glass.cssBackdrop = false; });
  await waitFor(page, () => document.getElementById('bar').stats.framesDrawn >= 3, undefined, { what: 'frames on the worker path' });
  await page.evaluate(() => { document.getElementById('bar').setAttribute('css-backdrop', ''); });
  const forced = await statsOf(page);
  assert.equal(forced.path, 'css');
  assert.equal(forced.running, false);
  assert.equal(await page.evaluate(() => window.memento.liveWorkerCount()), 0, 'its worker is gone');
  const paths = await page.evaluate(() => window.events.map((e) => e.detail.path));
  assert.equal(paths.length, 3, JSON.stringify(paths));
  assert.ok(paths[0] === 'css' && ['simd', 'scalar', 'js'].includes(paths[1]) && paths[2] === 'css', `glass-ready paths ${paths}`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

/**
 * A sky canvas (360 x 225, shown at 720 x 450) drawn in `painter` (a worker script beside the test page, started
 * with `workerOptions` and sent `{canvas, port, ...message}`) and a <glass-blur id="bar"> with `attributes` over its
 * top 60 px, fed over a MessageChannel by connectSource(), on a new glass page (returned). In the page:
 * window.painter, and its messages in window.painterMessages.
 */
async function glassOverWorkerSky({ painter, workerOptions, message = {}, attributes }) {
  const page = await glassPage();
  await page.evaluate((a) => {
    document.getElementById('root').innerHTML = '<div style="position:relative"><canvas id="sky" width="360" height="225" style="width:720px;height:450px;display:block"></canvas>'
      + `<glass-blur id="bar" source="sky" ${a.attributes} style="position:absolute;left:0;top:0;width:720px;height:60px"></glass-blur></div>`;
    const offscreen = document.getElementById('sky').transferControlToOffscreen();
    const channel = new MessageChannel();
    window.painter = new Worker(new URL(a.painter, location.href), a.workerOptions);
    window.painterMessages = [];
    window.painter.onmessage = ({ data }) => window.painterMessages.push(data);
    window.painter.postMessage({ canvas: offscreen, port: channel.port1, ...a.message }, [offscreen, channel.port1]);
    document.getElementById('bar').connectSource(channel.port2);
  }, { painter, workerOptions, message, attributes });
  return page;
}

test('switching to the CSS path while a frame\'s bitmap is being cut leaves no worker behind', async () => {
  const page = await glassPage();
  await setUpScene(page);
  await waitFor(page, () => document.getElementById('bar').stats.framesDrawn >= 3, undefined, { what: 'frames on the worker path' });
  // From now on a frame's bitmap takes 300 ms to cut, so the switch below comes while one is being cut.
  await page.evaluate(() => {
    const cut = window.createImageBitmap.bind(window);
    window.cuts = 0;
    window.createImageBitmap = (...args) => {
      window.cuts++;
      return new Promise((resolve) => setTimeout(resolve, 300)).then(() => cut(...args));
    };
  });
  await waitFor(page, () => window.cuts > 0, undefined, { what: 'a frame cutting its bitmap' });
  await page.evaluate(() => document.getElementById('bar').setAttribute('css-backdrop', ''));
  await sleep(page, 700);
  assert.equal(await page.evaluate(() => window.memento.liveWorkerCount()), 0, 'the dropped worker was not started again');
  await page.close();
});

test('connectSource(): a canvas drawn in a worker sends its frames to the glass worker over a MessageChannel', async () => {
  const page = await glassOverWorkerSky({ painter: './glass-source-worker.js', attributes: 'radius="4" quality="quarter"' });
  const result = await page.evaluate(async () => {
    const { painter } = window;
    const glass = document.getElementById('bar');
    const thrown = (() => { try { glass.connectSource({}); return null; } catch (error) { return `${error.name}: ${error.message}`; } })();
    const start = performance.now();
    while (glass.stats.framesDrawn < 10 && performance.now() - start < 20000) await new Promise((resolve) => setTimeout(resolve, 50));
    const shown = glass.shadowRoot.querySelector('canvas');
    const box = shown.getBoundingClientRect();
    painter.terminate();
    return { drawn: glass.stats.framesDrawn, painted: window.painterMessages.length, path: glass.path, size: [shown.width, shown.height], box: [box.width, box.height], thrown };
  });
  assert.ok(result.drawn >= 10, `${result.drawn} frames drawn from the painter's ${result.painted}`);
  assert.deepEqual(result.size, [360, 30], 'the region behind the glass, in the source\'s pixels');
  assert.deepEqual(result.box, [720, 60]);
  assert.equal(result.thrown, 'TypeError: port must be a MessagePort');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('connectSource() with pixels: a source worker answering the glass worker\'s {want} with getImageData bytes; the glass equals boxBlur of the rect behind it', async () => {
  const page = await glassOverWorkerSky({ painter: './glass-pixels-source-worker.js', workerOptions: { type: 'module' }, message: { seed: 77 },
    attributes: 'radius="4"' });
  const result = await page.evaluate(async () => {
    const { painter, painterMessages } = window;
    const glass = document.getElementById('bar');
    const start = performance.now();
    // The whole source first; the part asked for comes next, and the glass drawn from it.
    while ((painterMessages.length < 2 || glass.stats.framesDrawn < 2) && performance.now() - start < 20000) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const shown = glass.shadowRoot.querySelector('canvas');
    const copy = Object.assign(document.createElement('canvas'), { width: shown.width, height: shown.height });
    copy.getContext('2d').drawImage(shown, 0, 0);
    const got = Array.from(copy.getContext('2d').getImageData(0, 0, copy.width, copy.height).data);
    const image = window.blurTestImage('noise', 360, 225, 77);
    for (let i = 3; i < image.data.length; i += 4) image.data[i] = 255;
    const want = Array.from((await window.memento.boxBlur(image, 4, { rect: { x: 0, y: 0, width: 360, height: 30 } })).data);
    painter.terminate();
    return { drawn: glass.stats.framesDrawn, sent: painterMessages.map((data) => data.sent), size: [copy.width, copy.height], same: got.length === want.length && got.every((v, i) => v === want[i]) };
  });
  assert.ok(result.drawn >= 1, `${result.drawn} frames drawn`);
  assert.deepEqual(result.sent.slice(0, 2), [[0, 0, 360, 225], [0, 0, 360, 42]], 'the whole source, then only the window the blur reads (the rect grown by 3r)');
  assert.deepEqual(result.size, [360, 30]);
  assert.ok(result.same, 'the glass\'s pixels equal boxBlur of the rect behind it');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('bad attributes fire glass-error naming them and never throw; the last good values stay', async () => {
  const page = await glassPage();
  await setUpScene(page);
  const r = await page.evaluate(async () => {
    const glass = document.getElementById('bar');
    const thrown = [];
    for (const attempt of [() => glass.setAttribute('radius', 'big'), () => { glass.radius = 256; }, () => { glass.quality = 'half'; },
      () => { glass.source = 'nowhere'; }, () => { glass.source = 'root'; }]) {
      try { attempt(); } catch (error) { thrown.push(String(error)); }
      await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
    return { thrown, errors: window.events.filter((e) => e.type === 'glass-error').map((e) => e.detail), radius: glass.radius, quality: glass.quality };
  });
  assert.deepEqual(r.thrown, []);
  assert.deepEqual(r.errors.map((e) => e.name), ['TypeError', 'RangeError', 'RangeError', 'NotFoundError', 'TypeError']);
  ['radius', 'radius', 'quality', 'source', 'source'].forEach((name, i) => assert.match(r.errors[i].message, new RegExp(`^${name}`), r.errors[i].message));
  assert.deepEqual([r.radius, r.quality], [8, 'exact']);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('axe finds no violations: the glass running over a canvas, and on the CSS path', async () => {
  const page = await glassPage();
  await setUpScene(page, { glass: '<glass-blur id="bar" source="sky" style="position:absolute;left:0;top:0;width:1080px;height:48px;color:#fff">'
    + '<nav aria-label="Main"><a href="#a" style="color:#fff;background:#123">Home</a></nav></glass-blur>' });
  await waitFor(page, () => window.events.some((e) => e.type === 'glass-ready'), undefined, { what: 'glass-ready' });
  const violations = () => axeViolations(page);
  assert.deepEqual(await violations(), [], 'worker path');
  await page.evaluate(() => document.getElementById('bar').setAttribute('css-backdrop', ''));
  assert.deepEqual(await violations(), [], 'CSS path');
  await page.close();
});
