// The demo's Night Garden theme (demo/night-garden.js, issue 13 §3), in Chromium, Firefox and WebKit (whose web
// process crashed in 2 of 3 runs of this file until its worker-animated canvases went CPU-backed:
// common/canvas-quirks.js, docs/browser-engines.md):
// switched on, the sky worker draws and the two <glass-blur> bars keep drawing
// frames fed through connectSource(port), and the card reports the run's
// frame statistics with the glass workers' busy share from the elements' stats;
// switched to CSS backdrop-filter, the glass goes CSS and that run's column
// fills while the first run's numbers stay; switched back, the glass draws
// again; under reduced motion the sky, the spores and the glass stand still; switched off, the sky's canvas and the
// glass are gone and nothing counts on. The spores are drawn into the sky by its worker (one canvas on the page,
// with WebGL in Chromium). Then: 10 s of the theme with no main-thread frame gap over 20 ms (Chromium; where
// the host drops frames in every window, no more than the page with the theme off: frame-control.mjs);
// a hidden page does no blur work; axe finds no violations in the theme's parts.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loadavg } from 'node:os';
import { axeViolations, openBrowser, skipUnless, waitFor, workerClockStepMs } from './harness.mjs';
import { watchHostStalls } from './host-stalls.mjs';
import { judgeAgainstControl } from './frame-control.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const glassState = (page) => page.evaluate(() => [...document.querySelectorAll('glass-blur.night-glass')].map((glass) => ({
  path: glass.path, css: glass.cssBackdrop, ...glass.stats,
})));

/** WebGL renderers that run on the CPU, where the sky worker draws the spores as sprites (demo/night-spores.js). */
const SOFTWARE_WEBGL = /swiftshader|llvmpipe|softpipe|software/i;

/** The demo with the theme switched on in `mode`, once its vault is sealed (the page's own start-up work done). */
async function gardenPage(mode = 'glass') {
  const page = await browser.engine.newPage();
  await page.goto(browser.url('/demo/?quick'));
  await waitFor(page, () => document.getElementById('night-garden')?.dataset.state === 'off', null, { what: 'the theme card' });
  await waitFor(page, () => !document.getElementById('vault-unlock').disabled, null, { what: 'the demo vault to be sealed', timeout: 60000 });
  await page.evaluate((m) => {
    document.querySelector(`input[name="garden-glass"][value="${m}"]`).click();
    document.getElementById('garden-toggle').click();
  }, mode);
  if (mode === 'glass') await glassBarsDrawing(page);
  return page;
}

/** Waits until both glass bars have drawn five frames (the theme switched on with <glass-blur>). */
function glassBarsDrawing(page) {
  return waitFor(page, () => {
    const glasses = [...document.querySelectorAll('glass-blur.night-glass')];
    return glasses.length === 2 && glasses.every((g) => g.stats.framesDrawn >= 5);
  }, null, { what: 'both glass bars drawing frames', timeout: 30000 });
}

const column = (page, mode) => page.evaluate((m) => Object.fromEntries(['seconds', 'fps', 'gap', 'over', 'main', 'glass', 'sky']
  .map((row) => [row, document.getElementById(`garden-${m}-${row}`).textContent])), mode);

test('the Night Garden: the glass keeps drawing over the sky, stats are reported, the CSS switch works, off stops it', async (t) => {
  const page = await browser.engine.newPage();
  await page.goto(browser.url('/demo/?quick'));
  await waitFor(page, () => document.getElementById('night-garden')?.dataset.state === 'off', null, { what: 'the theme card' });
  assert.equal(await page.evaluate(() => document.querySelectorAll('glass-blur.night-glass, #night-sky').length), 0,
    'off at load: no sky, no glass');
  const canvasesOff = await page.evaluate(() => document.querySelectorAll('canvas').length);

  await page.evaluate(() => document.getElementById('garden-toggle').click());
  assert.equal(await page.evaluate(() => document.getElementById('garden-toggle').getAttribute('aria-pressed')), 'true');
  // Frames keep coming: both bars draw, and go on drawing.
  const first = await waitFor(page, () => {
    const glasses = [...document.querySelectorAll('glass-blur.night-glass')];
    return glasses.length === 2 && glasses.every((g) => g.stats.framesDrawn >= 5) ? glasses.map((g) => g.stats.framesDrawn) : null;
  }, null, { what: 'both glass bars drawing frames', timeout: 30000 });
  await sleep(1500);
  const glassRun = await glassState(page);
  const clockStep = await workerClockStepMs(page);
  assert.equal(glassRun.length, 2);
  glassRun.forEach((glass, i) => {
    assert.match(glass.path, /^(simd|scalar|js)$/, 'the glass runs in its worker');
    assert.ok(glass.framesDrawn > first[i] + 5, `bar ${i}: frames keep coming (${first[i]} -> ${glass.framesDrawn})`);
    assert.ok(glass.workerBusyShare > 0 && glass.workerBusyShare < 1, `bar ${i}: worker busy share ${glass.workerBusyShare}`);
    // A worker clock of 1 ms steps (Firefox, not isolated) rounds a bar's sub-millisecond frames to 0 or 1.
    assert.ok(glass.medianMs > 0 || (clockStep >= 1 && glass.medianMs === 0),
      `bar ${i}: median blur ms ${glass.medianMs} (the worker's clock steps ${clockStep} ms)`);
  });
  assert.ok(Number(await page.evaluate(() => document.getElementById('night-garden').dataset.skyFrames)) > 10, 'the sky worker draws');
  // One canvas more on the page: the sky, with the spores drawn into it by the sky worker.
  assert.equal(await page.evaluate(() => document.querySelectorAll('canvas').length), canvasesOff + 1, 'one canvas for sky and spores');
  const spores = await page.evaluate(() => ({ ...document.getElementById('night-garden').dataset }));
  const software = !spores.sporesRenderer || SOFTWARE_WEBGL.test(spores.sporesRenderer);
  assert.equal(spores.spores, software ? '2d' : 'webgl', `the spores: WebGL on a GPU, else sprites (${spores.sporesRenderer})`);
  assert.ok(Number(spores.sporesLit) > 0, `the spores light pixels (${spores.spores}: ${spores.sporesLit})`);
  const countsWorkers = Boolean(browser.engine.capabilities.workerTargets);
  const workersOn = countsWorkers ? await page.workerTargets() : 0;
  const glassColumn = await column(page, 'glass');
  assert.match(glassColumn.fps, /^\d+$/);
  assert.match(glassColumn.gap, /^\d+\.\d ms$/);
  // The main thread's busy share comes from requestIdleCallback; without it (WebKit) the card shows '–'.
  const mainBusy = (await page.evaluate(() => typeof requestIdleCallback === 'function')) ? /^\d+\.\d %$/ : /^–$/;
  assert.match(glassColumn.main, mainBusy);
  assert.match(glassColumn.glass, /^\d+\.\d % \(\d+ fps, \d+\.\d\d ms\)$/);
  assert.match(glassColumn.sky, /^\d+\.\d %$/);
  console.log(`# the <glass-blur> run: ${JSON.stringify(glassColumn)}`);

  // The switch: the glass goes CSS, the CSS column fills, the <glass-blur> column keeps its run.
  await page.evaluate(() => document.querySelector('input[name="garden-glass"][value="css"]').click());
  await waitFor(page, () => [...document.querySelectorAll('glass-blur.night-glass')].every((g) => g.path === 'css'), null,
    { what: 'the glass on CSS backdrop-filter' });
  await sleep(1500);
  const cssColumn = await column(page, 'css');
  assert.match(cssColumn.fps, /^\d+$/);
  assert.match(cssColumn.main, mainBusy);
  assert.equal(cssColumn.glass, '– (the compositor)');
  assert.notEqual((await column(page, 'glass')).fps, '–', 'the first run stays on screen');
  console.log(`# the CSS run: ${JSON.stringify(cssColumn)}`);

  // And back: the glass draws again through new ports.
  await page.evaluate(() => document.querySelector('input[name="garden-glass"][value="glass"]').click());
  await waitFor(page, () => {
    const glasses = [...document.querySelectorAll('glass-blur.night-glass')];
    return glasses.every((g) => g.path !== 'css' && g.stats.framesDrawn >= 5);
  }, null, { what: 'the glass drawing again after CSS', timeout: 30000 });

  // Reduced motion: the sky stands still (and the glass pauses by itself); then it moves again.
  if (browser.engine.capabilities.emulateMedia) {
    const skyCount = () => page.evaluate(() => Number(document.getElementById('night-garden').dataset.skyFrames));
    const drawn = () => page.evaluate(() => [...document.querySelectorAll('glass-blur.night-glass')].map((g) => g.stats.framesDrawn));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await sleep(1200);
    const stillAt = await skyCount();
    const glassStill = await drawn();
    await sleep(1500);
    assert.equal(await skyCount(), stillAt, 'reduced motion: the sky (and the spores it draws) draws no more frames');
    (await drawn()).forEach((n, i) => assert.ok(n - glassStill[i] <= 1, `reduced motion: bar ${i} draws at most a still frame (${glassStill[i]} -> ${n})`));
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await waitFor(page, (n) => Number(document.getElementById('night-garden').dataset.skyFrames) > n + 5, stillAt,
      { what: 'the sky moving again', timeout: 15000 });
  } else {
    t.diagnostic(`reduced motion not checked in ${browser.engine.name}: ${browser.engine.unsupported?.emulateMedia ?? 'no emulateMedia'}`);
  }

  // Off: nothing left to run.
  await page.evaluate(() => document.getElementById('garden-toggle').click());
  assert.equal(await page.evaluate(() => document.getElementById('night-garden').dataset.state), 'off');
  assert.equal(await page.evaluate(() => document.querySelectorAll('glass-blur, #night-sky').length), 0,
    'off: the sky\'s canvas and the glass are removed (their workers end with them)');
  assert.equal(await page.evaluate(() => document.querySelectorAll('canvas').length), canvasesOff, 'off: no canvas of the theme left');
  const skyFrames = await page.evaluate(() => document.getElementById('night-garden').dataset.skyFrames);
  const seconds = (await column(page, 'glass')).seconds;
  await sleep(1500);
  assert.equal(await page.evaluate(() => document.getElementById('night-garden').dataset.skyFrames), skyFrames,
    'off: the sky worker reports nothing more');
  assert.equal((await column(page, 'glass')).seconds, seconds, 'off: the statistics stop');
  // The sky worker and both glass workers are gone (as the browser sees the page's workers).
  if (countsWorkers) {
    const workersOff = await page.workerTargets();
    assert.ok(workersOff <= workersOn - 3, `off: the sky and glass workers end (${workersOn} workers on, ${workersOff} off)`);
  } else {
    t.diagnostic(`workers not counted in ${browser.engine.name}: ${browser.engine.unsupported?.workerTargets ?? 'no workerTargets'}`);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the spores: drawn into the sky with WebGL (?spores=webgl, where the worker has WebGL) and as sprites (?spores=2d), lighting pixels either way', async () => {
  for (const asked of ['webgl', '2d']) {
    const page = await browser.engine.newPage();
    await page.goto(browser.url(`/demo/?quick&spores=${asked}`));
    await waitFor(page, () => document.getElementById('night-garden')?.dataset.state === 'off', null, { what: 'the theme card' });
    await page.evaluate(() => document.getElementById('garden-toggle').click());
    const spores = await waitFor(page, () => {
      const { dataset } = document.getElementById('night-garden');
      return dataset.spores && Number(dataset.skyFrames) > 5 ? { ...dataset } : null;
    }, null, { what: 'the sky drawing with its spores', timeout: 30000 });
    const expected = asked === 'webgl' && spores.sporesRenderer ? 'webgl' : '2d';
    assert.equal(spores.spores, expected, `?spores=${asked}: drawn as ${spores.spores} (WebGL renderer: "${spores.sporesRenderer}")`);
    if (browser.engine.name === 'chromium' && asked === 'webgl') assert.equal(spores.spores, 'webgl', 'Chromium\'s sky worker has WebGL');
    assert.ok(Number(spores.sporesLit) > 0, `?spores=${asked}: the spores light pixels (${spores.sporesLit})`);
    console.log(`# ?spores=${asked}: ${spores.spores}, ${spores.sporesLit} pixels lit (WebGL renderer: "${spores.sporesRenderer}")`);
    assert.deepEqual(page.problems, []);
    await page.close();
  }
});

// 10 s of the theme, judged on up to five windows, each one that misses followed by a 10 s control window
// with the theme switched off (nothing of ours runs; the page still asks for every frame): this shared
// 2-core host drops frames with nothing of ours running, and a window's gaps and long tasks count as ours
// only beyond the host's stalls inside them (host-stalls.mjs). If every window misses, the theme must not
// have dropped more frames than the idle page did (frame-control.mjs). Every theme window must report the
// glass's frame rate and its workers' busy share. Until 2026-12-03 this was a TODO judged on three windows
// alone: 7 of 9 runs passed at load 1.9-4.5 (2026-12-02), and 5 of 6 with the probe (2026-12-03, load
// 1.8-2.6); the misses were single 33 ms gaps in about a third of the windows, with no host stall in them
// (cpp/blur/NOTES.md, "Host stalls told apart"). The theme itself (one opaque canvas, its spores drawn into
// the sky by its worker: "The Night Garden's frames") gives no long task.
test('the theme running 10 s: no main-thread frame gap over 20 ms, no task over 50 ms; stats report the glass frame rate and the workers\' busy share (Chromium)', async (t) => {
  if (!skipUnless(t, browser.engine, 'longTasks')) return;
  const page = await gardenPage();
  const host = watchHostStalls();
  await host.ready;
  const themeOn = () => page.evaluate(() => document.getElementById('night-garden').dataset.state === 'on');
  const measure = async (withTheme) => {
    if (withTheme !== await themeOn()) {
      await page.evaluate(() => document.getElementById('garden-toggle').click());
      if (withTheme) {
        await glassBarsDrawing(page);
      } else {
        await waitFor(page, () => document.getElementById('night-garden').dataset.state === 'off', null, { what: 'the theme off' });
      }
    }
    // A second to settle after a switch (the first 10 s of a run read 7 gaps once, the next none).
    await sleep(1000);
    await page.evaluate(() => {
      for (const glass of document.querySelectorAll('glass-blur.night-glass')) glass.resetStats();
      window.watchObserver?.disconnect();
      const watch = { frames: [], longTasks: [], start: performance.now() };
      window.watch = watch;
      window.watchObserver = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) watch.longTasks.push([performance.timeOrigin + e.startTime, e.duration]);
      });
      window.watchObserver.observe({ type: 'longtask' });
      const frame = (now) => {
        if (window.watch !== watch) return;   // the next window has its own loop
        watch.frames.push(now);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
    await sleep(10000);
    return page.evaluate(() => {
      const { frames, longTasks, start } = window.watch;
      const seconds = (performance.now() - start) / 1000;
      const glasses = [...document.querySelectorAll('glass-blur.night-glass')].map((g) => ({ path: g.path, ...g.stats }));
      return { frames: frames.map((f) => performance.timeOrigin + f), since: performance.timeOrigin + start, seconds, longTasks, glasses,
        card: document.getElementById('garden-glass-glass').textContent, sky: document.getElementById('garden-glass-sky').textContent };
    });
  };
  const report = ({ kind, attempt, judged, window: run }) => {
    const theme = kind === 'window'
      ? `glass ${run.glasses.map((g) => `${(g.framesDrawn / run.seconds).toFixed(1)} fps, busy ${(g.workerBusyShare * 100).toFixed(1)} %, `
        + `median ${g.medianMs.toFixed(2)} ms`).join(' | ')}; card: glass ${run.card}, sky ${run.sky}`
      : 'the theme off';
    console.log(`# theme ${kind} ${attempt}: ${run.frames.length} page frames in ${run.seconds.toFixed(1)} s, longest gap `
      + `${judged.longestMs.toFixed(1)} ms, ${judged.summary}; ${theme} (load average ${loadavg()[0].toFixed(1)})`);
    if (kind !== 'window') return;
    assert.equal(run.glasses.length, 2);
    for (const [i, glass] of run.glasses.entries()) {
      assert.match(glass.path, /^(simd|scalar|js)$/);
      assert.ok(glass.framesDrawn > 0, `bar ${i}: the glass frame rate is reported (${glass.framesDrawn} frames)`);
      assert.ok(glass.workerBusyShare > 0 && glass.workerBusyShare < 1, `bar ${i}: busy share ${glass.workerBusyShare}`);
    }
    assert.match(run.card, /^\d+\.\d % \(\d+ fps, \d+\.\d\d ms\)$/, 'the card shows the glass workers\' busy share and frame rate');
  };
  const verdict = await judgeAgainstControl({ host, measure, attempts: 5, onWindow: report });
  await host.stop();
  assert.ok(verdict.ok, `the theme's frames, beyond the host's stalls: ${verdict.report}`);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a hidden page: the sky and the spores stand still and the glass does no blur work; shown again, all of it moves', async () => {
  const page = await gardenPage();
  const counts = () => page.evaluate(() => ({
    sky: Number(document.getElementById('night-garden').dataset.skyFrames),
    glass: [...document.querySelectorAll('glass-blur.night-glass')].map((g) => g.stats.framesDrawn + g.stats.framesSkipped),
    drawn: [...document.querySelectorAll('glass-blur.night-glass')].map((g) => g.stats.framesDrawn),
  }));
  await page.evaluate(() => {
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await sleep(1200);   // the card asks the sky worker for its count every 500 ms
  const before = await counts();
  await sleep(1500);
  const after = await counts();
  assert.equal(after.sky, before.sky, 'hidden: the sky worker draws no frames');
  assert.deepEqual(after.glass, before.glass, 'hidden: no glass frame drawn, none even tried');
  assert.equal(await page.evaluate(() => [...document.querySelectorAll('glass-blur.night-glass')].some((g) => g.running)), false);
  await page.evaluate(() => {
    delete document.hidden;
    document.dispatchEvent(new Event('visibilitychange'));
  });
  await waitFor(page, (n) => Number(document.getElementById('night-garden').dataset.skyFrames) > n + 5, after.sky,
    { what: 'the sky moving again', timeout: 15000 });
  await waitFor(page, (n) => [...document.querySelectorAll('glass-blur.night-glass')].every((g, i) => g.stats.framesDrawn > n[i] + 3),
    after.drawn, { what: 'the glass drawing again', timeout: 15000 });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('axe finds no violations in the theme: its card, the canvases and the glass, with <glass-blur> and with CSS backdrop-filter', async () => {
  const page = await gardenPage();
  const violations = () => axeViolations(page, { include: ['#night-garden', '#night-sky', 'glass-blur.night-glass'] });
  assert.deepEqual(await violations(), [], '<glass-blur>');
  await page.evaluate(() => document.querySelector('input[name="garden-glass"][value="css"]').click());
  await waitFor(page, () => [...document.querySelectorAll('glass-blur.night-glass')].every((g) => g.path === 'css'), null,
    { what: 'the glass on CSS backdrop-filter' });
  assert.deepEqual(await violations(), [], 'CSS backdrop-filter');
  assert.deepEqual(page.problems, []);
  await page.close();
});
