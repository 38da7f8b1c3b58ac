// boxBlur(): the glass blur (docs/specs/blur.md) of an RGBA8 image, or of one
// rectangle of it, in a blur worker that stays alive between calls: a blur is
// called per frame, and starting a worker (and instantiating its module) per
// call would cost more than the blur. The page-wide blur worker is terminated
// after IDLE_MS.blur without a job and restarted by the next call, as the
// notes worker is; createBlurWorker() makes one of the caller's own (what
// <glass-blur> uses, with its frame op for ImageBitmaps).
//
// The input is copied (for a rectangle, only the window its blur reads) and the
// copy transferred, so the caller's pixels are untouched; with {transfer: true}
// the caller's buffer itself is moved to the worker (and detached here), saving
// the copy. The result is transferred back in the buffer that went (wasm paths: no
// allocation in the worker).
import { ModuleWorker } from './runtime/module-worker.js';
import { blurModule } from './modules/blur.js';
import { BLUR_DEFAULTS, BLUR_LIMITS, BLUR_QUALITIES, IDLE_MS } from '../common/constants.js';
import { integer, oneOf } from './arguments.js';
import { blurInputWindow } from '../common/blur-window.js';

/**
 * An RGBA8 image: rows top to bottom, width * 4 bytes each, no padding (an ImageData is one).
 * @typedef {{data: Uint8ClampedArray | Uint8Array, width: number, height: number}} BlurImage
 */

/**
 * What boxBlur() resolves with: the blurred image, or only `rect` of it. On the wasm paths `data` is a view of the
 * first width * height * 4 bytes of the buffer the pixels went to the worker in (your own with {transfer: true},
 * else the copy; for a rectangle that buffer is larger than the view).
 * @typedef {{data: Uint8ClampedArray, width: number, height: number}} BlurResult
 */

/**
 * A rectangle of an image, in pixels.
 * @typedef {{x: number, y: number, width: number, height: number}} BlurRect
 */

/**
 * The options of boxBlur().
 * @typedef {object} BoxBlurOptions
 * @property {BlurRect} [rect] only this rectangle (inside the image) is returned, equal to the same rectangle of
 *   the whole image's blur; only the rectangle grown by 3r is computed
 * @property {'exact' | 'quarter'} [quality] 'exact' (default): the specification's bytes; 'quarter': half
 *   resolution at radius (r + 1) / 2, scaled back (close, not equal; cpp/blur/NOTES.md has the largest errors)
 * @property {boolean} [transfer] move `image.data`'s buffer to the worker instead of copying it (it is detached
 *   here afterwards); a view on part of a larger buffer, or on a SharedArrayBuffer, is copied anyway
 * @property {AbortSignal} [signal] aborting terminates the worker running the blur (other blurs pending on it reject too)
 * @property {BlurWorker} [worker] run on this worker (createBlurWorker()) instead of the page-wide one
 */

/** A blur worker of the caller's: it keeps its module instantiated between blurs. */
export class BlurWorker extends ModuleWorker {
  /** @param {{idleMs?: number}} [options] terminated after idleMs without a job (restarted on demand) */
  constructor({ idleMs = IDLE_MS.blur } = {}) {
    super(blurModule, { idleMs });
  }

  /**
   * boxBlur() on this worker.
   * @param {BlurImage} image
   * @param {number} radius
   * @param {Omit<BoxBlurOptions, 'worker'>} [options]
   * @returns {Promise<BlurResult>}
   */
  boxBlur(image, radius, options = {}) {
    return boxBlur(image, radius, { ...options, worker: this });
  }

  /**
   * One frame of <glass-blur>: `bitmap` (transferred) holds the window the blur of `rect` reads
   * (blurInputWindow(), common/blur-window.js), or, without a bitmap, `region` ({x0, y0, x1, y1}, fractions) of
   * the attached source's latest frame. Resolves with {bitmap, rect, sourceWidth, sourceHeight, ms}: `bitmap` the
   * blurred rectangle (null when the source sent nothing yet), `ms` the worker's time for the frame.
   * @param {{bitmap?: ImageBitmap, rect?: BlurRect, region?: {x0: number, y0: number, x1: number, y1: number},
   *   radius: number, quality: 'exact' | 'quarter'}} frame
   * @returns {Promise<{bitmap: ImageBitmap | null, rect?: BlurRect, sourceWidth?: number, sourceHeight?: number, ms: number}>}
   */
  blurFrame(frame) {
    return this._call('frame', frame, { transfer: frame.bitmap ? [frame.bitmap] : [] });
  }

  /**
   * Hands `port` to the worker: a worker drawing the source posts `{bitmap}` frames into the other end
   * (the bitmap in the transfer list), and blurFrame({region}) cuts the glass from the latest.
   * @param {MessagePort} port
   * @returns {Promise<unknown>}
   */
  attachSource(port) {
    return this._call('attach', { port }, { transfer: [port] });
  }

  /**
   * Hands the worker the canvas that shows the glass (from transferControlToOffscreen()): blurFrame() then draws
   * there and resolves with {bitmap: null, drawn: true, ...} instead of sending an ImageBitmap back.
   * @param {OffscreenCanvas} canvas
   * @param {{cpu?: boolean}} [options] cpu: a CPU-backed 2D context (willReadFrequently), for an engine that
   *   crashes with a GPU-backed canvas animated by a worker (common/canvas-quirks.js)
   * @returns {Promise<unknown>}
   */
  handCanvas(canvas, { cpu = false } = {}) {
    return this._call('canvas', { canvas, cpu }, { transfer: [canvas] });
  }

  /** Closes the attached source's port. @returns {Promise<unknown>} */
  detachSource() {
    return this.alive ? this._call('detach', {}) : Promise.resolve(true);
  }

  /** @param {object} args @param {Transferable[]} transfer @param {AbortSignal} [signal] */
  _blur(args, transfer, signal) {
    return this._call('blur', args, { transfer, signal });
  }
}

/**
 * A blur worker of the caller's, for blurs in a row: pass it as `options.worker`.
 * @param {{idleMs?: number}} [options] terminated after idleMs without a job (default IDLE_MS.blur, 30 s)
 * @returns {BlurWorker}
 */
export function createBlurWorker(options) {
  return new BlurWorker(options);
}

let shared;

function describe(value) {
  if (value === null) return 'null';
  if (typeof value === 'object') return value.constructor?.name ?? 'an object';
  return typeof value;
}

function imageOf(image) {
  if (!image || typeof image !== 'object') throw new TypeError(`image must be an object {data, width, height}, got ${describe(image)}`);
  const { data } = image;
  const width = integer(image.width, 'image.width', 0, BLUR_LIMITS.side);
  const height = integer(image.height, 'image.height', 0, BLUR_LIMITS.side);
  if (!(data instanceof Uint8ClampedArray || data instanceof Uint8Array)) {
    throw new TypeError(`image.data must be a Uint8ClampedArray (or Uint8Array), got ${describe(data)}`);
  }
  if (width * height > BLUR_LIMITS.pixels) {
    throw new RangeError(`image.width * image.height must be at most ${BLUR_LIMITS.pixels} pixels, got ${width * height}`);
  }
  if (data.length !== width * height * 4) {
    throw new RangeError(`image.data must hold image.width * image.height * 4 = ${width * height * 4} bytes, got ${data.length}`);
  }
  return { data, width, height };
}

function rectOf(rect, width, height) {
  if (rect === undefined) return undefined;
  if (!rect || typeof rect !== 'object') throw new TypeError(`rect must be an object {x, y, width, height}, got ${describe(rect)}`);
  const r = {
    x: integer(rect.x, 'rect.x', 0, width),
    y: integer(rect.y, 'rect.y', 0, height),
    width: integer(rect.width, 'rect.width', 0, width),
    height: integer(rect.height, 'rect.height', 0, height),
  };
  if (r.x + r.width > width) throw new RangeError(`rect.x + rect.width must be at most image.width (${width}), got ${r.x + r.width}`);
  if (r.y + r.height > height) throw new RangeError(`rect.y + rect.height must be at most image.height (${height}), got ${r.y + r.height}`);
  return r;
}

/**
 * What goes to the worker: the caller's own buffer when it may move and can; else a copy, and for a rectangle only
 * the window its blur reads (blurInputWindow(): the rectangle grown by 3r), with the rectangle placed inside it, which
 * gives the same bytes (common/blur-window.js). The top bar of a 720 x 450 sky at r = 8 copies 56 rows, not 450.
 */
function jobToSend({ data, width, height }, r, radius, quality, transfer) {
  const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength && data.buffer instanceof ArrayBuffer;
  if (transfer && whole) return { data: new Uint8ClampedArray(data.buffer), width, height, rect: r };
  if (!r) return { data: new Uint8ClampedArray(data), width, height, rect: r };
  const window = blurInputWindow(r, radius, quality, width, height);
  const rowBytes = window.width * 4;
  const pixels = new Uint8ClampedArray(rowBytes * window.height);
  for (let y = 0; y < window.height; y++) {
    const start = ((window.y + y) * width + window.x) * 4;
    pixels.set(data.subarray(start, start + rowBytes), y * rowBytes);
  }
  const inner = { x: r.x - window.x, y: r.y - window.y, width: r.width, height: r.height };
  return { data: pixels, width: window.width, height: window.height, rect: inner };
}

/**
 * Three box blurs of `image` at `radius` (docs/specs/blur.md), in a blur worker kept alive between calls: the
 * specification's bytes on every path (wasm SIMD, scalar, the sliding-sum JS), or quarter mode's. With
 * `options.rect`, only that rectangle, equal to the same rectangle of the whole image's blur. Bad arguments
 * reject with a TypeError or RangeError naming the argument.
 * @param {BlurImage} image
 * @param {number} radius 0..255
 * @param {BoxBlurOptions} [options]
 * @returns {Promise<BlurResult>}
 */
export function boxBlur(image, radius, { rect, quality = BLUR_DEFAULTS.quality, signal, transfer = false, worker } = {}) {
  return Promise.resolve().then(async () => {
    const { data, width, height } = imageOf(image);
    integer(radius, 'radius', 0, BLUR_LIMITS.radius);
    const r = rectOf(rect, width, height);
    oneOf(quality, 'quality', BLUR_QUALITIES);
    if (typeof transfer !== 'boolean') throw new TypeError(`transfer must be a boolean, got ${describe(transfer)}`);
    if (worker !== undefined && !(worker instanceof BlurWorker)) throw new TypeError('worker must come from createBlurWorker()');
    const job = jobToSend({ data, width, height }, r, radius, quality, transfer);
    const client = worker ?? (shared ??= createBlurWorker());
    const out = await client._blur({ ...job, radius, quality }, [job.data.buffer], signal);
    return { data: out.data, width: out.width, height: out.height };
  });
}
