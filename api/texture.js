// renderTexture(): the five maps of a procedural texture (docs/specs/textures.md),
// by default made in a texture worker of its own that is terminated when the
// render ends (a 4096 render makes 320 MiB of maps; a dead worker gives all its
// memory back). The worker renders band by band; onProgress sees each band as
// it is done. A caller rendering again and again (frames, new seeds at one
// size) keeps a worker (createTextureWorker()) and hands the last maps back as
// `into` (api/texture-targets.js): no worker start and no fresh map memory.
import { runOnce } from './runtime/run-once.js';
import { ModuleWorker } from './runtime/module-worker.js';
import { textureModule } from './modules/texture.js';
import { IDLE_MS, TEXTURE_DEFAULTS, TEXTURE_KINDS, TEXTURE_LIMITS, TEXTURE_MAPS } from '../common/constants.js';
import { integer, oneOf } from './arguments.js';
import { textureTargets } from './texture-targets.js';

// Which path the last texture job took (wasm SIMD, scalar, JS), for <procedural-texture>'s status line: the
// element reads it here, through its module's API, never from api/runtime/.
export { enginePath } from './runtime/client.js';

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
 * Buffers of the caller's for the maps (any of the five): each a Uint8ClampedArray, Uint8Array or ArrayBuffer of
 * exactly size * size * 4 bytes, over a whole ArrayBuffer of its own. Each buffer is transferred to the worker,
 * filled, and handed back in the result (a Uint8ClampedArray over it); the array passed in is detached from then
 * on, as with a BYOB read. Pass the maps of the last render to render into them again.
 * @typedef {Partial<Record<'albedo' | 'normal' | 'roughness' | 'ao' | 'orm', Uint8ClampedArray | Uint8Array | ArrayBuffer>>} TextureTargets
 */

/**
 * The options of renderTexture().
 * @typedef {object} TextureOptions
 * @property {(progress: TextureProgress) => void} [onProgress] called after every band
 * @property {Array<'albedo' | 'normal' | 'roughness' | 'ao' | 'orm'>} [bandMaps] the maps each band report carries
 *   (default all five; an element drawing one map asks for that one, and its worker copies no other)
 * @property {1 | 2 | 4 | 8 | 16 | 32} [bandReduction] each band report's maps reduced this many times in each
 *   direction, k x k block means (default 1: the rows themselves); for a display smaller than the texture
 * @property {AbortSignal} [signal] aborting terminates the render's worker (a kept worker restarts for its next render;
 *   buffers given as `into` are lost with it)
 * @property {TextureTargets} [into] render into these buffers instead of new ones (see TextureTargets)
 * @property {TextureWorker} [worker] render on this worker (createTextureWorker()), kept between renders, instead of
 *   a fresh worker ended with the render
 */

/** A texture worker of the caller's: it keeps its module and its heap between renders. */
export class TextureWorker extends ModuleWorker {
  /** @param {{idleMs?: number}} [options] terminated after idleMs without a render (restarted on demand) */
  constructor({ idleMs = IDLE_MS.texture } = {}) {
    super(textureModule, { idleMs });
  }

  /**
   * renderTexture() on this worker.
   * @param {TextureParams} [params]
   * @param {Omit<TextureOptions, 'worker'>} [options]
   * @returns {Promise<TextureMaps>}
   */
  renderTexture(params, options = {}) {
    return renderTexture(params, { ...options, worker: this });
  }

  /** @param {object} args @param {import('./runtime/client.js').CallOptions} callOptions */
  _render(args, callOptions) {
    return this._call('render', args, callOptions);
  }
}

/**
 * A texture worker of the caller's, for renders in a row: pass it as `options.worker` (or call its renderTexture()).
 * @param {{idleMs?: number}} [options] terminated after idleMs without a render (default IDLE_MS.texture, 30 s)
 * @returns {TextureWorker}
 */
export function createTextureWorker(options) {
  return new TextureWorker(options);
}

// A render's worker waits IDLE_MS.linger for a next render (calls in a row: its code optimized, its kernel's arena
// allocated and touched), then goes, with whatever heap a 4096 render took. The standby, for a call after idle,
// starts once the render is over: a call in a row takes the lingering worker, so nothing needs the standby sooner,
// and it then does not share the cores with the render.
const REUSE = 'render';

/**
 * Renders `{albedo, normal, roughness, ao, orm}` of a `kind` texture, `size` x `size`, from `seed`: the same bytes
 * in every engine and on every path (wasm SIMD, scalar, or the JS tables). Bad arguments reject with a TypeError
 * or RangeError naming the argument (before any buffer of `into` is handed over).
 * @param {TextureParams} [params]
 * @param {TextureOptions} [options]
 * @returns {Promise<TextureMaps>}
 */
export function renderTexture({ kind = TEXTURE_DEFAULTS.kind, size = TEXTURE_DEFAULTS.size, seed = TEXTURE_DEFAULTS.seed } = {},
  { onProgress, signal, bandMaps = TEXTURE_MAPS, bandReduction = 1, into, worker } = {}) {
  return Promise.resolve().then(() => {
    const args = {
      kind: oneOf(kind, 'kind', TEXTURE_KINDS),
      size: integer(size, 'size', 1, TEXTURE_LIMITS.size),
      seed: integer(seed, 'seed', 0, TEXTURE_LIMITS.seed),
      bands: onProgress === undefined ? [] : mapList(bandMaps, 'bandMaps'),
      reduction: reductionOf(bandReduction),
      into: undefined,
    };
    if (onProgress !== undefined && typeof onProgress !== 'function') throw new TypeError(`onProgress must be a function, got ${typeof onProgress}`);
    if (worker !== undefined && !(worker instanceof TextureWorker)) throw new TypeError('worker must come from createTextureWorker()');
    args.into = textureTargets(into, args.size);
    const callOptions = { onProgress, signal, transfer: Object.values(args.into ?? {}).map((target) => target.buffer) };
    return worker ? worker._render(args, callOptions)
      : runOnce(textureModule, 'render', args, callOptions, { lingerMs: IDLE_MS.linger, reuse: REUSE, standby: { afterJob: true } });
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
