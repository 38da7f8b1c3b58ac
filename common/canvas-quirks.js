// Engine quirks around canvases that a worker draws and the page shows, in one place.
//
// WebKitGTK 2.50.6's web process crashes while a worker draws frame after frame
// on a GPU-backed 2D canvas that the page shows, whether handed over
// (transferControlToOffscreen) or posted as ImageBitmaps; with the canvas
// CPU-backed (the context's willReadFrequently) it did not crash
// (docs/browser-engines.md, with the numbers). The API is there and works
// until the crash, so no feature test can tell: the engine is told by
// navigator.vendor, which only WebKit sets to Apple's (Chromium: 'Google Inc.',
// Firefox: ''), never by the user-agent string. It is read on the page
// (a worker's navigator has no vendor) and handed to the worker.

/**
 * Whether a 2D canvas that a worker animates for the page to show should be CPU-backed (the context's
 * willReadFrequently): true in WebKit, whose web process crashes with a GPU-backed one.
 * @returns {boolean}
 */
export function workerCanvasOnCpu() {
  return globalThis.navigator?.vendor === 'Apple Computer, Inc.';
}

/**
 * A worker's 2D context on the canvas the page shows: `options` as given, CPU-backed (willReadFrequently) when
 * `cpu` (the page's workerCanvasOnCpu(), handed over).
 * @param {OffscreenCanvas} canvas
 * @param {boolean} cpu
 * @param {CanvasRenderingContext2DSettings} [options]
 */
export function shownCanvasContext(canvas, cpu, options) {
  return canvas.getContext('2d', cpu ? { ...options, willReadFrequently: true } : options);
}
