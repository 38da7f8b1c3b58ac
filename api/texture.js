// renderTexture(): the five maps of a procedural texture (docs/specs/textures.md),
// made in a texture worker of its own that is terminated when the render ends
// (a 4096 render holds 320 MiB of maps; a dead worker gives all its memory back).
// The worker renders band by band; onProgress sees each band as it is done.
import { runOnce } from './runtime/client.js';
import { textureModule } from './modules/texture.js';
import { TEXTURE_DEFAULTS, TEXTURE_KINDS, TEXTURE_LIMITS, TEXTURE_MAPS } from '../common/constants.js';
import { integer, oneOf } from './arguments.js';

/**
 * What renderTexture() makes.
 * @typedef {object} TextureParams
 * @property {'stone-wall' | 'vault-face'} [kind] default 'stone-wall'
 * @property {number} [size] width and height in pixels, 1..4096 (default 512)
 * @property {number} [seed] 0..2^32-1 (default 0)
 */

/**
 * The five maps, each RGBA8, size x size, row 0 at the top.
 * @typedef {object} TextureMaps
 * @property {Uint8ClampedArray} albedo sRGB colour
 * @property {Uint8ClampedArray} normal tangent-space normal, OpenGL convention (+Y up)
 * @property {Uint8ClampedArray} roughness grey (R = G = B)
 * @property {Uint8ClampedArray} ao ambient occlusion, grey (R = G = B)
 * @property {Uint8ClampedArray} orm glTF packing: R = ao, G = roughness, B = metalness
 */

/**
 * One band of rows y0..y1-1 of every map, as soon as the worker made it (its own buffers).
 * @typedef {{y0: number, y1: number} & TextureMaps} TextureBand
 */

/**
 * A render's progress: `done` of `total` bands, and the band just made (with the maps of `bandMaps`).
 * @typedef {{done: number, total: number, band?: Partial<TextureBand>}} TextureProgress
 */

/**
 * The options of renderTexture().
 * @typedef {object} TextureOptions
 * @property {(progress: TextureProgress) => void} [onProgress] called after every band
 * @property {Array<'albedo' | 'normal' | 'roughness' | 'ao' | 'orm'>} [bandMaps] the maps each band report carries
 *   (default all five; an element drawing one map asks for that one, and its worker copies no other)
 * @property {1 | 2 | 4 | 8 | 16 | 32} [bandReduction] each band report's maps reduced this many times in each
 *   direction, k x k block means (default 1: the rows themselves); for a display smaller than the texture
 * @property {AbortSignal} [signal] aborting terminates the render's worker
 */

/**
 * Renders `{albedo, normal, roughness, ao, orm}` of a `kind` texture, `size` x `size`, from `seed`: the same bytes
 * in every engine and on every path (wasm SIMD, scalar, or the JS tables). Bad arguments reject with a TypeError
 * or RangeError naming the argument.
 * @param {TextureParams} [params]
 * @param {TextureOptions} [options]
 * @returns {Promise<TextureMaps>}
 */
export function renderTexture({ kind = TEXTURE_DEFAULTS.kind, size = TEXTURE_DEFAULTS.size, seed = TEXTURE_DEFAULTS.seed } = {},
  { onProgress, signal, bandMaps = TEXTURE_MAPS, bandReduction = 1 } = {}) {
  return Promise.resolve().then(() => {
    const args = {
      kind: oneOf(kind, 'kind', TEXTURE_KINDS),
      size: integer(size, 'size', 1, TEXTURE_LIMITS.size),
      seed: integer(seed, 'seed', 0, TEXTURE_LIMITS.seed),
      bands: onProgress === undefined ? [] : mapList(bandMaps, 'bandMaps'),
      reduction: reductionOf(bandReduction),
    };
    if (onProgress !== undefined && typeof onProgress !== 'function') throw new TypeError(`onProgress must be a function, got ${typeof onProgress}`);
    return runOnce(textureModule, 'render', args, { onProgress, signal });
  });
}

function reductionOf(value) {
  const k = integer(value, 'bandReduction', 1, 32);
  if ((k & (k - 1)) !== 0) throw new RangeError(`bandReduction must be 1, 2, 4, 8, 16 or 32, got ${k}`);
  return k;
}

function mapList(value, name) {
  if (!Array.isArray(value)) throw new TypeError(`${name} must be an array of map names`);
  return value.map((map, i) => oneOf(map, `${name}[${i}]`, TEXTURE_MAPS));
}
