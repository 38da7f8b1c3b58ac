// `npm run bench -- blur`: the glass blur (three box blurs, cpp/blur/NOTES.md)
// per frame of a 720 x 450 night sky (the half-resolution sky of a 1440 x 900
// window), at r = 8 and r = 20, three ways of doing the job:
//   whole    the whole sky, exact;
//   bars     only what lies behind the glass: a 720 x 32 top bar and a 140 x 418
//            sidebar below it (two crops, each the rectangle grown by 3r), exact:
//            the same bytes as those rectangles of the whole sky's blur;
//   quarter  the whole sky in quarter mode (half resolution at (r + 1) / 2,
//            scaled back): not the specification's bytes, the same on every path.
// Contenders: the per-byte JS specification (worker/blur-spec.js, whole only),
// the sliding-sum JS fallback (worker/blur-sliding.js), the wasm kernel scalar
// and SIMD through the blur worker's own ops (worker/blur-ops.js), boxBlur() as
// a user calls it, and, apart (another computation: not byte-comparable),
// StackBlur (npm stackblur-canvas, imageDataRGBA at the same radius, whole only).
// This file runs in Node and, bundled, in the Chromium bench worker: nothing Node-only.
import { imageDataRGBA } from 'stackblur-canvas';
import { boxBlurSpec } from '../worker/blur-spec.js';
import { boxBlurQuarter, boxBlurSliding } from '../worker/blur-sliding.js';
import { blurOps, wasmBlurBackend } from '../worker/blur-ops.js';
import { unwrapTransfer } from '../common/protocol.js';
import { packageEntry } from './lib/measure.mjs';
import { BARS, SKY_SIZE, skyImage } from '../fixtures/blur-images.js';

export const { width: WIDTH, height: HEIGHT } = SKY_SIZE;
export const RADII = [8, 20];
export const WAYS = ['whole', 'bars', 'quarter'];
// The glass of a 1440 x 900 window at half resolution (fixtures/blur-images.js).
export { BARS };
const SEED = 20261201;

let sky;
function theSky({ width, height, seed }) {
  if (!sky || sky.width !== width || sky.height !== height || sky.seed !== seed) sky = { ...skyImage(width, height, seed), seed };
  return sky;
}

/**
 * Copies of the sky that a run may consume (blur in place, or move to a worker), as a user's own ImageData from
 * getImageData each frame: made untimed, in after() following each run, as many as the run took (a copy is made
 * inside a run only when none is ready: the untimed correctness and warm-up runs).
 */
function freshSkies() {
  const ready = [];
  let taken = 0;
  const make = (p) => {
    const { data, width, height } = theSky(p);
    return { data: data.slice(), width, height };
  };
  return {
    take: (p) => {
      taken++;
      return ready.pop() ?? make(p);
    },
    refill: (p) => {
      for (; taken > 0; taken--) ready.push(make(p));
    },
  };
}

/** FNV-1a over the 32-bit words of each output: computed only when outputs are compared, never while timed. */
function digestOf(outputs) {
  return {
    toJSON() {
      return outputs.map((bytes) => {
        const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
        let h = 0x811c9dc5;
        for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 16777619);
        return `${bytes.length}:${(h >>> 0).toString(16).padStart(8, '0')}`;
      }).join(' ');
    },
  };
}

/**
 * One frame the way `way` does it, with `blur(image, radius, {rect, quality})` -> bytes (sync or async):
 * whole: one call; bars: one call per bar; quarter: one call, quality 'quarter'.
 */
async function frame(blur, p, { fresh, freshBars = false } = {}) {
  const image = theSky(p);
  if (p.way === 'bars') {
    const out = [];
    for (const rect of BARS) out.push(await blur(freshBars ? fresh.take(p) : image, p.radius, { rect, quality: 'exact' }));
    return digestOf(out);
  }
  return digestOf([await blur(fresh ? fresh.take(p) : image, p.radius, { quality: p.way === 'quarter' ? 'quarter' : 'exact' })]);
}

function oursContender(simd) {
  return {
    label: `ours wasm ${simd ? 'SIMD' : 'scalar'}`,
    detail: `blurOps(wasmBlurBackend(...)).blur() of worker/blur-ops.js over build/wasm/out/blur${simd ? '.simd' : ''}.wasm,`
      + ' as the blur worker runs a boxBlur() job with transfer: true on the pixels it was sent (a fresh copy of the'
      + ' sky per call, made untimed): copied into heap buffers kept between calls (for a bar only the window its blur'
      + ' reads), one wasm call (blur in place for the whole sky, blur_rect per bar or in quarter mode), the result'
      + ' copied out into the start of the pixels it was sent (warm: the same instance every run)',
    async setup(env) {
      const ops = blurOps(wasmBlurBackend(await env.emscripten('blur', { simd })));
      const fresh = freshSkies();
      const blur = (image, radius, { rect, quality }) => unwrapTransfer(ops.blur({ ...image, radius, rect, quality })).result.data;
      return { run: (p) => frame(blur, p, { fresh, freshBars: true }), after: (p) => fresh.refill(p) };
    },
  };
}

/**
 * The SIMD kernel alone: the sky already in the heap, scratch and output allocated once (untimed); timed: the wasm
 * calls only (whole: a copy of the sky within the heap, then blur in place). Shows what the ops row adds (heap
 * allocation, copying in and out).
 */
const kernelContender = {
  label: 'ours wasm SIMD, kernel only',
  detail: 'the wasm calls of build/wasm/out/blur.simd.wasm on a heap filled beforehand (untimed): whole = copyWithin of'
    + ' the sky inside the heap + blur in place, bars = blur_rect per bar, quarter = blur_rect quality 1; no heap'
    + ' allocation, no copy in or out (the output checked through views on the heap)',
  async setup(env) {
    const wasm = await env.emscripten('blur', { simd: true });
    let heap;
    const check = (status) => {
      if (status !== 0) throw new Error(wasm.error_message(status));
    };
    return {
      prepare(p) {
        const image = theSky(p);
        const { width: w, height: h, radius: r } = p;
        const bytes = w * h * 4;
        if (!heap) {
          heap = { pixels: wasm._malloc(bytes), work: wasm._malloc(bytes), out: wasm._malloc(bytes) };
        }
        heap.scratchBytes = Math.max(wasm.scratch_size(w, h, r), wasm.rect_scratch_size(w, h, 0, 0, w, h, r, 1),
          ...BARS.map((b) => wasm.rect_scratch_size(w, h, b.x, b.y, b.width, b.height, r, 0)));
        if (heap.scratch) wasm._free(heap.scratch);
        heap.scratch = wasm._malloc(heap.scratchBytes);
        wasm.HEAPU8.set(image.data, heap.pixels);
      },
      run({ way, width: w, height: h, radius: r }) {
        const bytes = w * h * 4;
        const { pixels, work, out, scratch, scratchBytes } = heap;
        if (way === 'whole') {
          wasm.HEAPU8.copyWithin(work, pixels, pixels + bytes);
          check(wasm.blur(work, bytes, w, h, r, scratch, scratchBytes));
          return digestOf([wasm.HEAPU8.subarray(work, work + bytes)]);
        }
        if (way === 'quarter') {
          check(wasm.blur_rect(pixels, bytes, w, h, 0, 0, w, h, r, 1, out, bytes, scratch, scratchBytes));
          return digestOf([wasm.HEAPU8.subarray(out, out + bytes)]);
        }
        const views = [];
        let at = out;
        for (const b of BARS) {
          const n = b.width * b.height * 4;
          check(wasm.blur_rect(pixels, bytes, w, h, b.x, b.y, b.width, b.height, r, 0, at, n, scratch, scratchBytes));
          views.push([at, n]);
          at += n;
        }
        return digestOf(views.map(([o, n]) => wasm.HEAPU8.subarray(o, o + n)));
      },
    };
  },
};

const contenders = {
  simd: oursContender(true),
  'simd-kernel': kernelContender,
  scalar: oursContender(false),
  sliding: {
    label: 'ours sliding-sum JS',
    detail: 'boxBlurSliding() (exact) and boxBlurQuarter() of worker/blur-sliding.js: the fallback where no wasm build passes'
      + ' its self-test; running sums and a division table, crops computing only the grown rectangle',
    async setup() {
      const blur = (image, radius, { rect, quality }) => (quality === 'quarter' ? boxBlurQuarter : boxBlurSliding)(image, radius, { rect }).data;
      return { run: (p) => frame(blur, p) };
    },
  },
  spec: {
    label: 'JS specification (per byte)',
    detail: 'boxBlurSpec() of worker/blur-spec.js: 2r + 1 reads per channel and pass (the reference)',
    async setup() {
      return { run: (p) => frame((image, radius, { rect }) => boxBlurSpec(image, radius, { rect }).data, p) };
    },
  },
  api: {
    label: 'ours boxBlur() API',
    detail: 'boxBlur(image, radius, {rect, quality}) of the package as users import it (Chromium: dist/api.js, from this'
      + ' worker; Node: dist/node.js): the page-wide blur worker, kept between calls (started untimed by the correctness'
      + ' run); the whole sky and quarter mode as a StackBlur user blurs their own ImageData: a fresh copy of the sky'
      + ' (made untimed before each run, as getImageData makes one per frame) moved to the worker with {transfer: true}'
      + ' and the result transferred back in the same buffer; bars: one call per bar on the shared sky (copied: only'
      + ' the window each bar\'s blur reads)',
    async setup(env) {
      const { boxBlur } = await import(packageEntry(env));
      const fresh = freshSkies();
      const blur = async (image, radius, options) => (await boxBlur(image, radius, { ...options, transfer: !options.rect })).data;
      return { run: (p) => frame(blur, p, { fresh }), after: (p) => fresh.refill(p) };
    },
  },
  stackblur: {
    label: 'StackBlur (stackblur-canvas imageDataRGBA), not byte-comparable',
    detail: 'imageDataRGBA(imageData, 0, 0, 720, 450, radius) of npm stackblur-canvas, in place on the user\'s own'
      + ' ImageData as its users call it: a fresh copy of the sky made untimed before each run (as getImageData makes'
      + ' one per frame); one stack blur at the same radius, a different (near-Gaussian) kernel, so not'
      + ' byte-comparable: its output is checked among its own runs and across engines only',
    package: 'stackblur-canvas',
    async setup() {
      const fresh = freshSkies();
      return {
        run(p) {
          const image = fresh.take(p);
          imageDataRGBA(image, 0, 0, image.width, image.height, p.radius);
          return digestOf([image.data]);
        },
        after: (p) => fresh.refill(p),
      };
    },
  },
};

export function caseId(way, radius) {
  return `${way}-r${radius}`;
}

const WAY_LABEL = {
  whole: 'the whole sky, exact',
  bars: 'a 720 x 32 top bar and a 140 x 418 sidebar (two crops), exact',
  quarter: 'the whole sky, quarter mode (not the specification\'s bytes; the same on every path)',
};

function cases() {
  return RADII.flatMap((radius) => WAYS.map((way) => ({
    id: caseId(way, radius),
    label: `${WIDTH} x ${HEIGHT} sky, r = ${radius}: ${WAY_LABEL[way]}${way === 'whole' ? '; StackBlur apart (not byte-comparable)' : ''}`,
    params: { way, radius, width: WIDTH, height: HEIGHT, seed: SEED },
    contenders: way === 'whole'
      ? ['simd', 'simd-kernel', 'scalar', 'api', 'sliding', 'spec', 'stackblur']
      : ['simd', 'simd-kernel', 'scalar', 'api', 'sliding'],
    ...(way === 'whole' ? { apart: ['stackblur'] } : {}),
    baseline: 'sliding',
  })));
}

// Issue 13 §5, as ratios in one Chromium run. The headline is what a user of boxBlur() gets (the API row: the copy,
// the trip to the blur worker and back, the heap copies, the kernel) against what a StackBlur user gets; the ops
// and kernel-only rows say where the API's time goes.
function targets() {
  return RADII.flatMap((radius) => {
    const whole = caseId('whole', radius);
    const bars = caseId('bars', radius);
    return [
      { label: `Chromium r=${radius}: ours boxBlur() API, whole sky >= 20x faster than the sliding-sum JS`,
        a: ['chromium', whole, 'api'], b: ['chromium', whole, 'sliding'], faster: 20 },
      { label: `Chromium r=${radius}: ours boxBlur() API, whole sky >= 10x faster than StackBlur`,
        a: ['chromium', whole, 'api'], b: ['chromium', whole, 'stackblur'], faster: 10 },
      { label: `Chromium r=${radius}: ours SIMD, the bars crop >= 3x faster again than SIMD whole`,
        a: ['chromium', bars, 'simd'], b: ['chromium', whole, 'simd'], faster: 3 },
      { label: `Chromium r=${radius}: (the worker's ops) ours SIMD, whole sky >= 20x faster than the sliding-sum JS`,
        a: ['chromium', whole, 'simd'], b: ['chromium', whole, 'sliding'], faster: 20 },
      { label: `Chromium r=${radius}: (the worker's ops) ours SIMD, whole sky >= 10x faster than StackBlur`,
        a: ['chromium', whole, 'simd'], b: ['chromium', whole, 'stackblur'], faster: 10 },
      { label: `Chromium r=${radius}: (kernel only) ours SIMD, whole sky >= 20x faster than the sliding-sum JS`,
        a: ['chromium', whole, 'simd-kernel'], b: ['chromium', whole, 'sliding'], faster: 20 },
      { label: `Chromium r=${radius}: (kernel only) ours SIMD, whole sky >= 10x faster than StackBlur`,
        a: ['chromium', whole, 'simd-kernel'], b: ['chromium', whole, 'stackblur'], faster: 10 },
      { label: `Chromium r=${radius}: (kernel only) ours SIMD, the bars crop >= 3x faster again than SIMD whole`,
        a: ['chromium', bars, 'simd-kernel'], b: ['chromium', whole, 'simd-kernel'], faster: 3 },
    ];
  });
}

export default {
  title: `the glass blur (three box blurs) of a ${WIDTH} x ${HEIGHT} sky per frame, r = ${RADII.join(' and ')}: whole, the bars' crops, quarter mode`,
  // A frame takes milliseconds and the host is shared: 11 timed rounds (the spec's ~1-6 s calls make most of the time).
  settings: { runs: 11 },
  contenders,
  cases,
  targets,
};
