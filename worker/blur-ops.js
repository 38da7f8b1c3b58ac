// The blur worker's ops over either backend: the wasm kernel
// (cpp/blur/bindings.cpp) or the sliding-sum JS (worker/blur-sliding.js),
// which give the same bytes, quarter mode included.
//   blur    boxBlur(): pixels in (transferred), the blurred rectangle out (transferred).
//   frame   <glass-blur>: an ImageBitmap of the region behind the glass (plus
//           the margin the blur reads) in, drawn on an OffscreenCanvas and read
//           with getImageData, blurred, and sent back as an ImageBitmap (transferred).
//   attach  a MessagePort on which a worker that draws the source (an
//           OffscreenCanvas) posts {bitmap} frames; `frame` without a bitmap
//           then cuts the region from the latest of them, so the source's
//           pixels never pass through the page.
import { withHeap } from './wasm-heap.js';
import { checkStatus } from './wasm-status.js';
import { withTransfer } from '../common/protocol.js';
import { blurInputWindow } from '../common/blur-window.js';
import { boxBlurQuarter, boxBlurSliding } from './blur-sliding.js';

// Pixels are not secrets: heap copies are freed without erasing.
const PUBLIC = { secret: false };
const QUALITY_CODE = { exact: 0, quarter: 1 };

/**
 * The backend over an instantiated blur module: one wasm call per blur. The
 * whole image at 'exact' is blurred in place (`blur`); anything else goes
 * through `blur_rect` into an output of the rectangle's size.
 */
export function wasmBlurBackend(wasm) {
  return {
    blur({ data, width, height }, radius, rect, quality) {
      return withHeap(wasm, (heap) => {
        const bytes = width * height * 4;
        const pixels = heap.allocUninitialized(bytes, PUBLIC);
        wasm.HEAPU8.set(data.subarray(0, bytes), pixels);
        if (!rect && quality === 'exact') {
          const size = wasm.scratch_size(width, height, radius);
          const scratch = heap.allocUninitialized(size, PUBLIC);
          checkStatus(wasm, wasm.blur(pixels, bytes, width, height, radius, scratch, size));
          return new Uint8ClampedArray(wasm.HEAPU8.slice(pixels, pixels + bytes).buffer);
        }
        const r = rect ?? { x: 0, y: 0, width, height };
        const q = QUALITY_CODE[quality];
        const outBytes = r.width * r.height * 4;
        const size = wasm.rect_scratch_size(width, height, r.x, r.y, r.width, r.height, radius, q);
        const out = heap.allocUninitialized(outBytes, PUBLIC);
        const scratch = heap.allocUninitialized(size, PUBLIC);
        checkStatus(wasm, wasm.blur_rect(pixels, bytes, width, height, r.x, r.y, r.width, r.height, radius, q,
          out, outBytes, scratch, size));
        return new Uint8ClampedArray(wasm.HEAPU8.slice(out, out + outBytes).buffer);
      });
    },
  };
}

/** The fallback backend: the sliding-sum JS, the same bytes as the kernel in both qualities. */
export const jsBlurBackend = {
  blur(image, radius, rect, quality) {
    return (quality === 'quarter' ? boxBlurQuarter : boxBlurSliding)(image, radius, { rect }).data;
  },
};

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

/** The worker's ops over a backend ({blur(image, radius, rect, quality)}). */
export function blurOps({ blur }) {
  const input = canvasCache({ willReadFrequently: true });
  const output = canvasCache();
  let source;   // {port, bitmap}: the attached source and its latest frame

  const dropSource = () => {
    if (!source) return;
    source.port.onmessage = null;
    source.port.close();
    source.bitmap?.close();
    source = undefined;
  };

  return {
    /** {data, width, height, radius, rect?, quality} -> {data, width, height, ms}, the data transferred. */
    blur({ data, width, height, radius, rect, quality }) {
      const start = performance.now();
      const out = blur({ data, width, height }, radius, rect, quality);
      const size = rect ?? { width, height };
      return withTransfer({ data: out, width: size.width, height: size.height, ms: performance.now() - start }, [out.buffer]);
    },

    /** Takes `port`; every {bitmap} that arrives on it replaces (and closes) the one before. */
    attach({ port }) {
      dropSource();
      const attached = { port, bitmap: undefined };
      source = attached;
      port.onmessage = ({ data }) => {
        if (source !== attached || !data || typeof data.bitmap?.close !== 'function') return;
        attached.bitmap?.close();
        attached.bitmap = data.bitmap;
      };
      port.start?.();
      return true;
    },

    detach() {
      dropSource();
      return true;
    },

    /**
     * One frame of the glass. Either {bitmap, rect} (the page cut the window
     * already: `rect` is the glass inside the bitmap) or {region} (fractions
     * {x0, y0, x1, y1} of the attached source's latest frame). Resolves with
     * {bitmap, rect, sourceWidth, sourceHeight, ms}: the blurred glass as an
     * ImageBitmap (transferred), where it lies in the source's pixels (for
     * {region}), and the worker's time; or {bitmap: null} when the attached
     * source has sent nothing yet or the region is empty.
     */
    frame({ bitmap, rect, region, radius, quality }) {
      const start = performance.now();
      let window;
      let frame = bitmap;
      let placed;
      if (!bitmap) {
        frame = source?.bitmap;
        if (!frame) return { bitmap: null, ms: 0 };
        const w = frame.width;
        const h = frame.height;
        const x = Math.min(Math.max(Math.floor(region.x0 * w), 0), w);
        const y = Math.min(Math.max(Math.floor(region.y0 * h), 0), h);
        placed = { x, y, width: Math.min(Math.max(Math.ceil(region.x1 * w), x), w) - x, height: Math.min(Math.max(Math.ceil(region.y1 * h), y), h) - y };
        if (placed.width === 0 || placed.height === 0) return { bitmap: null, ms: 0 };
        window = blurInputWindow(placed, radius, quality, w, h);
        rect = { x: placed.x - window.x, y: placed.y - window.y, width: placed.width, height: placed.height };
      } else {
        window = { x: 0, y: 0, width: bitmap.width, height: bitmap.height };
      }
      const { context } = input(window.width, window.height);
      context.clearRect(0, 0, window.width, window.height);
      context.drawImage(frame, window.x, window.y, window.width, window.height, 0, 0, window.width, window.height);
      bitmap?.close();
      const pixels = context.getImageData(0, 0, window.width, window.height).data;
      const blurred = blur({ data: pixels, width: window.width, height: window.height }, radius, rect, quality);
      const out = output(rect.width, rect.height);
      out.context.putImageData(new ImageData(blurred, rect.width, rect.height), 0, 0);
      const result = out.canvas.transferToImageBitmap();
      return withTransfer({ bitmap: result, rect: placed, sourceWidth: frame.width, sourceHeight: frame.height,
        ms: performance.now() - start }, [result]);
    },
  };
}
