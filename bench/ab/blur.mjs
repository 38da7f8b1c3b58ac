// A/B of two SIMD blur builds in one Node process: the kernel on a filled heap
// (whole sky in place, the two bars through blur_rect), 720x450, r = 8 and 20,
// the builds alternating round by round (order swapped every round) so they
// share the host's noise; outputs compared byte for byte. Not a test.
//   node bench/ab/blur.mjs <dir A> <dir B> [rounds]   (each dir: blur.simd.mjs + .wasm)
// AB_NO_CHECK=1 times builds that differ on purpose (e.g. one with a pass type
// left out, to see what share of the time the other takes).
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { join, resolve } from 'node:path';
import { median } from '../lib/measure.mjs';

const [dirA, dirB] = process.argv.slice(2, 4).map((d) => resolve(d));
const ROUNDS = Number(process.argv[4] ?? 101);
const W = 720, H = 450, BYTES = W * H * 4;
const BARS = [{ x: 0, y: 0, width: 720, height: 32 }, { x: 0, y: 32, width: 140, height: 418 }];
const image = new Uint8Array(BYTES);
for (let i = 0; i < BYTES; i++) image[i] = Math.imul(i, 2654435761) >>> 24;

async function load(dir) {
  const { default: create } = await import(pathToFileURL(join(dir, 'blur.simd.mjs')).href);
  return create({ wasmBinary: await readFile(join(dir, 'blur.simd.wasm')) });
}

function paths(wasm, r) {
  const pixels = wasm._malloc(BYTES), work = wasm._malloc(BYTES), out = wasm._malloc(BYTES);
  const scratchBytes = Math.max(wasm.scratch_size(W, H, r),
    ...BARS.map((b) => wasm.rect_scratch_size(W, H, b.x, b.y, b.width, b.height, r, 0)));
  const scratch = wasm._malloc(scratchBytes);
  wasm.HEAPU8.set(image, pixels);
  const check = (status) => { if (status !== 0) throw new Error(wasm.error_message(status)); };
  return {
    // `keep`: copy the outputs out (only in the untimed comparison).
    whole: (keep) => {
      wasm.HEAPU8.copyWithin(work, pixels, pixels + BYTES);
      check(wasm.blur(work, BYTES, W, H, r, scratch, scratchBytes));
      return keep && wasm.HEAPU8.slice(work, work + BYTES);
    },
    bars: (keep) => {
      const got = [];
      for (const b of BARS) {
        check(wasm.blur_rect(pixels, BYTES, W, H, b.x, b.y, b.width, b.height, r, 0, out, BYTES, scratch, scratchBytes));
        if (keep) got.push(wasm.HEAPU8.slice(out, out + b.width * b.height * 4));
      }
      return got;
    },
  };
}

const same = (a, b) => a.length === b.length && a.every((x, i) => x === b[i]);
const [A, B] = [await load(dirA), await load(dirB)];
for (const r of [8, 20]) {
  const pa = paths(A, r), pb = paths(B, r);
  for (const way of ['whole', 'bars']) {
    const a = pa[way](true), b = pb[way](true);
    const equal = way === 'whole' ? same(a, b) : a.every((x, i) => same(x, b[i]));
    if (!equal && !process.env.AB_NO_CHECK) throw new Error(`r=${r} ${way}: A and B differ`);
    const t = { A: [], B: [] };
    for (let round = 0; round < ROUNDS; round++) {
      const order = round % 2 ? [['B', pb], ['A', pa]] : [['A', pa], ['B', pb]];
      for (const [name, p] of order) {
        const start = performance.now();
        p[way]();
        t[name].push(performance.now() - start);
      }
    }
    const [ma, mb] = [median(t.A), median(t.B)];
    const [na, nb] = [Math.min(...t.A), Math.min(...t.B)];
    console.log(`r=${r} ${way.padEnd(5)} median A ${ma.toFixed(3)} B ${mb.toFixed(3)} ms (A/B ${(ma / mb).toFixed(2)}x)`
      + `  min A ${na.toFixed(3)} B ${nb.toFixed(3)} (A/B ${(na / nb).toFixed(2)}x)  identical`);
  }
}
