// A texture map reduced k times in each direction for display: each output
// pixel is the rounded mean of a k x k block of the map (fewer pixels where a
// block runs past the map's right or bottom edge). <procedural-texture> shows
// a 2048 map displayed at 512 device pixels as a 512 canvas: a full-size
// canvas costs the page a 16 MiB canvas update per band (frames of 50-70 ms
// and long tasks in Chromium, measured 2026-12-02), the reduced one 1 MiB.
// The worker reduces each band (bands start at multiples of k), the page
// reduces a finished map when the map shown changes; both call this.

/** Width or height of a side of `n` pixels reduced `k` times. */
export const reducedSide = (n, k) => Math.ceil(n / k);

/**
 * The k x k block means of `rows` rows of an RGBA map `width` pixels wide
 * (`pixels` starts at the first row, which starts a block row): an RGBA array
 * of reducedSide(width, k) x reducedSide(rows, k) pixels. Each channel is
 * floor((sum + n / 2) / n) over the block's n pixels. k = 1 returns a copy.
 */
export function reduceRows(pixels, width, rows, k) {
  if (k === 1) return pixels.slice(0, width * rows * 4);
  const outWidth = reducedSide(width, k), outRows = reducedSide(rows, k);
  const out = new Uint8ClampedArray(outWidth * outRows * 4);
  const sums = new Uint32Array(outWidth * 4);
  for (let oy = 0; oy < outRows; oy++) {
    sums.fill(0);
    const y0 = oy * k, y1 = Math.min(rows, y0 + k);
    for (let y = y0; y < y1; y++) {
      let i = y * width * 4;
      for (let x = 0; x < width; x++, i += 4) {
        const s = ((x / k) | 0) * 4;
        sums[s] += pixels[i];
        sums[s + 1] += pixels[i + 1];
        sums[s + 2] += pixels[i + 2];
        sums[s + 3] += pixels[i + 3];
      }
    }
    for (let ox = 0, o = oy * outWidth * 4; ox < outWidth; ox++) {
      const n = (Math.min(width, (ox + 1) * k) - ox * k) * (y1 - y0);
      for (let c = 0; c < 4; c++, o++) out[o] = Math.floor((sums[ox * 4 + c] + (n >> 1)) / n);
    }
  }
  return out;
}

/**
 * The reduction for a map of `size` pixels displayed over `shown` device
 * pixels: the largest power of two k <= 32 with reducedSide(size, k) >= shown
 * (1 when the map is not larger than its display, or is not displayed).
 */
export function displayReduction(size, shown) {
  let k = 1;
  while (k < 32 && shown > 0 && reducedSide(size, k * 2) >= shown) k *= 2;
  return k;
}
