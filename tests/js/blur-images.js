// Test images and rectangles for the blur tests (blur.test.js, blur-api.test.js): random noise,
// a smooth night sky, hard blocks, and the crops that matter.
import { seededRandom } from '../../bench/lib/seeded-random.mjs';

// 32-bit outputs of the project's seeded generator, so a failure names its seed.
export function rng(seed) {
  const next = seededRandom(seed);
  return () => (next() * 4294967296) >>> 0;   // exact: the float is the 32-bit output over 2^32
}

export function noiseImage(width, height, seed) {
  const next = rng(seed);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let i = 0; i < data.length; i++) data[i] = next() & 255;
  return { data, width, height };
}

// A night sky: a vertical gradient, slow aurora bands, and single-pixel stars
// (the hardest part for quarter mode).
export function skyImage(width, height, seed) {
  const next = rng(seed);
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const band = Math.sin(x / 53 + Math.sin(y / 31) * 2) * Math.exp(-(((y - height / 3) / (height / 5)) ** 2));
      data[i] = 10 + 30 * (y / height) + 40 * Math.max(band, 0);
      data[i + 1] = 20 + 180 * Math.max(band, 0);
      data[i + 2] = 60 + 80 * (1 - y / height) + 30 * Math.max(-band, 0);
      data[i + 3] = 255;
      if ((next() & 511) === 0) data[i] = data[i + 1] = data[i + 2] = 255;
    }
  }
  return { data, width, height };
}

// Hard edges in every channel and alpha: sums near every multiple of 2r + 1.
export function blockImage(width, height, seed) {
  const phase = rng(seed)() & 255;
  const data = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      data[i] = 20 + ((x * 3 + y + phase) % 60);
      data[i + 1] = 40 + (((x / 7 | 0) + (y / 5 | 0)) % 2) * 90 + ((y * 2) % 20);
      data[i + 2] = 120 + (((x + 2 * y) / 9 | 0) % 100);
      data[i + 3] = x % 17 === 0 ? 0 : 255;
    }
  }
  return { data, width, height };
}

// Crops that matter: the corners, a middle pixel, one-pixel rows and columns
// along the edges and through the middle, the whole image, an inner rectangle
// and a few random ones.
export function crops(width, height, seed) {
  const w = width, h = height;
  const rects = [
    [0, 0, 1, 1], [w - 1, 0, 1, 1], [0, h - 1, 1, 1], [w - 1, h - 1, 1, 1], [w >> 1, h >> 1, 1, 1],
    [0, 0, w, 1], [0, h - 1, w, 1], [0, 0, 1, h], [w - 1, 0, 1, h], [w >> 1, 0, 1, h], [0, h >> 1, w, 1],
    [0, 0, w, h], [w >> 2, h >> 2, (w + 1) >> 1, (h + 1) >> 1],
  ];
  const next = rng(seed);
  for (let i = 0; i < 3; i++) {
    const x = next() % w, y = next() % h;
    rects.push([x, y, 1 + (next() % (w - x)), 1 + (next() % (h - y))]);
  }
  return rects.map(([x, y, width, height]) => ({ x, y, width, height }));
}
