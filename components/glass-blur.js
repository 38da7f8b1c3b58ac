// <glass-blur>: frosted glass over a moving source (a canvas, video or img).
// Each animation frame, the part of the source behind the element's box, plus
// the margin the blur reads (3r; common/blur-window.js), is cut out as an
// ImageBitmap and transferred to the element's own blur worker, which draws it
// on an OffscreenCanvas, blurs it (the wasm kernel's crop mode) and draws it on
// the glass's canvas, whose control it was handed (transferControlToOffscreen;
// where that is missing it sends the glass back as an ImageBitmap, drawn here
// with one transferFromImageBitmap). The page then only places the canvas.
// The latest frame wins: while the worker is busy, a frame is skipped and
// counted, never queued. A source drawn in a worker can post its frames to the
// glass worker over a MessageChannel (connectSource), so its pixels never pass
// through the page. The element pauses off screen, in a background tab and
// under prefers-reduced-motion, and falls back to CSS backdrop-filter where
// Worker, OffscreenCanvas or createImageBitmap are missing.
import { ElementBase } from './internal/element-base.js';
import { h } from './internal/dom.js';
import { FrameStats } from './internal/frame-stats.js';
import styles from './styles/glass-blur.js';
import { createBlurWorker } from '../api/blur.js';
import { blurInputWindow } from '../common/blur-window.js';
import { namedError } from '../common/errors.js';
import { workerCanvasOnCpu } from '../common/canvas-quirks.js';
import { BLUR_DEFAULTS, BLUR_LIMITS, BLUR_QUALITIES } from '../common/constants.js';

// The frosted layer (the canvas the worker draws on, and the tint) behind the slotted content.
function shadowContent() {
  return [
    h('div', { class: 'glass', part: 'glass' }, h('canvas', { 'aria-hidden': 'true' }), h('div', { class: 'tint', part: 'tint' })),
    h('div', { class: 'content', part: 'content' }, h('slot')),
  ];
}

/** Worker, OffscreenCanvas and createImageBitmap: what the worker path needs (looked up at each start, not at import). */
function workerPathAvailable() {
  return typeof globalThis.Worker === 'function' && typeof globalThis.OffscreenCanvas === 'function'
    && typeof globalThis.createImageBitmap === 'function';
}

/** The source's pixel size: a canvas's width and height, a video's frame, an img's natural size; 0 when not ready. */
function pixelSize(source) {
  if (source instanceof HTMLCanvasElement) return [source.width, source.height];
  if (source instanceof HTMLVideoElement) return source.readyState >= 2 ? [source.videoWidth, source.videoHeight] : [0, 0];
  return source.complete ? [source.naturalWidth, source.naturalHeight] : [0, 0];
}

/**
 * Frosted glass: the part of a canvas, video or img behind the element, blurred in a worker each frame.
 *
 * @tagname glass-blur
 * @summary Frosted glass over a moving canvas, video or img, blurred in a worker (CSS backdrop-filter as fallback).
 *
 * @attr {string} source - The id of the canvas, video or img behind the glass (looked up in the element's tree, then the document).
 * @attr {number} radius - The box radius in source pixels, 0..255 (default 8); the glass blur is three box blurs.
 * @attr {'exact' | 'quarter'} quality - `exact` (default): the specification's bytes; `quarter`: half resolution, about a quarter of the work.
 * @attr {boolean} css-backdrop - Use CSS backdrop-filter instead of the worker (also what happens where the worker path is missing).
 *
 * @prop {string} source - Reflects `source`.
 * @prop {number} radius - Reflects `radius` (its default when the attribute is not valid).
 * @prop {'exact' | 'quarter'} quality - Reflects `quality` (its default when the attribute is not valid).
 * @prop {boolean} cssBackdrop - Reflects `css-backdrop`.
 * @prop {{framesDrawn: number, framesSkipped: number, medianMs: number, workerBusyShare: number}} stats - Frames drawn, frames skipped while the worker was busy, the median of the worker's time per frame (ms, last 120 frames), and the share of the running time the worker was busy (0..1).
 * @prop {'simd' | 'scalar' | 'js' | 'css' | undefined} path - How the glass is made: the blur worker's build, or `css` (backdrop-filter).
 * @prop {boolean} running - True while frames are being blurred (not paused, not on the CSS path).
 *
 * @fires {CustomEvent<{path: 'simd' | 'scalar' | 'js' | 'css'}>} glass-ready - The first frame of the glass is drawn, or the CSS fallback took over.
 * @fires {CustomEvent<{name: string, message: string}>} glass-error - A bad attribute (`TypeError`, `RangeError`, named; the last good value stays), a `source` that is missing or not a canvas, video or img (`NotFoundError`, `TypeError`), or a failed blur (the element then falls back to CSS).
 *
 * @csspart glass - The frosted layer behind the content (the blurred canvas and the tint).
 * @csspart tint - The tint over the blurred pixels.
 * @csspart content - The wrapper of the slotted content.
 *
 * @cssprop --glass-blur-tint - The colour laid over the blurred pixels (default rgb(255 255 255 / 0.12)).
 */
export class GlassBlur extends ElementBase {
  static styles = styles;
  static observedAttributes = ['source', 'radius', 'quality', 'css-backdrop'];

  #worker;            // BlurWorker while on the worker path
  #path;
  #pending = false;   // a frame is at the worker (or being cut)
  #raf = 0;
  #visible = false;   // the IntersectionObserver's last word (false until it speaks)
  #observer;
  #motion;
  #port;              // a source's MessagePort, until attached to the worker
  #portAttached = false;
  #params = { radius: BLUR_DEFAULTS.radius, quality: BLUR_DEFAULTS.quality };
  #reported = new Set();   // problems already reported (once per value)
  #lastKey;           // an img source is blurred again only when the region or the parameters change
  #ready = false;
  #failed = false;    // a blur failed: CSS from then on (until the element is connected again)
  #stillWanted = false;
  #placed;            // the canvas's placement last written to its style
  #stats = new FrameStats();

  constructor() {
    super();
    this.createShadow({ mode: 'open' }, ...shadowContent());
    this.upgradeProperties(['source', 'radius', 'quality', 'cssBackdrop']);
  }

  get #glass() { return this.shadowRoot.querySelector('.glass'); }
  get #canvas() { return this.shadowRoot.querySelector('canvas'); }

  connectedCallback() {
    this.#failed = false;
    this.#visible = typeof IntersectionObserver !== 'function';
    if (!this.#visible) {
      this.#observer = new IntersectionObserver((entries) => {
        this.#visible = entries.at(-1).isIntersecting;
        this.#update();
      });
      this.#observer.observe(this);
    }
    this.#motion = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
    this.#motion?.addEventListener('change', this.#onMotion);
    document.addEventListener('visibilitychange', this.#onVisibility);
    this.#readParams('radius');
    this.#readParams('quality');
    this.#update();
  }

  disconnectedCallback() {
    this.#observer?.disconnect();
    this.#observer = undefined;
    this.#motion?.removeEventListener('change', this.#onMotion);
    document.removeEventListener('visibilitychange', this.#onVisibility);
    this.#stop();
    this.#dropWorker();
  }

  attributeChangedCallback(name, before, value) {
    if (before === value) return;
    if (name === 'radius' || name === 'quality') this.#readParams(name);
    if (name === 'source') this.#reported.clear();
    this.#lastKey = undefined;
    if (this.isConnected) this.#update();
  }

  /** @type {string} */
  get source() { return this.getAttribute('source') ?? ''; }
  set source(value) { this.setAttribute('source', String(value)); }
  /** @type {number} */
  get radius() { return this.#params.radius; }
  set radius(value) { this.setAttribute('radius', String(value)); }
  /** @type {'exact' | 'quarter'} */
  get quality() { return this.#params.quality; }
  set quality(value) { this.setAttribute('quality', String(value)); }
  /** @type {boolean} */
  get cssBackdrop() { return this.hasAttribute('css-backdrop'); }
  set cssBackdrop(value) { this.toggleAttribute('css-backdrop', !!value); }

  /** How the glass is made. @type {'simd' | 'scalar' | 'js' | 'css' | undefined} */
  get path() { return this.#path; }
  /** True while frames are being blurred. @type {boolean} */
  get running() { return this.#raf !== 0; }

  /** @type {{framesDrawn: number, framesSkipped: number, medianMs: number, workerBusyShare: number}} */
  get stats() { return this.#stats.snapshot(); }

  /** Starts the statistics afresh (a comparison run, say). */
  resetStats() { this.#stats.reset(); }

  /**
   * Takes frames from a worker that draws the source (an OffscreenCanvas) instead of cutting them from `source`
   * on the page: that worker posts `{bitmap}` (an ImageBitmap of its whole canvas, in the transfer list) into the
   * other end of `port`'s MessageChannel, and the glass worker cuts the region behind the glass from the latest.
   * `source` still names the element whose box the frames fill (the canvas whose control went to that worker).
   * The port goes to the element's worker, and is closed with it (when the element leaves the page).
   * **Throws** a TypeError unless `port` is a MessagePort.
   * @param {MessagePort} port
   */
  connectSource(port) {
    if (!(port instanceof MessagePort)) throw new TypeError('port must be a MessagePort');
    this.#port = port;
    this.#portAttached = false;
    this.#lastKey = undefined;
    if (this.#worker) this.#attachPort();
  }

  #onMotion = () => { this.#stillWanted = true; this.#update(); };
  #onVisibility = () => this.#update();

  // radius and quality, each checked on its own: a bad value is reported and the last good one stays.
  #readParams(name) {
    const params = { ...this.#params };
    try {
      if (name !== 'quality') params.radius = this.integerAttribute('radius', 0, BLUR_LIMITS.radius, BLUR_DEFAULTS.radius);
      if (name !== 'radius') params.quality = this.choiceAttribute('quality', BLUR_QUALITIES, BLUR_DEFAULTS.quality);
    } catch (error) {
      this.#fail(error);
    }
    this.#params = params;
    this.#stillWanted = true;
  }

  // The source element, or undefined (reported once per value).
  #findSource() {
    const id = this.getAttribute('source');
    if (!id) return undefined;
    const root = this.getRootNode();
    const found = root.getElementById?.(id) ?? document.getElementById(id);
    if (!found) {
      this.#report(`missing ${id}`, namedError('NotFoundError', `source: no element with id "${id}"`));
      return undefined;
    }
    if (!(found instanceof HTMLCanvasElement || found instanceof HTMLVideoElement || found instanceof HTMLImageElement)) {
      this.#report(`type ${id}`, new TypeError(`source: #${id} must be a canvas, video or img, got ${found.localName}`));
      return undefined;
    }
    return found;
  }

  // Worker path or CSS; running or paused.
  #update() {
    if (!this.isConnected) return;
    if (this.cssBackdrop || !workerPathAvailable() || this.#failed) {
      this.#useCss();
      return;
    }
    this.#glass.classList.remove('css');
    this.#glass.style.removeProperty('backdrop-filter');
    this.#glass.style.removeProperty('-webkit-backdrop-filter');
    if (this.#path === 'css') this.#path = undefined;
    const active = this.#visible && !document.hidden;
    if (active && !this.#motion?.matches) {
      this.#start();
      return;
    }
    this.#stop();
    // Under reduced motion the glass holds one still frame, made when the preference or a parameter changes.
    if (active && this.#stillWanted) {
      this.#stillWanted = false;
      requestAnimationFrame(() => { if (!this.running) this.#frame(); });
    }
  }

  #useCss() {
    this.#stop();
    this.#dropWorker();
    const source = this.#findSource();
    // Three boxes of radius r have the variance of a Gaussian of sigma sqrt(r (r + 1)) source pixels.
    let sigma = Math.sqrt(this.#params.radius * (this.#params.radius + 1));
    const [width] = source ? pixelSize(source) : [0];
    if (width > 0) sigma *= source.getBoundingClientRect().width / width;
    const filter = `blur(${sigma.toFixed(2)}px)`;
    this.#glass.classList.add('css');
    this.#glass.style.setProperty('backdrop-filter', filter);
    this.#glass.style.setProperty('-webkit-backdrop-filter', filter);
    const wasCss = this.#path === 'css';
    this.#path = 'css';
    this.#ready = false;
    if (!wasCss) this.emit('glass-ready', { path: 'css' });
  }

  #start() {
    if (this.#raf) return;
    this.#ensureWorker();
    this.#stats.started();
    this.#raf = requestAnimationFrame(this.#tick);
  }

  #stop() {
    if (this.#raf) cancelAnimationFrame(this.#raf);
    this.#raf = 0;
    this.#stats.stopped();
  }

  #tick = () => {
    this.#raf = requestAnimationFrame(this.#tick);
    this.#frame();
  };

  #ensureWorker() {
    if (this.#worker) return;
    this.#worker = createBlurWorker({ idleMs: Infinity });
    this.#worker.start().catch(() => {});   // a failure shows in the first frame
    if (this.#port) this.#attachPort();
    this.#handCanvas();
  }

  // The worker draws each frame straight onto the glass's canvas where the engine can hand a canvas to a worker:
  // no ImageBitmap back to the page per frame. A canvas goes only once, so each worker gets a fresh one.
  #handCanvas() {
    const shown = this.#canvas;
    if (typeof shown.transferControlToOffscreen !== 'function') return;
    const canvas = document.createElement('canvas');
    canvas.setAttribute('aria-hidden', 'true');
    canvas.style.cssText = shown.style.cssText;
    shown.replaceWith(canvas);
    const offscreen = canvas.transferControlToOffscreen();
    // CPU-backed where the engine crashes with a GPU-backed canvas animated by a worker (WebKit: common/canvas-quirks.js).
    this.#worker.handCanvas(offscreen, { cpu: workerCanvasOnCpu() }).catch((error) => this.#workerFailed(error));
  }

  #attachPort() {
    if (this.#portAttached) return;
    this.#portAttached = true;
    this.#worker.attachSource(this.#port).catch((error) => this.#workerFailed(error));
  }

  #dropWorker() {
    this.#worker?.terminate();
    this.#worker = undefined;
    this.#pending = false;
    this.#ready = false;
    if (this.#portAttached) this.#port = undefined;   // it went with the worker
    this.#portAttached = false;
  }

  // Where the glass lies over the source: fractions of the source's box, and (for cutting on the page) pixels.
  #geometry(source) {
    const s = source.getBoundingClientRect();
    const g = this.getBoundingClientRect();
    if (s.width <= 0 || s.height <= 0) return undefined;
    const clamp = (v) => Math.min(Math.max(v, 0), 1);
    const region = { x0: clamp((g.left - s.left) / s.width), y0: clamp((g.top - s.top) / s.height),
      x1: clamp((g.right - s.left) / s.width), y1: clamp((g.bottom - s.top) / s.height) };
    if (region.x1 <= region.x0 || region.y1 <= region.y0) return undefined;
    return { region, s, g };
  }

  #frame() {
    if (!this.#worker && !this.#ensureWorkerForStill()) return;
    const source = this.#findSource();
    if (!source) return;
    if (this.#pending) {
      this.#stats.skipped();
      return;
    }
    const geometry = this.#geometry(source);
    if (!geometry) {
      this.#canvas.style.inlineSize = '0';
      this.#placed = undefined;
      return;
    }
    const { radius, quality } = this.#params;
    const { region } = geometry;
    const worker = this.#worker;
    let job;
    if (this.#port) {
      job = worker.blurFrame({ region, radius, quality });
    } else {
      const [pw, ph] = pixelSize(source);
      if (!pw || !ph) return;
      const x = Math.floor(region.x0 * pw);
      const y = Math.floor(region.y0 * ph);
      const rect = { x, y, width: Math.max(Math.ceil(region.x1 * pw) - x, 1), height: Math.max(Math.ceil(region.y1 * ph) - y, 1) };
      rect.width = Math.min(rect.width, pw - x);
      rect.height = Math.min(rect.height, ph - y);
      if (rect.width <= 0 || rect.height <= 0) return;
      if (source instanceof HTMLImageElement) {
        const key = `${source.currentSrc} ${rect.x} ${rect.y} ${rect.width} ${rect.height} ${radius} ${quality}`;
        if (key === this.#lastKey) return;
        this.#lastKey = key;
      }
      const cut = blurInputWindow(rect, radius, quality, pw, ph);
      const inner = { x: rect.x - cut.x, y: rect.y - cut.y, width: rect.width, height: rect.height };
      job = createImageBitmap(source, cut.x, cut.y, cut.width, cut.height)
        .then((bitmap) => {
          // Dropped while the bitmap was cut (the CSS path taken, the element gone): a job now would start the
          // dropped worker again, and nothing would ever end it.
          if (worker !== this.#worker) {
            bitmap.close();
            return {};
          }
          return worker.blurFrame({ bitmap, rect: inner, radius, quality });
        })
        .then((result) => ({ ...result, rect, sourceWidth: pw, sourceHeight: ph }));
    }
    this.#pending = true;
    job.then((result) => {
      if (worker !== this.#worker) { result.bitmap?.close(); return; }
      this.#pending = false;
      if (result.bitmap || result.drawn) this.#draw(source, result);
    }, (error) => {
      if (worker !== this.#worker) return;   // terminated on purpose
      this.#pending = false;
      this.#workerFailed(error);
    });
  }

  // Under reduced motion a still frame needs the worker too.
  #ensureWorkerForStill() {
    if (!this.isConnected || this.#path === 'css') return false;
    this.#ensureWorker();
    return true;
  }

  #draw(source, { bitmap, rect, sourceWidth, sourceHeight, ms }) {
    const canvas = this.#canvas;
    if (bitmap) {
      // The canvas's own size is the bitmap's, so that it reads back (drawImage, toBlob) at the source's pixels.
      if (canvas.width !== bitmap.width) canvas.width = bitmap.width;
      if (canvas.height !== bitmap.height) canvas.height = bitmap.height;
      const context = canvas.getContext('bitmaprenderer');
      if (context) {
        context.transferFromImageBitmap(bitmap);
      } else {
        canvas.getContext('2d').drawImage(bitmap, 0, 0);
        bitmap.close();
      }
    }
    // Placed over the source pixels it came from, through the source's box as it is now.
    const s = source.getBoundingClientRect();
    const g = this.getBoundingClientRect();
    const sx = s.width / sourceWidth;
    const sy = s.height / sourceHeight;
    const place = [`${s.left + rect.x * sx - g.left}px`, `${s.top + rect.y * sy - g.top}px`, `${rect.width * sx}px`,
      `${rect.height * sy}px`];
    // Styles are written only when the placement changes: fixed glass over a fixed source keeps it frame after frame.
    if (this.#placed !== place.join(' ')) {
      this.#placed = place.join(' ');
      Object.assign(canvas.style, { insetInlineStart: place[0], insetBlockStart: place[1], inlineSize: place[2], blockSize: place[3] });
    }
    this.#stats.drawn(ms);
    if (!this.#ready) {
      this.#ready = true;
      this.#path = this.#worker.path;
      this.emit('glass-ready', { path: this.#path });
    }
  }

  // A failed blur (a worker that does not start, a tainted img): reported, and the glass goes to CSS.
  #workerFailed(error) {
    this.#fail(error);
    this.#dropWorker();
    this.#failed = true;
    this.#useCss();
  }

  #report(key, error) {
    if (this.#reported.has(key)) return;
    this.#reported.add(key);
    this.#fail(error);
  }

  #fail(error) {
    this.emitError('glass-error', error);
  }
}
