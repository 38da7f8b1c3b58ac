// boxBlur() and the blur worker's ops (worker/blur-ops.js): the ops over each
// backend (wasm SIMD, wasm scalar, the sliding-sum JS) driven in this thread
// against the per-byte specification on issue 13's matrix (radii 0..30 and
// 64; 1x1, 1xN, Nx1, 2x2 and 720x450; random and smooth; whole and crops at
// corners, edges and one pixel wide); the JS fallback's quarter mode against
// the kernel's quarter-mode bytes; boxBlur()'s argument checks; and the same
// through the built dist/node.js, in a worker thread kept alive between calls.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { BUILDS, loadWasm } from './wasm-node.js';
import { blockImage, crops, noiseImage, skyImage } from '../../fixtures/blur-images.js';
import { blurOps, jsBlurBackend, wasmBlurBackend } from '../../worker/blur-ops.js';
import { boxBlurQuarter, boxBlurSliding } from '../../worker/blur-sliding.js';
import { boxBlurSpec, cropImage } from '../../worker/blur-spec.js';
import { blurInputWindow } from '../../common/blur-window.js';
import { unwrapTransfer } from '../../common/protocol.js';
import { boxBlur } from '../../api/blur.js';
import { liveWorkerCount } from '../../api/runtime/pool.js';

const RADII = [...Array.from({ length: 31 }, (_, r) => r), 64];
const SMALL_SIZES = [[1, 1], [1, 9], [9, 1], [2, 2], [7, 5]];

const backends = {};
before(async () => {
  for (const [name, simd] of BUILDS) backends[name] = wasmBlurBackend(await loadWasm('blur', simd));
  backends.js = jsBlurBackend();
});

/** The blur op, as the worker runs it: returns the result and its transfer list. */
function blurOp(backend, image, radius, { rect, quality = 'exact' } = {}) {
  const data = new Uint8ClampedArray(image.data);
  const { result, transfer } = unwrapTransfer(blurOps(backend).blur({ data, width: image.width, height: image.height, radius, rect, quality }));
  assert.deepEqual(transfer, [result.data.buffer]);
  return result;
}

function assertSame(actual, expected, what) {
  assert.equal(actual.width, expected.width, `${what}: width`);
  assert.equal(actual.height, expected.height, `${what}: height`);
  assert.ok(actual.data instanceof Uint8ClampedArray, `${what}: a Uint8ClampedArray`);
  const i = actual.data.findIndex((v, k) => v !== expected.data[k]);
  if (i >= 0 || actual.data.length !== expected.data.length) {
    const p = i >> 2;
    assert.fail(`${what}: pixel (${p % expected.width}, ${Math.floor(p / expected.width)}) channel ${i & 3} is ${actual.data[i]}, expected ${expected.data[i]}`);
  }
}

describe('the blur op gives the specification\'s bytes on every backend (SIMD, scalar, sliding JS)', () => {
  test('buffers kept between calls: a small blur after a large one (stale bytes beyond it), results independent of later calls', () => {
    const large = noiseImage(61, 47, 7);
    const small = skyImage(9, 5, 3);
    for (const [name, backend] of Object.entries(backends)) {
      const first = blurOp(backend, large, 12);
      const kept = new Uint8ClampedArray(first.data);
      for (const r of [0, 2, 12]) {
        const want = boxBlurSpec(small, r);
        assertSame(blurOp(backend, small, r), want, `${name}: small after large r=${r}`);
        // The frame path: the input written by fill() into the backend's own buffer, the result a view.
        const view = backend.blurPixels(small.width, small.height, (target) => target.set(small.data), r, { x: 1, y: 1, width: 7, height: 3 }, 'exact');
        assertSame({ data: new Uint8ClampedArray(view), width: 7, height: 3 }, cropImage(want, { x: 1, y: 1, width: 7, height: 3 }), `${name}: blurPixels r=${r}`);
      }
      assert.deepEqual(first.data, kept, `${name}: an earlier result is not touched by later calls`);
    }
  });

  test('small images at radii 0..30 and 64, random and smooth, whole and every crop', () => {
    for (const [w, h] of SMALL_SIZES) {
      for (const r of RADII) {
        for (const [kind, image] of [['noise', noiseImage(w, h, w * 100 + h + r)], ['smooth', skyImage(w, h, r)]]) {
          const want = boxBlurSpec(image, r);
          for (const [name, backend] of Object.entries(backends)) {
            assertSame(blurOp(backend, image, r), want, `${name} ${kind} ${w}x${h} r=${r}`);
            for (const rect of crops(w, h, r)) {
              assertSame(blurOp(backend, image, r, { rect }), cropImage(want, rect), `${name} ${kind} ${w}x${h} r=${r} rect ${JSON.stringify(rect)}`);
            }
          }
        }
      }
    }
  });

  test('720x450 sky and noise at every radius 0..30 and 64: whole, a top bar, a sidebar, corners and one-pixel lines', () => {
    const rects = [{ x: 0, y: 0, width: 720, height: 32 }, { x: 0, y: 32, width: 140, height: 418 }, ...crops(720, 450, 3)];
    for (const r of RADII) {
      const image = r % 2 ? noiseImage(720, 450, r) : skyImage(720, 450, r);
      // The sliding JS is the reference here: blur.test.js holds it to the specification at 720x450 (r = 0, 1, 8, 20).
      const want = r === 8 ? boxBlurSpec(image, r) : boxBlurSliding(image, r);
      if (r === 8) assertSame(boxBlurSliding(image, r), want, 'sliding JS r=8 against the specification');
      for (const name of ['simd', 'scalar']) {
        assertSame(blurOp(backends[name], image, r), want, `${name} 720x450 r=${r}`);
        for (const rect of rects) assertSame(blurOp(backends[name], image, r, { rect }), cropImage(want, rect), `${name} 720x450 r=${r} ${JSON.stringify(rect)}`);
      }
    }
  });
});

describe('quarter mode: the JS fallback gives the kernel\'s bytes', () => {
  test('sliding JS quarter equals wasm SIMD and scalar quarter, whole and cropped, on blocks, noise and sky', () => {
    for (const [w, h] of [...SMALL_SIZES, [33, 20], [720, 450]]) {
      for (const r of [0, 1, 2, 3, 5, 8, 13, 20, 30, 64]) {
        const image = w * h > 10000 ? (r % 2 ? noiseImage(w, h, r) : skyImage(w, h, r)) : blockImage(w, h, r);
        const rects = [undefined, ...crops(w, h, r + 1)];
        for (const rect of rects) {
          const want = blurOp(backends.simd, image, r, { rect, quality: 'quarter' });
          for (const name of ['scalar', 'js']) {
            assertSame(blurOp(backends[name], image, r, { rect, quality: 'quarter' }), want, `${name} quarter ${w}x${h} r=${r} ${JSON.stringify(rect)}`);
          }
        }
      }
    }
  });

  test('a crop of the image to blurInputWindow(), blurred with the rectangle inside it, gives the whole image\'s bytes', () => {
    const image = skyImage(200, 120, 5);
    for (const quality of ['exact', 'quarter']) {
      for (const r of [0, 3, 8]) {
        for (const rect of [{ x: 37, y: 21, width: 50, height: 9 }, { x: 0, y: 0, width: 200, height: 11 }, { x: 151, y: 60, width: 49, height: 60 }]) {
          const window = blurInputWindow(rect, r, quality, 200, 120);
          const inner = { x: rect.x - window.x, y: rect.y - window.y, width: rect.width, height: rect.height };
          assertSame(blurOp(backends.simd, cropImage(image, window), r, { rect: inner, quality }),
            blurOp(backends.simd, image, r, { rect, quality }), `${quality} r=${r} ${JSON.stringify(rect)}`);
        }
      }
    }
  });
});

test('boxBlur refuses bad arguments with a TypeError or RangeError naming them, before any worker starts', async () => {
  const image = { data: new Uint8ClampedArray(16), width: 2, height: 2 };
  const cases = [
    [[null, 1], 'TypeError', /^image must be an object/],
    [[{ data: [0, 0, 0, 0], width: 1, height: 1 }, 1], 'TypeError', /^image\.data must be a Uint8ClampedArray/],
    [[{ data: new Uint8ClampedArray(12), width: 2, height: 2 }, 1], 'RangeError', /^image\.data must hold image\.width \* image\.height \* 4 = 16 bytes, got 12/],
    [[{ data: new Uint8ClampedArray(16), width: 2.5, height: 2 }, 1], 'TypeError', /^image\.width must be an integer/],
    [[{ data: new Uint8ClampedArray(0), width: 32768, height: 0 }, 1], 'RangeError', /^image\.width must be between 0 and 32767/],
    [[{ data: new Uint8ClampedArray(0), width: 20000, height: 20000 }, 1], 'RangeError', /^image\.width \* image\.height must be at most 134217728/],
    [[image, -1], 'RangeError', /^radius must be between 0 and 255, got -1/],
    [[image, 256], 'RangeError', /^radius must be between 0 and 255, got 256/],
    [[image, 1.5], 'TypeError', /^radius must be an integer/],
    [[image, '8'], 'TypeError', /^radius must be an integer/],
    [[image, 1, { quality: 'half' }], 'RangeError', /^quality must be one of exact, quarter, got "half"/],
    [[image, 1, { quality: 1 }], 'TypeError', /^quality must be one of/],
    [[image, 1, { rect: [0, 0, 1, 1] }], 'TypeError', /^rect\.x must be an integer/],
    [[image, 1, { rect: 'all' }], 'TypeError', /^rect must be an object/],
    [[image, 1, { rect: { x: 1, y: 0, width: 2, height: 1 } }], 'RangeError', /^rect\.x \+ rect\.width must be at most image\.width \(2\), got 3/],
    [[image, 1, { rect: { x: 0, y: 2, width: 1, height: 1 } }], 'RangeError', /^rect\.y \+ rect\.height must be at most image\.height \(2\), got 3/],
    [[image, 1, { rect: { x: -1, y: 0, width: 1, height: 1 } }], 'RangeError', /^rect\.x must be between 0 and 2/],
    [[image, 1, { transfer: 'yes' }], 'TypeError', /^transfer must be a boolean/],
    [[image, 1, { worker: {} }], 'TypeError', /^worker must come from createBlurWorker/],
  ];
  for (const [args, name, message] of cases) await assert.rejects(boxBlur(...args), { name, message }, message.source);
  assert.equal(liveWorkerCount(), 0);
});

const NODE_BUILD = new URL('../../dist/node.js', import.meta.url);
test('in Node (dist/node.js): the specification\'s bytes on every path, one worker kept between calls, input copied unless transfer', async (t) => {
  if (!existsSync(NODE_BUILD)) { t.skip('dist/ is not built: run `sh scripts/build.sh`'); return; }
  const api = await import(NODE_BUILD.href);
  const sky = skyImage(720, 450, 8);
  const skyWant = boxBlurSliding(sky, 8);
  try {
    for (const [force, path] of [[undefined, 'simd'], ['scalar', 'scalar'], ['fallback', 'js']]) {
      api.forcePath(force);
      const worker = api.createBlurWorker();
      for (const [w, h] of SMALL_SIZES) {
        for (const r of [0, 1, 2, 7, 30, 64]) {
          const image = noiseImage(w, h, r + w);
          const want = boxBlurSpec(image, r);
          assertSame(await api.boxBlur(image, r, { worker }), want, `${path} ${w}x${h} r=${r}`);
          for (const rect of crops(w, h, r).slice(0, 8)) {
            assertSame(await api.boxBlur(image, r, { rect, worker }), cropImage(want, rect), `${path} ${w}x${h} r=${r} ${JSON.stringify(rect)}`);
          }
        }
      }
      assertSame(await worker.boxBlur(sky, 8), skyWant, `${path} sky 720x450 r=8`);
      const bar = { x: 0, y: 0, width: 720, height: 32 };
      assertSame(await worker.boxBlur(sky, 8, { rect: bar }), cropImage(skyWant, bar), `${path} top bar`);
      assert.equal(worker.path, path);
      worker.terminate();
    }
    api.forcePath(undefined);

    // The page-wide worker: started once, kept between calls.
    const before = api.liveWorkerCount();
    const copy = new Uint8ClampedArray(sky.data);
    const first = await api.boxBlur(sky, 8);
    assert.equal(api.liveWorkerCount(), before + 1, 'the page-wide blur worker is alive');
    for (let i = 0; i < 5; i++) await api.boxBlur(sky, 8, { rect: { x: 10, y: 10, width: 100, height: 30 } });
    assert.equal(api.liveWorkerCount(), before + 1, 'and the same one served every call');
    assertSame(first, skyWant, 'page-wide worker');
    assert.deepEqual(sky.data, copy, 'the input is copied: the caller\'s pixels are untouched');
    const moved = { data: new Uint8ClampedArray(copy), width: 720, height: 450 };
    assertSame(await api.boxBlur(moved, 8, { transfer: true }), skyWant, 'transfer: true');
    assert.equal(moved.data.length, 0, 'transfer: true moves the buffer (detached here)');
    // A rectangle sends only the window its blur reads (copied), or the whole image (transfer: true, windowed in
    // the worker): either way that rectangle of the whole image's blur, in both qualities, empty ones too.
    const noise = noiseImage(97, 61, 5);
    for (const force of [undefined, 'fallback']) {
      api.forcePath(force);
      const worker = api.createBlurWorker();
      for (const r of [3, 8]) {
        const wants = { exact: boxBlurSpec(noise, r), quarter: boxBlurQuarter(noise, r) };
        const rects = [...crops(97, 61, r), { x: 40, y: 20, width: 0, height: 9 }, { x: 97, y: 61, width: 0, height: 0 }];
        for (const quality of ['exact', 'quarter']) {
          for (const rect of rects) {
            const want = cropImage(wants[quality], rect);
            const what = `${force ?? 'simd'} ${quality} r=${r} ${JSON.stringify(rect)}`;
            assertSame(await api.boxBlur(noise, r, { rect, quality, worker }), want, `${what}, copied`);
            const own = { data: new Uint8ClampedArray(noise.data), width: 97, height: 61 };
            assertSame(await api.boxBlur(own, r, { rect, quality, transfer: true, worker }), want, `${what}, transferred`);
          }
        }
      }
      worker.terminate();
    }
    api.forcePath(undefined);
    const view = new Uint8ClampedArray(copy.length + 8).subarray(4, 4 + copy.length);
    view.set(copy);
    await api.boxBlur({ data: view, width: 720, height: 450 }, 8, { transfer: true });
    assert.equal(view.length, copy.length, 'a view on part of a buffer is copied even with transfer: true');
  } finally {
    api.forcePath(undefined);
  }
});
