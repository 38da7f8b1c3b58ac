// Quick per-frame timings of every blur path at 720x450, r = 8 and 20, in one
// Node process, contenders alternating round by round so they share the
// host's noise. Not a benchmark (npm run bench -- blur is); the numbers in
// cpp/blur/NOTES.md come from here. Needs the wasm builds (scripts/build.sh).
//   node bench/ab/blur-timing.mjs [rounds]
import { boxBlurSpec } from '../../worker/blur-spec.js';
import { boxBlurSliding } from '../../worker/blur-sliding.js';
import { median } from '../lib/measure.mjs';
import { fileURLToPath } from 'node:url';
import { nodeEnv } from '../lib/node-env.mjs';
import { BARS, SKY_SIZE } from '../../fixtures/blur-images.js';

const ROUNDS = Number(process.argv[2] ?? 15);
const { width: W, height: H } = SKY_SIZE;

const image = { data: new Uint8ClampedArray(W * H * 4), width: W, height: H };
for (let i = 0; i < image.data.length; i++) image.data[i] = (Math.imul(i, 2654435761) >>> 24);

function wasmPaths(wasm, r) {
  const bytes = W * H * 4;
  const pixels = wasm._malloc(bytes);
  const work = wasm._malloc(bytes);
  const out = wasm._malloc(bytes);
  const scratchBytes = Math.max(wasm.scratch_size(W, H, r), wasm.rect_scratch_size(W, H, 0, 0, W, H, r, 1),
    ...BARS.map((b) => wasm.rect_scratch_size(W, H, b.x, b.y, b.width, b.height, r, 0)));
  const scratch = wasm._malloc(scratchBytes);
  wasm.HEAPU8.set(image.data, pixels);
  const check = (status) => { if (status !== 0) throw new Error(wasm.error_message(status)); };
  return {
    whole: () => {
      wasm.HEAPU8.copyWithin(work, pixels, pixels + bytes);
      check(wasm.blur(work, bytes, W, H, r, scratch, scratchBytes));
    },
    bars: () => {
      for (const b of BARS) {
        check(wasm.blur_rect(pixels, bytes, W, H, b.x, b.y, b.width, b.height, r, 0, out, bytes, scratch, scratchBytes));
      }
    },
    quarter: () => check(wasm.blur_rect(pixels, bytes, W, H, 0, 0, W, H, r, 1, out, bytes, scratch, scratchBytes)),
  };
}

const env = nodeEnv(fileURLToPath(new URL('../../', import.meta.url)));
const simd = await env.emscripten('blur', { simd: true });
const scalar = await env.emscripten('blur', { simd: false });

for (const r of [8, 20]) {
  const s = wasmPaths(simd, r), c = wasmPaths(scalar, r);
  const contenders = {
    'spec (per-byte JS)': () => boxBlurSpec(image, r),
    'sliding JS, whole': () => boxBlurSliding(image, r),
    'sliding JS, bars': () => BARS.forEach((rect) => boxBlurSliding(image, r, { rect })),
    'wasm scalar, whole': c.whole,
    'wasm SIMD, whole': s.whole,
    'wasm SIMD, bars': s.bars,
    'wasm SIMD, quarter whole': s.quarter,
    'wasm scalar, bars': c.bars,
  };
  const times = Object.fromEntries(Object.keys(contenders).map((k) => [k, []]));
  for (const f of Object.values(contenders)) f();   // warm up (V8 tiers up between calls)
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, f] of Object.entries(contenders)) {
      if (name.startsWith('spec') && round >= 3) continue;   // ~1 s a call
      const t = performance.now();
      f();
      times[name].push(performance.now() - t);
    }
  }
  const sliding = median(times['sliding JS, whole']);
  const simdWhole = median(times['wasm SIMD, whole']);
  console.log(`\n720x450, r=${r}, Node ${process.version}, medians of ${ROUNDS} rounds (spec: 3)`);
  for (const [name, list] of Object.entries(times)) {
    const ms = median(list);
    console.log(`  ${name.padEnd(26)} ${ms.toFixed(2).padStart(8)} ms   sliding/this ${(sliding / ms).toFixed(1).padStart(6)}x   SIMD whole/this ${(simdWhole / ms).toFixed(2).padStart(5)}x`);
  }
}
