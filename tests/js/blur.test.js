// The glass blur, byte for byte: the per-byte specification
// (worker/blur-spec.js) against the sliding-sum JS fallback and both wasm
// builds (SIMD and scalar), on radii 0..30 and 64 (and where the SIMD division
// changes), sizes 1x1, 1xN, Nx1, 2x2 and 720x450, random and smooth images,
// whole images and crops at corners, edges and one pixel wide. Quarter mode
// stays within the error recorded in cpp/blur/NOTES.md.
// Run with --disallow-code-generation-from-strings (embind must not eval).
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { boxBlurSpec, cropImage } from '../../worker/blur-spec.js';
import { boxBlurSliding } from '../../worker/blur-sliding.js';
import { BUILDS, loadWasm } from './wasm-node.js';
import { blockImage, crops, noiseImage, skyImage } from '../../fixtures/blur-images.js';

const QUALITY = { exact: 0, quarter: 1 };

// One wasm call over the heap, as the worker makes it: the whole image in
// place, or a rectangle into its own output.
function wasmBlur(wasm, image, radius, { rect, quality = 'exact' } = {}) {
  const { width, height } = image;
  const bytes = width * height * 4;
  const pixels = wasm._malloc(Math.max(bytes, 1));
  wasm.HEAPU8.set(image.data, pixels);
  try {
    if (!rect && quality === 'exact') {
      const size = wasm.scratch_size(width, height, radius);
      const scratch = wasm._malloc(Math.max(size, 1));
      const status = wasm.blur(pixels, bytes, width, height, radius, scratch, size);
      wasm._free(scratch);
      assert.equal(status, 0, wasm.error_message(status));
      return { data: new Uint8ClampedArray(wasm.HEAPU8.slice(pixels, pixels + bytes)), width, height };
    }
    const r = rect ?? { x: 0, y: 0, width, height };
    const q = QUALITY[quality];
    const outBytes = r.width * r.height * 4;
    const size = wasm.rect_scratch_size(width, height, r.x, r.y, r.width, r.height, radius, q);
    const out = wasm._malloc(Math.max(outBytes, 1));
    const scratch = wasm._malloc(Math.max(size, 1));
    const status = wasm.blur_rect(pixels, bytes, width, height, r.x, r.y, r.width, r.height, radius, q,
      out, outBytes, scratch, size);
    const data = new Uint8ClampedArray(wasm.HEAPU8.slice(out, out + outBytes));
    wasm._free(out);
    wasm._free(scratch);
    assert.equal(status, 0, wasm.error_message(status));
    return { data, width: r.width, height: r.height };
  } finally {
    wasm._free(pixels);
  }
}

// The first differing byte, named, so a failure says where.
function assertSameImage(actual, expected, what) {
  assert.equal(actual.width, expected.width, `${what}: width`);
  assert.equal(actual.height, expected.height, `${what}: height`);
  for (let i = 0; i < expected.data.length; i++) {
    if (actual.data[i] !== expected.data[i]) {
      const pixel = i >> 2;
      assert.fail(`${what}: pixel (${pixel % expected.width}, ${Math.floor(pixel / expected.width)}) ` +
        `channel ${i & 3} is ${actual.data[i]}, the specification says ${expected.data[i]}`);
    }
  }
}

function largestError(a, b) {
  let worst = 0;
  for (let i = 0; i < a.data.length; i++) worst = Math.max(worst, Math.abs(a.data[i] - b.data[i]));
  return worst;
}

const SMALL_SIZES = [[1, 1], [1, 13], [13, 1], [2, 2], [3, 5], [17, 4], [33, 20]];
const RADII = [...Array.from({ length: 31 }, (_, r) => r), 64];

const builds = {};
before(async () => {
  for (const [variant, simd] of BUILDS) builds[variant] = await loadWasm('blur', simd);
});

// Every implementation on one image and radius: whole, and each crop.
function checkAll(image, radius, what, { rects = crops(image.width, image.height, radius), spec } = {}) {
  const want = spec ?? boxBlurSpec(image, radius);
  assertSameImage(boxBlurSliding(image, radius), want, `${what} sliding`);
  for (const [variant] of BUILDS) assertSameImage(wasmBlur(builds[variant], image, radius), want, `${what} ${variant}`);
  for (const rect of rects) {
    const cut = cropImage(want, rect);
    const where = `${what} rect ${rect.x},${rect.y} ${rect.width}x${rect.height}`;
    assertSameImage(boxBlurSliding(image, radius, { rect }), cut, `${where} sliding`);
    for (const [variant] of BUILDS) {
      assertSameImage(wasmBlur(builds[variant], image, radius, { rect }), cut, `${where} ${variant}`);
    }
  }
}

describe('blur: sliding JS and wasm (SIMD, scalar) give the specification\'s bytes', () => {
  test('both wasm builds pass their self-test and name their variant', () => {
    assert.equal(builds.simd.self_test(), true);
    assert.equal(builds.scalar.self_test(), true);
    assert.equal(builds.simd.kernel_variant(), 'simd');
    assert.equal(builds.scalar.kernel_variant(), 'scalar');
  });

  test('small images at radii 0..30 and 64, random and smooth, whole and cropped', () => {
    for (const [w, h] of SMALL_SIZES) {
      for (const r of RADII) {
        checkAll(noiseImage(w, h, w * 1000 + h * 10 + r), r, `noise ${w}x${h} r=${r}`);
        checkAll(blockImage(w, h, r), r, `blocks ${w}x${h} r=${r}`);
      }
    }
  });

  test('radii where the SIMD division changes (63/64, 100/101) and up to 255', () => {
    for (const [w, h] of [[1, 1], [3, 2], [17, 9]]) {
      for (const r of [40, 41, 63, 64, 100, 101, 128, 255]) checkAll(noiseImage(w, h, r), r, `noise ${w}x${h} r=${r}`);
    }
  });

  test('a 720x450 sky and noise at r = 0, 1, 8 and 20, whole, a top bar, a sidebar, corners and one-pixel lines', () => {
    const rects = [
      { x: 0, y: 0, width: 720, height: 56 }, { x: 0, y: 56, width: 180, height: 394 },
      ...crops(720, 450, 7),
    ];
    for (const r of [0, 1, 8, 20]) checkAll(noiseImage(720, 450, r), r, `noise 720x450 r=${r}`, { rects });
    for (const r of [8]) checkAll(skyImage(720, 450, r), r, `sky 720x450 r=${r}`, { rects });
  });

  test('a 720x450 image at every radius 0..30 and 64: wasm against the sliding JS (itself equal to the spec above)', () => {
    for (const r of RADII) {
      const image = noiseImage(720, 450, 100 + r);
      const want = boxBlurSliding(image, r);
      for (const [variant] of BUILDS) assertSameImage(wasmBlur(builds[variant], image, r), want, `r=${r} ${variant}`);
    }
  });
});

describe('blur wasm builds: parameters and memory', () => {
  for (const [variant] of BUILDS) {
    test(`${variant}: refuses a radius over 255 and a rectangle outside the image, naming them`, () => {
      const wasm = builds[variant];
      const p = wasm._malloc(64);
      assert.equal(wasm.blur(p, 64, 4, 4, 256, p, 64), 4);
      assert.match(wasm.error_message(4), /^radius/);
      assert.equal(wasm.blur_rect(p, 64, 4, 4, 3, 0, 2, 1, 1, 0, p, 64, p, 64), 6);
      assert.match(wasm.error_message(6), /^rect\.x \+ rect\.width/);
      assert.equal(wasm.blur_rect(p, 64, 4, 4, 0, 0, 4, 4, 1, 2, p, 64, p, 64), 8);
      assert.equal(wasm.blur(p, 64, 4, 4, 1, p, 1), 10);
      wasm._free(p);
    });

    test(`${variant}: memory does not grow across a hundred blurs`, () => {
      const wasm = builds[variant];
      const image = noiseImage(360, 225, 3);
      wasmBlur(wasm, image, 8);
      wasmBlur(wasm, image, 8, { rect: { x: 0, y: 0, width: 360, height: 30 } });
      const size = wasm.HEAPU8.length;
      for (let i = 0; i < 50; i++) {
        wasmBlur(wasm, image, 8);
        wasmBlur(wasm, image, 8, { rect: { x: 0, y: 0, width: 360, height: 30 } });
      }
      assert.equal(wasm.HEAPU8.length, size);
    });
  }
});

// The largest difference from the exact blur, as recorded in cpp/blur/NOTES.md.
const QUARTER_BOUNDS = [
  { image: 'sky', r: 8, bound: 3 }, { image: 'sky', r: 20, bound: 3 },
  { image: 'noise', r: 8, bound: 16 }, { image: 'noise', r: 20, bound: 14 },
];

describe('blur quarter mode (not byte-identical)', () => {
  test('stays within the recorded largest error of the exact blur on a 720x450 sky and noise', () => {
    const images = { sky: skyImage(720, 450, 1), noise: noiseImage(720, 450, 1) };
    for (const { image, r, bound } of QUARTER_BOUNDS) {
      const exact = boxBlurSliding(images[image], r);
      for (const [variant] of BUILDS) {
        const quarter = wasmBlur(builds[variant], images[image], r, { quality: 'quarter' });
        const error = largestError(quarter, exact);
        console.log(`quarter ${variant} ${image} r=${r}: largest error ${error}`);
        assert.ok(error <= bound, `${variant} ${image} r=${r}: ${error} > ${bound}`);
      }
    }
  });

  test('gives the same bytes in the SIMD and the scalar build', () => {
    for (const [w, h, r] of [[720, 450, 8], [33, 20, 3], [1, 13, 5], [13, 1, 0]]) {
      const image = skyImage(w, h, r);
      assertSameImage(wasmBlur(builds.simd, image, r, { quality: 'quarter' }),
        wasmBlur(builds.scalar, image, r, { quality: 'quarter' }), `quarter ${w}x${h} r=${r}`);
    }
  });

  test('a crop of the quarter-mode image is that rectangle of the whole quarter-mode image, inside the margin', () => {
    const image = skyImage(720, 450, 2);
    const whole = wasmBlur(builds.simd, image, 8, { quality: 'quarter' });
    // The grown rectangle starts on even pixels and reaches the image's edges: same halving, same bytes.
    const rect = { x: 0, y: 0, width: 720, height: 56 };
    assertSameImage(wasmBlur(builds.simd, image, 8, { rect, quality: 'quarter' }), cropImage(whole, rect), 'top bar');
  });
});
