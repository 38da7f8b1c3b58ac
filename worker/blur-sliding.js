// The glass blur in plain JS with sliding sums: the fallback where no wasm
// build passes its self-test. Byte-identical to worker/blur-spec.js, and laid
// out like the wasm kernel (cpp/blur/): each pass computes only the window the
// next pass reads, so crop mode blurs the rectangle grown by 3r and no more.
//
// A pass keeps a running sum S per channel: each step adds the value entering
// the window and subtracts the one leaving it, so a byte costs the same at any
// radius. The vertical pass keeps one sum per column and walks down the rows,
// never down a column. Division is a table lookup, floor((S + r) / (2r + 1))
// for every S a radius can produce.
import { grownRect } from './blur-spec.js';

/** table[S + r] = floor((S + r) / (2r + 1)) for S = 0 .. 255 (2r + 1). */
function divisionTable(radius) {
  const d = 2 * radius + 1;
  const table = new Uint8Array(255 * d + radius + 1);
  for (let n = 0; n < table.length; n++) table[n] = Math.floor(n / d);
  return table;
}

// A plane: bytes, the offset of its pixel (0, 0), its row stride in bytes and
// its size. Reads clamp to its size; a window is {x, y, width, height} in its
// coordinates.

/** Horizontal pass over `win` of `src` into `dst` (whose pixel (0, 0) is the window's). */
function horizontalPass(src, win, dst, radius, table) {
  const last = src.width - 1;
  const bytes = src.data;
  const out = dst.data;
  for (let y = 0; y < win.height; y++) {
    const row = src.offset + (win.y + y) * src.stride;
    let s0 = radius, s1 = radius, s2 = radius, s3 = radius;
    for (let k = win.x - radius; k <= win.x + radius; k++) {
      const p = row + Math.min(Math.max(k, 0), last) * 4;
      s0 += bytes[p]; s1 += bytes[p + 1]; s2 += bytes[p + 2]; s3 += bytes[p + 3];
    }
    let o = dst.offset + y * dst.stride;
    for (let x = win.x; x < win.x + win.width; x++, o += 4) {
      out[o] = table[s0]; out[o + 1] = table[s1]; out[o + 2] = table[s2]; out[o + 3] = table[s3];
      const enter = row + Math.min(x + radius + 1, last) * 4;
      const leave = row + Math.max(x - radius, 0) * 4;
      s0 += bytes[enter] - bytes[leave];
      s1 += bytes[enter + 1] - bytes[leave + 1];
      s2 += bytes[enter + 2] - bytes[leave + 2];
      s3 += bytes[enter + 3] - bytes[leave + 3];
    }
  }
}

/** Vertical pass over `win` of `src` into `dst`: one running sum per column byte, row by row. */
function verticalPass(src, win, dst, radius, table, sums) {
  const last = src.height - 1;
  const bytes = src.data;
  const out = dst.data;
  const n = win.width * 4;
  const rowAt = (y) => src.offset + Math.min(Math.max(y, 0), last) * src.stride + win.x * 4;
  sums.fill(radius, 0, n);
  for (let k = win.y - radius; k <= win.y + radius; k++) {
    const row = rowAt(k);
    for (let i = 0; i < n; i++) sums[i] += bytes[row + i];
  }
  for (let y = win.y; y < win.y + win.height; y++) {
    const o = dst.offset + (y - win.y) * dst.stride;
    const enter = rowAt(y + radius + 1);
    const leave = rowAt(y - radius);
    for (let i = 0; i < n; i++) {
      const s = sums[i];
      out[o + i] = table[s];
      sums[i] = s + bytes[enter + i] - bytes[leave + i];
    }
  }
}

/** `rect` grown by `margin` on each side, clamped to a width x height plane. */
function grow(rect, marginX, marginY, width, height) {
  const x = Math.max(rect.x - marginX, 0);
  const y = Math.max(rect.y - marginY, 0);
  return {
    x, y,
    width: Math.min(rect.x + rect.width + marginX, width) - x,
    height: Math.min(rect.y + rect.height + marginY, height) - y,
  };
}

/**
 * Three box blurs (docs: Specifications, Blur), byte-identical to
 * boxBlurSpec. With `rect` only that rectangle is computed and returned.
 * Returns a new {data: Uint8ClampedArray, width, height}.
 */
export function boxBlurSliding(image, radius, { rect } = {}) {
  const { width, height } = image;
  const target = rect ?? { x: 0, y: 0, width, height };
  const result = new Uint8ClampedArray(target.width * target.height * 4);
  if (result.length === 0) return { data: result, width: target.width, height: target.height };

  // Every buffer below is in the coordinates of g, the rectangle grown by 3r.
  const g = grownRect(target, 3 * radius, width, height);
  const r = { x: target.x - g.x, y: target.y - g.y, width: target.width, height: target.height };
  const planeOf = (data) => ({ data, offset: 0, stride: g.width * 4, width: g.width, height: g.height });
  const a = planeOf(new Uint8Array(g.width * g.height * 4));
  const b = planeOf(new Uint8Array(g.width * g.height * 4));
  const source = { data: image.data, offset: (g.y * width + g.x) * 4, stride: width * 4, width: g.width, height: g.height };
  const table = divisionTable(radius);
  const sums = new Int32Array(g.width * 4);
  const at = (plane, win) => ({ ...plane, offset: plane.offset + win.y * plane.stride + win.x * 4 });

  let input = source;
  for (let k = 1; k <= 3; k++) {
    // Box k's horizontal pass feeds a vertical pass that reads r rows further
    // up and down; after box k, 3 - k boxes still read (3 - k) r further out.
    const hWin = grow(r, (3 - k) * radius, (4 - k) * radius, g.width, g.height);
    const vWin = grow(r, (3 - k) * radius, (3 - k) * radius, g.width, g.height);
    horizontalPass(input, hWin, at(a, hWin), radius, table);
    const output = k === 3
      ? { data: result, offset: 0, stride: target.width * 4 }
      : at(b, vWin);
    verticalPass(a, vWin, output, radius, table, sums);
    input = b;
  }
  return { data: result, width: target.width, height: target.height };
}
