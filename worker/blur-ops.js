// The blur worker's ops over either backend: the wasm kernel
// (cpp/blur/bindings.cpp) or the sliding-sum JS (worker/blur-sliding.js),
// which give the same bytes, quarter mode included.
//   blur    boxBlur(): pixels in (transferred), the blurred rectangle out (transferred).
//   frame   <glass-blur>: an ImageBitmap of the region behind the glass (plus
//           the margin the blur reads) in, drawn on an OffscreenCanvas and read
//           with getImageData into the kernel's input, blurred, and drawn on
//           the element's own canvas (`canvas`: handed over with
//           transferControlToOffscreen) or, where the engine cannot hand one
//           over, sent back as an ImageBitmap (transferred).
//   attach  a MessagePort from a worker that draws the source (an
//           OffscreenCanvas): see attach() for what goes over it; `frame`
//           without a bitmap then cuts the region from the latest frame, so the
//           source's pixels never pass through the page.
// A frame runs 60 times a second: the backends keep their buffers between
// calls (the wasm heap's, reusableHeapBuffers) instead of allocating the
// pixels, output and scratch each time.
import { heapCopyOutInto, heapView, reusableHeapBuffers } from './wasm-heap.js';
import { checkStatus } from './wasm-status.js';
import { withTransfer } from '../common/protocol.js';
import { blurInputWindow } from '../common/blur-window.js';
import { shownCanvasContext } from '../common/canvas-quirks.js';
import { boxBlurQuarter, boxBlurSliding } from './blur-sliding.js';

const QUALITY_CODE = { exact: 0, quarter: 1 };

// V8 runs a fresh module's functions in its baseline tier (Liftoff) until each has used up a budget, and only
// then optimizes them, on a background thread, for its next calls. The self-test's small images do not use it up,
// so a fresh worker's first blurs ran in the baseline tier: in Chromium 720x450 r = 8 blurs on a started worker
// took 36-45 ms the first time and 19-44 ms up to the fifth, against 9-13 ms once optimized. Three 256x64 blurs
// (about 5 ms) use it up for the passes every blur shares: the 2nd to 5th then take 13-17 ms (the 1st 33-37). They
// run once the worker is first idle (serve()'s prime), not before a job that came with its start: before a first
// call's job they cost it more than they saved (cpp/blur/NOTES.md, "The first blurs of a fresh worker").
const PRIME = { width: 256, height: 64, radius: 8, times: 3 };
const primeTiers = (run) => {
  for (let i = 0; i < PRIME.times; i++) run(PRIME.width, PRIME.height, () => {}, PRIME.radius, undefined, 'exact');
};

const clamped = (bytes) => new Uint8ClampedArray(bytes.buffer, bytes.byteOffset, bytes.length);
// A byte view of the same memory: TypedArray set() between two Uint8Arrays is one memcpy.
const plain = (bytes) => new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.length);

/** Copies `window` of a width-wide RGBA image row by row into `target` (window.width * 4 bytes per row). */
function copyWindow(pixels, width, window, target) {
  const rowBytes = window.width * 4;
  if (window.x === 0 && window.width === width) {
    const start = window.y * rowBytes;
    target.set(pixels.subarray(start, start + window.height * rowBytes));
    return;
  }
  for (let y = 0; y < window.height; y++) {
    const start = ((window.y + y) * width + window.x) * 4;
    target.set(pixels.subarray(start, start + rowBytes), y * rowBytes);
  }
}

/**
 * The backend over an instantiated blur module: one wasm call per blur, in
 * buffers kept on the heap between calls. The whole image at 'exact' is
 * blurred in place (`blur`); anything else goes through `blur_rect` into an
 * output of the rectangle's size.
 *   blur(image, radius, rect, quality)  -> the result as a Uint8ClampedArray (boxBlur()). `image.data` is the
 *     worker's own (transferred or cloned): the result is written back into the start of its buffer (a view of
 *     the rectangle's bytes for a rectangle), saving a fresh buffer per call (in Chromium allocating the bars'
 *     two results took 0.2 ms of a 0.9 ms job); for a rectangle only the window its blur reads
 *     (blurInputWindow()) is copied into the heap.
 *   blurPixels(width, height, fill, radius, rect, quality) -> a view of the
 *     result on the heap, valid until the next call; `fill(target)` first
 *     writes the width x height input into the heap (a frame's getImageData)
 */
export function wasmBlurBackend(wasm) {
  const buffers = reusableHeapBuffers(wasm);
  const run = (width, height, fill, radius, rect, quality) => {
    const bytes = width * height * 4;
    if (!rect && quality === 'exact') {
      const size = wasm.scratch_size(width, height, radius);
      const { pixels, scratch } = buffers.reserve({ pixels: bytes, scratch: size });
      fill(heapView(wasm, pixels, bytes));
      checkStatus(wasm, wasm.blur(pixels, bytes, width, height, radius, scratch, size));
      return [pixels, bytes];
    }
    const r = rect ?? { x: 0, y: 0, width, height };
    const q = QUALITY_CODE[quality];
    const outBytes = r.width * r.height * 4;
    const size = wasm.rect_scratch_size(width, height, r.x, r.y, r.width, r.height, radius, q);
    const { pixels, out, scratch } = buffers.reserve({ pixels: bytes, out: outBytes, scratch: size });
    fill(heapView(wasm, pixels, bytes));
    checkStatus(wasm, wasm.blur_rect(pixels, bytes, width, height, r.x, r.y, r.width, r.height, radius, q,
      out, outBytes, scratch, size));
    return [out, outBytes];
  };
  return {
    prime: () => primeTiers(run),
    blur({ data, width, height }, radius, rect, quality) {
      const bytes = plain(data).subarray(0, width * height * 4);
      if (!rect) {
        const [ptr] = run(width, height, (target) => target.set(bytes), radius, undefined, quality);
        return clamped(heapCopyOutInto(wasm, ptr, bytes));
      }
      const window = blurInputWindow(rect, radius, quality, width, height);
      const inner = { x: rect.x - window.x, y: rect.y - window.y, width: rect.width, height: rect.height };
      const fill = (target) => copyWindow(bytes, width, window, target);
      const [ptr, size] = run(window.width, window.height, fill, radius, inner, quality);
      // The input is in the heap by now: the rectangle's bytes go to the start of its buffer.
      return clamped(heapCopyOutInto(wasm, ptr, bytes.subarray(0, size)));
    },
    blurPixels(width, height, fill, radius, rect, quality) {
      const [ptr, size] = run(width, height, fill, radius, rect, quality);
      return clamped(heapView(wasm, ptr, size));
    },
  };
}

const slidingBlur = (image, radius, rect, quality) =>
  (quality === 'quarter' ? boxBlurQuarter : boxBlurSliding)(image, radius, { rect }).data;

/** The fallback backend: the sliding-sum JS, the same bytes as the kernel in both qualities (same interface). */
export function jsBlurBackend() {
  let input = new Uint8ClampedArray(0);   // a frame's pixels, kept between frames
  return {
    blur: ({ data, width, height }, radius, rect, quality) => slidingBlur({ data, width, height }, radius, rect, quality),
    blurPixels(width, height, fill, radius, rect, quality) {
      const bytes = width * height * 4;
      if (input.length < bytes) input = new Uint8ClampedArray(bytes);
      const data = input.subarray(0, bytes);
      fill(data);
      return slidingBlur({ data, width, height }, radius, rect, quality);
    },
  };
}

/** A 2D context on a reusable OffscreenCanvas of at least this size (one per purpose, grown on demand). */
function canvasCache(options) {
  let canvas;
  let context;
  return (width, height) => {
    if (!canvas) {
      canvas = new OffscreenCanvas(width, height);
      context = canvas.getContext('2d', options);
    } else if (canvas.width !== width || canvas.height !== height) {
      canvas.width = width;
      canvas.height = height;
    }
    return { canvas, context };
  };
}

const sameRect = (a, b) => a && b && a.x === b.x && a.y === b.y && a.width === b.width && a.height === b.height;
const covers = (frame, w) => w.x >= frame.x && w.y >= frame.y && w.x + w.width <= frame.x + frame.width
  && w.y + w.height <= frame.y + frame.height;

/** `region` ({x0, y0, x1, y1}, fractions of the source's box) in a width x height source's pixels, outward. */
function placeRegion(region, width, height) {
  const x = Math.min(Math.max(Math.floor(region.x0 * width), 0), width);
  const y = Math.min(Math.max(Math.floor(region.y0 * height), 0), height);
  return { x, y, width: Math.min(Math.max(Math.ceil(region.x1 * width), x), width) - x,
    height: Math.min(Math.max(Math.ceil(region.y1 * height), y), height) - y };
}

const isSize = (n) => Number.isInteger(n) && n >= 0;

/**
 * A frame posted by the source's worker, checked: {bitmap} (its whole canvas), {bitmap, x, y, sourceWidth,
 * sourceHeight} (a part of it) or {pixels, width, height, x, y, sourceWidth, sourceHeight} (a part's RGBA bytes,
 * getImageData's); undefined for anything else.
 */
function sourceFrame(data) {
  if (!data) return undefined;
  const placed = isSize(data.x) && isSize(data.y) && isSize(data.sourceWidth) && isSize(data.sourceHeight);
  if (typeof data.bitmap?.close === 'function') {
    const { bitmap } = data;
    return placed
      ? { bitmap, x: data.x, y: data.y, width: bitmap.width, height: bitmap.height, sourceWidth: data.sourceWidth,
        sourceHeight: data.sourceHeight }
      : { bitmap, x: 0, y: 0, width: bitmap.width, height: bitmap.height, sourceWidth: bitmap.width,
        sourceHeight: bitmap.height };
  }
  const { pixels, width, height } = data;
  if (placed && isSize(width) && isSize(height) && (pixels instanceof Uint8ClampedArray || pixels instanceof Uint8Array)
    && pixels.length === width * height * 4 && data.x + width <= data.sourceWidth && data.y + height <= data.sourceHeight) {
    return { pixels: plain(pixels), x: data.x, y: data.y, width, height, sourceWidth: data.sourceWidth,
      sourceHeight: data.sourceHeight };
  }
  return undefined;
}

/** The worker's ops over a backend ({blur, blurPixels}, above). */
export function blurOps({ blur, blurPixels }) {
  const input = canvasCache({ willReadFrequently: true });
  const output = canvasCache();
  let source;   // the attached source: {port, latest, asked, blurred}

  const dropSource = () => {
    if (!source) return;
    source.port.onmessage = null;
    source.port.close();
    source.latest?.bitmap?.close();
    source = undefined;
  };

  let display;   // the element's own canvas (transferControlToOffscreen), when it handed it over

  // Blurs `rect` of the window's pixels, written into the kernel's input by `fill`, onto the element's canvas
  // (returns null) or into a new ImageBitmap.
  const blurWindow = (window, fill, rect, radius, quality) => {
    const blurred = blurPixels(window.width, window.height, fill, radius, rect, quality);
    if (display) {
      if (display.canvas.width !== rect.width) display.canvas.width = rect.width;
      if (display.canvas.height !== rect.height) display.canvas.height = rect.height;
      display.context.putImageData(new ImageData(blurred, rect.width, rect.height), 0, 0);
      return null;
    }
    const out = output(rect.width, rect.height);
    out.context.putImageData(new ImageData(blurred, rect.width, rect.height), 0, 0);
    return out.canvas.transferToImageBitmap();
  };

  // The window's pixels from `frame` ({bitmap} or {pixels}, placed at frame.x, frame.y): drawn and read back for
  // a bitmap, copied row by row for pixels.
  const fillFrom = (frame, window) => (target) => {
    if (frame.pixels) {
      const rowBytes = window.width * 4;
      const stride = frame.width * 4;
      for (let y = 0; y < window.height; y++) {
        const start = (window.y - frame.y + y) * stride + (window.x - frame.x) * 4;
        target.set(frame.pixels.subarray(start, start + rowBytes), y * rowBytes);
      }
      return;
    }
    const { context } = input(window.width, window.height);
    context.clearRect(0, 0, window.width, window.height);
    context.drawImage(frame.bitmap, window.x - frame.x, window.y - frame.y, window.width, window.height, 0, 0,
      window.width, window.height);
    target.set(plain(context.getImageData(0, 0, window.width, window.height).data));
  };

  return {
    /** {data, width, height, radius, rect?, quality} -> {data, width, height, ms}, the data transferred. */
    blur({ data, width, height, radius, rect, quality }) {
      const start = performance.now();
      const out = blur({ data, width, height }, radius, rect, quality);
      const size = rect ?? { width, height };
      return withTransfer({ data: out, width: size.width, height: size.height, ms: performance.now() - start }, [out.buffer]);
    },

    /**
     * Takes `port`. The source's worker posts frames into it, each replacing (and closing) the one before:
     * `{bitmap}`, its whole canvas; `{bitmap, x, y, sourceWidth, sourceHeight}`, the part of a
     * sourceWidth x sourceHeight canvas at (x, y); or `{pixels, width, height, x, y, sourceWidth, sourceHeight}`,
     * that part's RGBA bytes (getImageData's; the buffer transferred). This worker posts back
     * `{want: {x, y, width, height}, sourceWidth, sourceHeight}` whenever the part it reads changes, so that the
     * source can send only that part: a third of the sky for two bars at r = 8. Bytes save this worker reading a
     * bitmap back from the GPU (cpp/blur/NOTES.md).
     */
    attach({ port }) {
      dropSource();
      const attached = { port, latest: undefined, asked: undefined, blurred: undefined };
      source = attached;
      port.onmessage = ({ data }) => {
        if (source !== attached) return;
        const frame = sourceFrame(data);
        if (!frame) return;
        attached.latest?.bitmap?.close();
        attached.latest = frame;
      };
      port.start?.();
      return true;
    },

    detach() {
      dropSource();
      return true;
    },

    /**
     * Takes the element's canvas (an OffscreenCanvas): from now on every frame is drawn there, none sent back.
     * `cpu`: a CPU-backed context (willReadFrequently), where the engine crashes with a GPU-backed one.
     */
    canvas({ canvas, cpu }) {
      display = { canvas, context: shownCanvasContext(canvas, cpu) };
      return true;
    },

    /**
     * One frame of the glass. Either {bitmap, rect} (the page cut the window
     * already: `rect` is the glass inside the bitmap) or {region} (fractions
     * {x0, y0, x1, y1} of the attached source's latest frame). Resolves with
     * {bitmap, rect, sourceWidth, sourceHeight, ms}: the blurred glass as an
     * ImageBitmap (transferred), where it lies in the source's pixels (for
     * {region}), and the worker's time; or {bitmap: null} when there is
     * nothing new to draw: the attached source has sent nothing yet, or not yet
     * the part asked for, the region is empty, or the latest frame was blurred
     * already with the same region and parameters.
     */
    frame({ bitmap, rect, region, radius, quality }) {
      const start = performance.now();
      if (bitmap) {
        const window = { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
        const result = blurWindow(window, fillFrom({ bitmap, x: 0, y: 0 }, window), rect, radius, quality);
        bitmap.close();
        return withTransfer({ bitmap: result, drawn: !result, ms: performance.now() - start }, result ? [result] : []);
      }
      const latest = source?.latest;
      if (!latest) return { bitmap: null, ms: 0 };
      const { sourceWidth, sourceHeight } = latest;
      const placed = placeRegion(region, sourceWidth, sourceHeight);
      if (placed.width === 0 || placed.height === 0) return { bitmap: null, ms: 0 };
      const window = blurInputWindow(placed, radius, quality, sourceWidth, sourceHeight);
      if (!sameRect(source.asked, window)) {
        source.asked = window;
        source.port.postMessage({ want: window, sourceWidth, sourceHeight });
      }
      const key = `${placed.x} ${placed.y} ${placed.width} ${placed.height} ${radius} ${quality}`;
      if (!covers(latest, window) || (source.blurred?.frame === latest && source.blurred.key === key)) {
        return { bitmap: null, ms: performance.now() - start };
      }
      source.blurred = { frame: latest, key };
      const inner = { x: placed.x - window.x, y: placed.y - window.y, width: placed.width, height: placed.height };
      const result = blurWindow(window, fillFrom(latest, window), inner, radius, quality);
      return withTransfer({ bitmap: result, drawn: !result, rect: placed, sourceWidth, sourceHeight,
        ms: performance.now() - start }, result ? [result] : []);
    },
  };
}
