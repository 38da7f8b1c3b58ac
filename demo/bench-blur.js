// What the demo's blur benchmark blurs and compares: a 720 x 450 night sky (a
// gradient, an aurora band, stars; the half-resolution sky of a 1440 x 900
// window), the glass of its top bar and sidebar, and a digest of blurred bytes
// (FNV-1a over 32-bit words), the same whoever made them: our kernel in
// demo/bench-ours.js, boxBlur() on the page, the sliding-sum JS.
export const SKY = { width: 720, height: 450, radius: 8 };
// A 64 px top bar and a 280 px sidebar below it, at half resolution.
export const BARS = [{ x: 0, y: 0, width: 720, height: 32 }, { x: 0, y: 32, width: 140, height: 418 }];

export function skyImage({ width, height } = SKY) {
  const data = new Uint8ClampedArray(width * height * 4);
  let seed = 2026;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const band = Math.sin(x / 53 + Math.sin(y / 31) * 2) * Math.exp(-(((y - height / 3) / (height / 5)) ** 2));
      data[i] = 10 + 30 * (y / height) + 40 * Math.max(band, 0);
      data[i + 1] = 20 + 180 * Math.max(band, 0);
      data[i + 2] = 60 + 80 * (1 - y / height) + 30 * Math.max(-band, 0);
      data[i + 3] = 255;
      seed = (Math.imul(seed, 1103515245) + 12345) >>> 0;
      if ((seed >>> 22) === 0) data[i] = data[i + 1] = data[i + 2] = 255;
    }
  }
  return { data, width, height };
}

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
