// "The library a JS developer would reach for": simplex-noise (npm) fBm, 4
// octaves, one grey channel per pixel, the yardstick that both the texture
// bench (bench/texture.mjs) and the demo's in-page benchmark
// (demo/bench-peers.js) time against our five maps. It is given simplex-noise's
// createNoise2D, so that it runs where a bare specifier cannot be resolved
// (the demo imports the package from node_modules by path).
import { seededRandom } from '../lib/seeded-random.mjs';

/**
 * size x size bytes of fBm grey: per pixel 4 octaves of noise2D (frequency x2, amplitude x0.5 each), written into
 * `grey` (a user rendering again reuses their array: the texture bench passes the last one) or a new array.
 */
export function simplexFbm(createNoise2D, { size, seed }, grey = new Uint8ClampedArray(size * size)) {
  if (grey.length !== size * size) throw new RangeError(`grey must hold size * size = ${size * size} bytes, got ${grey.length}`);
  const noise2D = createNoise2D(seededRandom(seed));   // simplex-noise's docs ask for a seeded random function
  const base = 8 / size;   // 8 features across the texture at the lowest octave
  for (let y = 0, i = 0; y < size; y++) {
    for (let x = 0; x < size; x++, i++) {
      let sum = 0;
      let amplitude = 0.5;
      let frequency = base;
      for (let octave = 0; octave < 4; octave++) {
        sum += amplitude * noise2D(x * frequency, y * frequency);
        frequency *= 2;
        amplitude *= 0.5;
      }
      grey[i] = (sum + 1) * 127.5;
    }
  }
  return grey;
}
