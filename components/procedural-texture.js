// <procedural-texture>: the maps of a stone wall or a vault door face computed
// on the device (renderTexture(), api/texture.js), shown one map at a time on a
// canvas that fills band by band as the worker finishes each band of rows.
// Each render runs in a texture worker of its own, terminated after it
// (elements asking for the same texture at once share one render,
// internal/texture-shared-render.js); a change of kind, size or seed while a
// render runs cancels that render (its worker is terminated once no element
// shares it) and starts the new one: the latest request wins.
// Attribute changes made in one task make one request.
// A texture larger than its display is shown reduced (k x k block means,
// common/texture-reduce.js) on a canvas about the display's device pixels:
// a 2048 canvas shown at 512 px cost the page 50-70 ms frames and long tasks
// in Chromium, one 16 MiB canvas update per band (measured 2026-12-02). The
// maps and toBlob() keep every pixel.
import { ElementBase } from './internal/element-base.js';
import { h, say, statusLine } from './internal/dom.js';
import styles from './styles/procedural-texture.js';
import { sharedTextureRender } from './internal/texture-shared-render.js';
import { enginePath } from '../api/texture.js';
import { runInSlices, yieldToEventLoop } from '../common/slicer.js';
import { namedError } from '../common/errors.js';
import { oneOf } from '../api/arguments.js';
import { displayReduction, reduceRows, reducedSide } from '../common/texture-reduce.js';
import { TEXTURE_DEFAULTS, TEXTURE_KINDS, TEXTURE_LIMITS, TEXTURE_MAPS } from '../common/constants.js';

// The canvas, and under it the progress bar and the status line.
function shadowContent() {
  return [
    h('canvas', { part: 'canvas', role: 'img', width: 0, height: 0 }),
    h('div', { class: 'bar' },
      h('progress', { part: 'progress', max: 1, value: 0, hidden: true }),
      statusLine()),
  ];
}

const SLICE_ROWS = 64;

// The textures requested in one task start together in the next task, every canvas measured before any of them
// changes the page. Measured one by one in microtasks, each after the previous one had resized its canvas and
// written its status, they laid the page out once per texture inside the task that defined them (in the demo: five
// forced layouts, 20 ms of the import's task); measured together in the next task, the page is laid out once,
// outside the import's task, or not at all when a frame was drawn in between.
let startsDue = null;   // [{measure, start}] of the task queued

/** Runs `start(measure())` in the next task, after every `measure` of that task has run. */
function startAfterMeasuring(measure, start) {
  if (!startsDue) {
    startsDue = [];
    yieldToEventLoop().then(() => {
      const due = startsDue;
      startsDue = null;
      const widths = due.map((entry) => entry.measure());
      due.forEach((entry, i) => entry.start(widths[i]));
    });
  }
  startsDue.push({ measure, start });
}

/**
 * Tileable PBR maps of a stone wall or a vault door face, computed on the device in a worker and drawn band by band.
 *
 * @tagname procedural-texture
 * @summary A procedural texture (stone wall or vault door face): five maps, one shown on a canvas.
 *
 * @attr {'stone-wall' | 'vault-face'} kind - What to make (default `stone-wall`).
 * @attr {number} size - Width and height in pixels, 1..4096 (default 512).
 * @attr {number} seed - 0..4294967295 (default 0): the same seed gives the same bytes in every engine.
 * @attr {'albedo' | 'normal' | 'roughness' | 'ao' | 'orm'} map - The map the canvas shows (default `albedo`).
 *
 * @prop {'stone-wall' | 'vault-face'} kind - Reflects `kind` (its default when the attribute is not valid).
 * @prop {number} size - Reflects `size` (its default when the attribute is not valid).
 * @prop {number} seed - Reflects `seed` (its default when the attribute is not valid).
 * @prop {'albedo' | 'normal' | 'roughness' | 'ao' | 'orm'} map - Reflects `map`.
 * @prop {{albedo: Uint8ClampedArray, normal: Uint8ClampedArray, roughness: Uint8ClampedArray, ao: Uint8ClampedArray, orm: Uint8ClampedArray} | undefined} maps - The five maps of the last finished render (RGBA8, size x size each).
 * @prop {{kind: string, size: number, seed: number} | undefined} texture - What `maps` holds.
 * @prop {boolean} busy - True while a render runs.
 * @prop {'simd' | 'scalar' | 'js' | undefined} path - The build that made the last texture.
 *
 * @fires {CustomEvent<{done: number, total: number}>} texture-progress - After each band of rows is drawn: `done` of `total` bands.
 * @fires {CustomEvent<{ms: number, path: 'simd' | 'scalar' | 'js'}>} texture-ready - The texture is complete. `ms`: from the request (the attribute change, or the connection) to the last band; `path`: 'simd', 'scalar' or 'js'.
 * @fires {CustomEvent<{name: string, message: string}>} texture-error - A bad attribute (`TypeError`, `RangeError`; the last good texture stays) or a failed render.
 *
 * @csspart canvas - The canvas showing the map (role img, labelled with what it shows).
 * @csspart progress - The progress bar, shown while a render runs.
 * @csspart status - The live status line: rendering, ready in N ms, or the error.
 *
 * @cssprop --procedural-texture-size - The displayed width and height (default 256px); the canvas holds `size` pixels,
 *   or, for a texture larger than that in device pixels, the map reduced 2, 4, .. 32 times (`maps` keeps every pixel).
 * @cssprop --procedural-texture-background - Behind the canvas before the first band (default #2b2b30).
 * @cssprop --procedural-texture-radius - The canvas's corner radius (default 0).
 * @cssprop --procedural-texture-status-color - The status text.
 * @cssprop --procedural-texture-error-color - The status text of an error (default #b3261e).
 * @cssprop --procedural-texture-progress-color - The progress bar's accent colour.
 */
export class ProceduralTexture extends ElementBase {
  static styles = styles;
  static observedAttributes = ['kind', 'size', 'seed', 'map'];

  #maps;               // the last finished render's maps
  #texture;            // {kind, size, seed} of #maps
  #reduction = 1;      // #maps are shown reduced this many times in each direction
  #path;
  #render;             // the render in flight: {controller, params, start, lastBand, drawn}
  #requestedAt;        // when the pending request was made (the first change of the task)
  #drawing;            // AbortController of a whole-map redraw in slices
  #said;               // the status line's {key, args, problem}

  constructor() {
    super();
    this.createShadow({ mode: 'open' }, ...shadowContent());
    this.upgradeProperties(['kind', 'size', 'seed', 'map']);
  }

  get #canvas() { return this.shadowRoot.querySelector('canvas'); }

  connectedCallback() {
    super.connectedCallback();
    this.#request();
  }

  disconnectedCallback() {
    super.disconnectedCallback();
    this.#cancel();
    this.#requestedAt = undefined;
  }

  attributeChangedCallback(name, before, value) {
    if (before === value) return;
    if (name !== 'map') {
      this.#request();
      return;
    }
    try {
      this.#parse('map');
    } catch (error) {
      this.#fail(error);
      return;
    }
    this.#label();
    // The finished texture is redrawn in the new map now, or, mid-render, once it is finished.
    if (this.#render) this.#render.mapChanged = true;
    else this.#redraw();
  }

  /** @type {'stone-wall' | 'vault-face'} */
  get kind() { return this.#valid('kind'); }
  set kind(value) { this.setAttribute('kind', String(value)); }
  /** @type {number} */
  get size() { return this.#valid('size'); }
  set size(value) { this.setAttribute('size', String(value)); }
  /** @type {number} */
  get seed() { return this.#valid('seed'); }
  set seed(value) { this.setAttribute('seed', String(value)); }
  /** @type {'albedo' | 'normal' | 'roughness' | 'ao' | 'orm'} */
  get map() { return this.#valid('map'); }
  set map(value) { this.setAttribute('map', String(value)); }

  /** The five maps of the last finished render. @type {import('../api/texture.js').TextureMaps | undefined} */
  get maps() { return this.#maps; }
  /** What `maps` holds. @type {{kind: string, size: number, seed: number} | undefined} */
  get texture() { return this.#texture && { ...this.#texture }; }
  /** True while a render runs. @type {boolean} */
  get busy() { return !!this.#render; }
  /** The build that made the last texture. @type {'simd' | 'scalar' | 'js' | undefined} */
  get path() { return this.#path; }

  /**
   * One map of the last finished render as an image file (PNG unless `type` names another the browser encodes).
   * Rejects with a RangeError for an unknown map, an InvalidStateError before the first texture.
   * @param {string} [map] albedo, normal, roughness, ao or orm (default: the map shown)
   * @param {string} [type] default 'image/png'
   * @returns {Promise<Blob>}
   */
  async toBlob(map = this.map, type = 'image/png') {
    oneOf(String(map), 'map', TEXTURE_MAPS);
    if (!this.#maps) throw namedError('InvalidStateError', 'no texture has been rendered yet');
    const { size } = this.#texture;
    const pixels = this.#maps[map];
    const canvas = typeof OffscreenCanvas === 'function'
      ? new OffscreenCanvas(size, size) : Object.assign(document.createElement('canvas'), { width: size, height: size });
    const context = canvas.getContext('2d');
    await runInSlices(Math.ceil(size / SLICE_ROWS), (i) => putRows(context, pixels, size, i * SLICE_ROWS));
    if (canvas.convertToBlob) return canvas.convertToBlob({ type });
    return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(namedError('InvalidStateError', `the browser cannot encode ${type}`))), type));
  }

  // The attribute's value when valid, else its default.
  #valid(name) {
    return this.validAttribute(() => this.#parse(name), TEXTURE_DEFAULTS[name]);
  }

  #parse(name) {
    if (name === 'kind') return this.choiceAttribute('kind', TEXTURE_KINDS, TEXTURE_DEFAULTS.kind);
    if (name === 'size') return this.integerAttribute('size', 1, TEXTURE_LIMITS.size, TEXTURE_DEFAULTS.size);
    if (name === 'seed') return this.integerAttribute('seed', 0, TEXTURE_LIMITS.seed, TEXTURE_DEFAULTS.seed);
    return this.choiceAttribute('map', TEXTURE_MAPS, TEXTURE_DEFAULTS.map);
  }

  // Every change of one task makes one request, started in the next task with the canvas's width on screen.
  #request() {
    this.#cancelIfOutdated();
    if (this.#requestedAt !== undefined) return;
    this.#requestedAt = performance.now();
    startAfterMeasuring(() => (this.isConnected ? this.#canvas.getBoundingClientRect().width : 0), (width) => this.#start(width));
  }

  #start(width) {
    const start = this.#requestedAt;
    this.#requestedAt = undefined;
    if (!this.isConnected) return;
    let params;
    try {
      params = { kind: this.#parse('kind'), size: this.#parse('size'), seed: this.#parse('seed') };
    } catch (error) {
      this.#fail(error);   // the last good texture (and a render of good attributes) stays
      return;
    }
    const same = (other) => other && other.kind === params.kind && other.size === params.size && other.seed === params.seed;
    if (same(this.#render?.params) || (!this.#render && same(this.#texture))) return;
    this.#cancel();
    const reduction = displayReduction(params.size, Math.round(width * devicePixelRatio));
    const render = { controller: new AbortController(), params, reduction, start, lastBand: start, mapChanged: false };
    this.#render = render;
    const side = reducedSide(params.size, reduction);
    if (this.#canvas.width !== side) this.#resize(side);
    this.#status('texture.rendering', { kind: params.kind, size: params.size });
    const progress = this.shadowRoot.querySelector('progress');
    progress.value = 0;
    progress.hidden = false;
    // Bands carry only the maps shown (by this element and those sharing the render): the worker copies and the page
    // drops nothing else. After a change of map mid-render, the finished texture is drawn again in the new map.
    sharedTextureRender(params, reduction, { map: this.map, signal: render.controller.signal,
      onBand: (report) => this.#band(render, report) })
      .then((maps) => this.#finish(render, maps), (error) => {
        if (render !== this.#render) return;   // cancelled by a newer request
        this.#render = undefined;
        progress.hidden = true;
        this.#fail(error);
      });
  }

  // One band from the worker: drawn at once, in the map shown now.
  #band(render, { done, total, band }) {
    if (render !== this.#render) return;
    const { params: { size }, reduction } = render;
    this.#stopRedraw();
    const pixels = band[this.map];
    if (!pixels) render.mapChanged = true;   // a render shared from before this map was asked: drawn when it ends
    if (pixels) {
      const image = new ImageData(pixels, reducedSide(size, reduction), reducedSide(band.y1 - band.y0, reduction));
      this.#canvas.getContext('2d').putImageData(image, 0, band.y0 / reduction);
      render.drawn = true;
    }
    render.lastBand = performance.now();
    this.shadowRoot.querySelector('progress').value = done / total;
    this.emit('texture-progress', { done, total });
  }

  #finish(render, maps) {
    if (render !== this.#render) return;
    this.#render = undefined;
    this.#maps = maps;
    this.#texture = render.params;
    this.#reduction = render.reduction;
    this.#path = enginePath('texture');
    this.shadowRoot.querySelector('progress').hidden = true;
    const { kind, size } = render.params;
    if (render.mapChanged) this.#redraw();
    this.#label();
    const ms = render.lastBand - render.start;
    this.#status('texture.ready', { kind, size, ms: this.count(Math.round(ms)).count });
    this.emit('texture-ready', { ms, path: this.#path });
  }

  // The render in flight is dropped and its worker terminated.
  // A render of other attributes than the element's now stops at once, not in the task the new one starts in: no band
  // of it is drawn or reported after the change (an attribute that does not parse is reported by #start).
  #cancelIfOutdated() {
    const running = this.#render?.params;
    if (!running) return;
    try {
      if (running.kind === this.#parse('kind') && running.size === this.#parse('size') && running.seed === this.#parse('seed')) return;
    } catch {
      return;
    }
    this.#cancel();
  }

  #cancel() {
    const render = this.#render;
    this.#render = undefined;
    render?.controller.abort(namedError('AbortError', 'a newer texture request replaced this one'));
    this.#stopRedraw();
    if (render) this.shadowRoot.querySelector('progress').hidden = true;
  }

  // A new canvas size clears the canvas. Its pixels are allocated at the first drawing (10-40 ms at 2048 in Chromium):
  // that is done in a task of its own, not in the one that draws the first band.
  #resize(size) {
    const canvas = this.#canvas;
    canvas.width = size;
    canvas.height = size;
    this.#label();
    // Not once a band is drawn (its first pixel would be cleared): a band can come first when the start itself ran
    // in a task of its own.
    const render = this.#render;
    yieldToEventLoop().then(() => {
      if (canvas.width === size && !render?.drawn) canvas.getContext('2d').putImageData(new ImageData(1, 1), 0, 0);   // transparent, as it was
    });
  }

  // The whole map shown, drawn (reduced as the canvas is) in slices of rows (a 4096 map is 64 MiB).
  #redraw() {
    this.#stopRedraw();
    if (!this.#maps) return;
    const controller = new AbortController();
    this.#drawing = controller;
    const { size } = this.#texture;
    const pixels = this.#maps[this.map];
    const reduction = this.#reduction;
    // After a failed render of another size the canvas is sized for that one: back to the maps' own.
    const side = reducedSide(size, reduction);
    if (this.#canvas.width !== side) Object.assign(this.#canvas, { width: side, height: side });
    const context = this.#canvas.getContext('2d');
    runInSlices(Math.ceil(size / SLICE_ROWS), (i) => putRows(context, pixels, size, i * SLICE_ROWS, reduction), { signal: controller.signal });
  }

  #stopRedraw() {
    this.#drawing?.abort();
    this.#drawing = undefined;
  }

  #label() {
    const { kind, seed, size } = this.#render?.params ?? this.#texture ?? { kind: this.kind, seed: this.seed, size: this.size };
    this.#canvas.setAttribute('aria-label', this.term('texture.label', { kind, map: this.map, seed, size }));
  }

  // The status line says the term `key` with `args`, again in a new language.
  #status(key, args, problem = false) {
    this.#said = { key, args, problem };
    say(this.shadowRoot.querySelector('.status'), this.term(key, args), problem);
  }

  updateStrings() {
    this.shadowRoot.querySelector('progress').setAttribute('aria-label', this.term('texture.progress'));
    if (this.#said) this.#status(this.#said.key, this.#said.args, this.#said.problem);
    this.#label();
  }

  #fail(error) {
    const { message } = this.emitError('texture-error', error);
    this.#status(this.#maps ? 'texture.keepLast' : 'texture.failed', { message }, true);
  }
}

/** Rows y0.. of one map (up to SLICE_ROWS, y0 a multiple of it) onto a 2D context, reduced `reduction` times. */
function putRows(context, pixels, size, y0, reduction = 1) {
  const rows = Math.min(SLICE_ROWS, size - y0);
  const band = pixels.subarray(y0 * size * 4, (y0 + rows) * size * 4);
  const image = reduction === 1 ? new ImageData(band, size, rows)
    : new ImageData(reduceRows(band, size, rows, reduction), reducedSide(size, reduction), reducedSide(rows, reduction));
  context.putImageData(image, 0, y0 / reduction);
}
