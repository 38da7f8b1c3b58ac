// What the demo's blur benchmark blurs and compares: a 720 x 450 night sky (a
// gradient, an aurora band, stars; the half-resolution sky of a 1440 x 900
// window), the glass of its top bar and sidebar, and a digest of blurred bytes
// (FNV-1a over 32-bit words), the same whoever made them: our kernel in
// demo/bench-ours.js, boxBlur() on the page, the sliding-sum JS.
import { BARS, SKY_SIZE, skyImage as seededSky } from '../fixtures/blur-images.js';

export { BARS };
export const SKY = { ...SKY_SIZE, radius: 8 };

/** The demo's sky (fixtures/blur-images.js, seed 2026): the same bytes on the page and in the benchmark worker. */
export const skyImage = ({ width, height } = SKY) => seededSky(width, height, 2026);

export function digestBytes(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  let h = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) h = Math.imul(h ^ words[i], 16777619);
  return `${bytes.length}:${(h >>> 0).toString(16).padStart(8, '0')}`;
}

/** `rect` of an RGBA image, as a new array (to compare a crop with the whole image's blur). */
export function cutRect({ data, width }, rect) {
  const out = new Uint8ClampedArray(rect.width * rect.height * 4);
  for (let y = 0; y < rect.height; y++) {
    const from = ((rect.y + y) * width + rect.x) * 4;
    out.set(data.subarray(from, from + rect.width * 4), y * rect.width * 4);
  }
  return out;
}
