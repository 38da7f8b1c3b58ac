// The demo's Night Garden theme (demo/night-garden.js, issue 13 §3), in Chromium:
// switched on, the sky worker draws and the two <glass-blur> bars keep drawing
// frames fed through connectSource(port), and the card reports the run's
// frame statistics with the glass workers' busy share from the elements' stats;
// switched to CSS backdrop-filter, the glass goes CSS and that run's column
// fills while the first run's numbers stay; switched back, the glass draws
// again; under reduced motion the sky stands still; switched off, the canvas and the glass are gone and nothing counts on.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser, waitFor } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

const glassState = (page) => page.evaluate(() => [...document.querySelectorAll('glass-blur.night-glass')].map((glass) => ({
  path: glass.path, css: glass.cssBackdrop, ...glass.stats,
})));

const column = (page, mode) => page.evaluate((m) => Object.fromEntries(['seconds', 'fps', 'gap', 'over', 'main', 'glass', 'sky']
  .map((row) => [row, document.getElementById(`garden-${m}-${row}`).textContent])), mode);

test('the Night Garden: the glass keeps drawing over the sky, stats are reported, the CSS switch works, off stops it', async () => {
  const page = await browser.engine.newPage();
  await page.goto(browser.url('/demo/?quick'));
  await waitFor(page, () => document.getElementById('night-garden')?.dataset.state === 'off', null, { what: 'the theme card' });
  assert.equal(await page.evaluate(() => document.querySelectorAll('glass-blur.night-glass, #night-sky').length), 0,
    'off at load: no sky, no glass');

  await page.evaluate(() => document.getElementById('garden-toggle').click());
  assert.equal(await page.evaluate(() => document.getElementById('garden-toggle').getAttribute('aria-pressed')), 'true');
  // Frames keep coming: both bars draw, and go on drawing.
  const first = await waitFor(page, () => {
    const glasses = [...document.querySelectorAll('glass-blur.night-glass')];
    return glasses.length === 2 && glasses.every((g) => g.stats.framesDrawn >= 5) ? glasses.map((g) => g.stats.framesDrawn) : null;
  }, null, { what: 'both glass bars drawing frames', timeout: 30000 });
  await sleep(1500);
  const glassRun = await glassState(page);
  assert.equal(glassRun.length, 2);
  glassRun.forEach((glass, i) => {
    assert.match(glass.path, /^(simd|scalar|js)$/, 'the glass runs in its worker');
    assert.ok(glass.framesDrawn > first[i] + 5, `bar ${i}: frames keep coming (${first[i]} -> ${glass.framesDrawn})`);
    assert.ok(glass.workerBusyShare > 0 && glass.workerBusyShare < 1, `bar ${i}: worker busy share ${glass.workerBusyShare}`);
    assert.ok(glass.medianMs > 0, `bar ${i}: median blur ms ${glass.medianMs}`);
  });
  assert.ok(Number(await page.evaluate(() => document.getElementById('night-garden').dataset.skyFrames)) > 10, 'the sky worker draws');
  const workersOn = await page.workerTargets();
  const glassColumn = await column(page, 'glass');
  assert.match(glassColumn.fps, /^\d+$/);
  assert.match(glassColumn.gap, /^\d+\.\d ms$/);
  assert.match(glassColumn.main, /^\d+\.\d %$/);
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
  assert.match(cssColumn.main, /^\d+\.\d %$/);
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
  const skyCount = () => page.evaluate(() => Number(document.getElementById('night-garden').dataset.skyFrames));
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await sleep(1200);
  const stillAt = await skyCount();
  await sleep(1500);
  assert.equal(await skyCount(), stillAt, 'reduced motion: the sky draws no more frames');
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await waitFor(page, (n) => Number(document.getElementById('night-garden').dataset.skyFrames) > n + 5, stillAt,
    { what: 'the sky moving again', timeout: 15000 });

  // Off: nothing left to run.
  await page.evaluate(() => document.getElementById('garden-toggle').click());
  assert.equal(await page.evaluate(() => document.getElementById('night-garden').dataset.state), 'off');
  assert.equal(await page.evaluate(() => document.querySelectorAll('glass-blur, #night-sky').length), 0,
    'off: the sky canvas and the glass are removed (their workers end with them)');
  const skyFrames = await page.evaluate(() => document.getElementById('night-garden').dataset.skyFrames);
  const seconds = (await column(page, 'glass')).seconds;
  await sleep(1500);
  assert.equal(await page.evaluate(() => document.getElementById('night-garden').dataset.skyFrames), skyFrames,
    'off: the sky worker reports nothing more');
  assert.equal((await column(page, 'glass')).seconds, seconds, 'off: the statistics stop');
  // The sky worker and both glass workers are gone (as the browser sees the page's workers).
  const workersOff = await page.workerTargets();
  assert.ok(workersOff <= workersOn - 3, `off: the sky and glass workers end (${workersOn} workers on, ${workersOff} off)`);
  assert.deepEqual(page.problems, []);
  await page.close();
});
