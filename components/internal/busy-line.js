// The busy indicator of <vault-unlock>'s status line while an attempt runs: a
// spinner, the seconds since Enter (ten times a second) and, once the worker
// reports it, a progress bar; and `:state(busy)` for page styles.

export class BusyLine {
  #parts;      // {busy, elapsed, progress}
  #states;     // the element's CustomStateSet, where there is one
  #format;     // seconds -> the text shown ("2.3 s")
  #timer;
  #started;

  /**
   * @param {{busy: HTMLElement, elapsed: HTMLElement, progress: HTMLProgressElement}} parts
   * @param {ElementInternals} internals
   * @param {(seconds: number) => string} format
   */
  constructor(parts, internals, format) {
    this.#parts = parts;
    this.#states = internals.states;
    this.#format = format;
  }

  get running() { return this.#timer !== undefined; }

  /** Shows the indicator, counting from `started` (performance.now()). */
  start(started) {
    this.stop();
    this.#started = started;
    this.#setState(true);
    this.#parts.busy.hidden = false;
    this.#parts.progress.hidden = true;
    this.#tick();
    this.#timer = setInterval(() => this.#tick(), 100);
  }

  /** A worker's progress, 0..1 (other reports are ignored). */
  progress(value) {
    if (!this.running || typeof value !== 'number') return;
    this.#parts.progress.hidden = false;
    this.#parts.progress.value = Math.min(1, Math.max(0, value));
  }

  stop() {
    if (!this.running) return;
    clearInterval(this.#timer);
    this.#timer = undefined;
    this.#setState(false);
    this.#parts.busy.hidden = true;
  }

  #tick() {
    this.#parts.elapsed.textContent = this.#format((performance.now() - this.#started) / 1000);
  }

  // Engines without CustomStateSet (or with only the old --busy form) just skip it.
  #setState(on) {
    try {
      this.#states[on ? 'add' : 'delete']('busy');
    } catch {
      // not supported here
    }
  }
}
