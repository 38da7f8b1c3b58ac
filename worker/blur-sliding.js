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
//
// Quarter mode (boxBlurQuarter) is the kernel's, step for step (cpp/blur/
// quarter.cpp, resample_scalar.cpp): the same window, halving, radius and
// scaling back, so it gives the wasm builds' quarter-mode bytes exactly
// (tests/js/blur-api.test.js). Those bytes are not the specification's.
import { blurInputWindow, growRect, halfRadius } from '../common/blur-window.js';

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

  // Every buffer below is in the coordinates of g, the rectangle grown by 3r
  // (each of the three passes reads r further in its direction).
  const g = growRect(target, 3 * radius, width, height);
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

/** Each 2 x 2 block of `win` of `image` as its rounded mean; an odd last row or column pairs with itself. */
function halve(image, win) {
  const w = (win.width + 1) >> 1;
  const h = (win.height + 1) >> 1;
  const src = image.data;
  const stride = image.width * 4;
  const data = new Uint8ClampedArray(w * h * 4);
  for (let j = 0; j < h; j++) {
    const top = (win.y + 2 * j) * stride + win.x * 4;
    const bottom = (win.y + Math.min(2 * j + 1, win.height - 1)) * stride + win.x * 4;
    for (let i = 0; i < w; i++) {
      const left = 8 * i;
      const right = Math.min(2 * i + 1, win.width - 1) * 4;
      for (let c = 0; c < 4; c++) {
        data[(j * w + i) * 4 + c] = (src[top + left + c] + src[top + right + c] + src[bottom + left + c] + src[bottom + right + c] + 2) >> 2;
      }
    }
  }
  return { data, width: w, height: h };
}

/** Full-resolution row or column n lies a quarter pixel from half pixel n / 2, towards its neighbour on n's side (clamped). */
function neighbour(n, halfSize) {
  const i = n >> 1;
  if (n & 1) return i + 1 < halfSize ? i + 1 : halfSize - 1;
  return i > 0 ? i - 1 : 0;
}

/** `rect` (in the half image's full-resolution coordinates) scaled back bilinearly: 9:3:3:1, rounded. */
function scaleBack(small, rect) {
  const { width: w, height: h } = small;
  const src = small.data;
  const out = new Uint8ClampedArray(rect.width * rect.height * 4);
  let o = 0;
  for (let y = 0; y < rect.height; y++) {
    const yy = rect.y + y;
    const near = (yy >> 1) * w * 4;
    const far = neighbour(yy, h) * w * 4;
    for (let x = 0; x < rect.width; x++) {
      const xx = rect.x + x;
      const nearX = (xx >> 1) * 4;
      const farX = neighbour(xx, w) * 4;
      for (let c = 0; c < 4; c++) {
        const colNear = 3 * src[near + nearX + c] + src[far + nearX + c];
        const colFar = 3 * src[near + farX + c] + src[far + farX + c];
        out[o++] = (3 * colNear + colFar + 8) >> 4;
      }
    }
  }
  return out;
}

/**
 * Quarter mode, as the wasm kernel computes it: the window blurInputWindow()
 * gives for 'quarter' is halved, blurred three times at radius (r + 1) / 2 and
 * scaled back over `rect` (default the whole image). Not the specification's
 * bytes; the same bytes as the wasm builds' quarter mode.
 */
export function boxBlurQuarter(image, radius, { rect } = {}) {
  const target = rect ?? { x: 0, y: 0, width: image.width, height: image.height };
  if (target.width === 0 || target.height === 0) {
    return { data: new Uint8ClampedArray(0), width: target.width, height: target.height };
  }
  const g = blurInputWindow(target, radius, 'quarter', image.width, image.height);
  const small = boxBlurSliding(halve(image, g), halfRadius(radius));
  const data = scaleBack(small, { x: target.x - g.x, y: target.y - g.y, width: target.width, height: target.height });
  return { data, width: target.width, height: target.height };
}
