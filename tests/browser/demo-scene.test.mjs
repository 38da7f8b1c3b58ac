// The demo's vault scene: three.js draws the vault door in its stone wall with
// the maps of renderTexture() (software WebGL is fine: headless Chromium falls
// back to SwiftShader by itself), with no console error; the lamp follows the
// pointer; a new seed and a new size render again, the five <procedural-texture>
// map views follow the seed; the render times are shown. Saves
// test-results/demo-scene.png (the page) and demo-scene-canvas.png (the scene).
// The page starts the scene once its vault is sealed and the scene's card is on
// screen, so each test scrolls to it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ENGINE, ROOT, openBrowser, waitFor } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

async function openScene() {
  const page = await browser.engine.newPage();
  await page.goto(browser.url('/demo/'));
  await page.evaluate(() => document.getElementById('textures').scrollIntoView());
  return page;
}

const sceneReady = (page, what, timeout = 60000) => waitFor(page, () => {
  const scene = document.getElementById('scene');
  if (document.getElementById('scene-status').classList.contains('problem')) return { problem: document.getElementById('scene-status').textContent };
  return scene.dataset.state === 'ready' ? { ...scene.dataset } : null;
}, null, { what, timeout });

// Reads the scene's frame back (drawn with preserveDrawingBuffer) at a small size: how much it varies, and its mean.
const frameStats = (page) => page.evaluate(() => {
  const source = document.querySelector('#scene canvas');
  const probe = document.createElement('canvas');
  probe.width = 160;
  probe.height = 100;
  const context = probe.getContext('2d', { willReadFrequently: true });
  context.drawImage(source, 0, 0, probe.width, probe.height);
  const { data } = context.getImageData(0, 0, probe.width, probe.height);
  let sum = 0;
  let sumSq = 0;
  const colours = new Set();
  for (let i = 0; i < data.length; i += 4) {
    const y = 0.2126 * data[i] + 0.7152 * data[i + 1] + 0.0722 * data[i + 2];
    sum += y;
    sumSq += y * y;
    colours.add(((data[i] >> 4) << 8) | ((data[i + 1] >> 4) << 4) | (data[i + 2] >> 4));
  }
  const n = data.length / 4;
  const mean = sum / n;
  // Left half against right half: where the lamp is, the wall is brighter.
  let left = 0;
  let right = 0;
  for (let y = 0; y < probe.height; y++) {
    for (let x = 0; x < probe.width; x++) {
      const i = (y * probe.width + x) * 4;
      if (x < probe.width / 2) left += data[i + 1]; else right += data[i + 1];
    }
  }
  return { mean, sd: Math.sqrt(sumSq / n - mean * mean), colours: colours.size, left, right };
});

const pointAt = (page, fx, fy) => page.evaluate(([x, y]) => {
  const canvas = document.querySelector('#scene canvas');
  const box = canvas.getBoundingClientRect();
  canvas.dispatchEvent(new PointerEvent('pointermove', { bubbles: true, clientX: box.left + x * box.width, clientY: box.top + y * box.height }));
  return new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
}, [fx, fy]);

test('the vault scene: three.js draws the textured door and wall with no console error, the lamp follows the pointer', async () => {
  const page = await openScene();
  const first = await sceneReady(page, 'the vault scene at 1024');
  assert.equal(first.problem, undefined, first.problem);
  assert.equal(first.size, '1024');
  assert.equal(first.seed, '2026');
  const shownMs = Number(first.shownMs);
  // Issue 12 §4: within a second at 1024. Measured here on page load, with the vault being sealed and the five
  // map views rendering at the same time on 2 shared cores and software WebGL; the bound is loose, the time is logged.
  console.log(`# ${ENGINE}: the scene at 1024 appeared with its textures ${shownMs} ms after the request`);
  assert.ok(shownMs < 5000, `the scene took ${shownMs} ms`);
  const text = (id) => page.evaluate((i) => document.getElementById(i).textContent, id);
  assert.match(await text('time-wall'), /^\d+ ms \((simd|scalar|js)\)$/);
  assert.match(await text('time-door'), /^\d+ ms \((simd|scalar|js)\)$/);
  assert.match(await text('time-shown'), /^\d+ ms from the request$/);

  // Lit and textured: far from blank, many colours. The lamp on the left, then on the right.
  await pointAt(page, 0.1, 0.5);
  const lampLeft = await frameStats(page);
  assert.ok(lampLeft.sd > 12 && lampLeft.colours > 60 && lampLeft.mean > 20, `a textured frame: ${JSON.stringify(lampLeft)}`);
  await pointAt(page, 0.9, 0.5);
  const lampRight = await frameStats(page);
  assert.ok(lampLeft.left > lampLeft.right * 1.1, `lamp left: the left half brighter ${JSON.stringify(lampLeft)}`);
  assert.ok(lampRight.right > lampRight.left * 1.1, `lamp right: the right half brighter ${JSON.stringify(lampRight)}`);

  // The five map views: each shows its map of the vault door at the scene's seed.
  const views = await waitFor(page, () => {
    const elements = [...document.querySelectorAll('procedural-texture.map-view')];
    if (elements.some((e) => !e.maps)) return null;
    return elements.map((e) => ({ map: e.map, ...e.texture, path: e.path }));
  }, null, { what: 'the five map views', timeout: 60000 });
  assert.deepEqual(views.map((v) => [v.map, v.kind, v.size, v.seed]),
    ['albedo', 'normal', 'roughness', 'ao', 'orm'].map((map) => [map, 'vault-face', 256, 2026]));

  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  await pointAt(page, 0.22, 0.28);
  const png = await page.evaluate(() => document.querySelector('#scene canvas').toDataURL('image/png'));
  writeFileSync(path.join(ROOT, 'test-results', `demo-scene-canvas${ENGINE === 'chromium' ? '' : `-${ENGINE}`}.png`),
    Buffer.from(png.slice(png.indexOf(',') + 1), 'base64'));
  await page.evaluate(() => document.getElementById('scene-title').scrollIntoView());
  await page.screenshot(path.join(ROOT, 'test-results', `demo-scene${ENGINE === 'chromium' ? '' : `-${ENGINE}`}.png`));
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a new seed and another size render the scene again; the map views follow the seed', async () => {
  const page = await openScene();
  await sceneReady(page, 'the first scene');
  const before = await frameStats(page);
  await page.evaluate(() => document.getElementById('scene-seed').focus());
  await page.press('Enter');
  const reseeded = await waitFor(page, () => {
    const scene = document.getElementById('scene');
    return scene.dataset.state === 'ready' && scene.dataset.seed !== '2026' ? { ...scene.dataset } : null;
  }, null, { what: 'the scene with a new seed', timeout: 60000 });
  assert.equal(await page.evaluate(() => document.getElementById('scene-seed-value').textContent), reseeded.seed);
  const after = await frameStats(page);
  assert.notDeepEqual(after, before, 'another seed, another frame');
  await waitFor(page, (seed) => [...document.querySelectorAll('procedural-texture.map-view')]
    .every((e) => e.texture?.seed === Number(seed)), reseeded.seed, { what: 'the map views at the new seed', timeout: 60000 });

  await page.evaluate(() => {
    const select = document.getElementById('scene-size');
    select.value = '512';
    select.dispatchEvent(new Event('change'));
  });
  const smaller = await waitFor(page, () => {
    const scene = document.getElementById('scene');
    return scene.dataset.state === 'ready' && scene.dataset.size === '512' ? { ...scene.dataset } : null;
  }, null, { what: 'the scene at 512', timeout: 60000 });
  assert.equal(smaller.seed, reseeded.seed);
  assert.deepEqual(page.problems, []);
  await page.close();
});
