// <glass-blur>'s frame statistics (its `stats`): frames drawn, frames skipped
// while the worker was busy, the median of the worker's time per frame over the
// last frames, and the share of the running time the worker was busy.
import { GLASS_STATS_FRAMES } from '../../common/constants.js';

function median(values) {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

export class FrameStats {
  #framesDrawn = 0;
  #framesSkipped = 0;
  #times = [];        // the worker's ms of the last GLASS_STATS_FRAMES frames
  #busyMs = 0;
  #runMs = 0;         // running time before the current run
  #runStart;          // when the current run started, or undefined while paused

  /** Starts afresh; a run going on is counted from now. */
  reset() {
    const running = this.#runStart !== undefined;
    this.#framesDrawn = 0;
    this.#framesSkipped = 0;
    this.#times = [];
    this.#busyMs = 0;
    this.#runMs = 0;
    this.#runStart = running ? performance.now() : undefined;
  }

  started() { this.#runStart = performance.now(); }

  stopped() {
    if (this.#runStart !== undefined) this.#runMs += performance.now() - this.#runStart;
    this.#runStart = undefined;
  }

  skipped() { this.#framesSkipped++; }

  /** A frame the worker blurred in `ms`. */
  drawn(ms) {
    this.#framesDrawn++;
    this.#busyMs += ms;
    this.#times.push(ms);
    if (this.#times.length > GLASS_STATS_FRAMES) this.#times.shift();
  }

  /** @returns {{framesDrawn: number, framesSkipped: number, medianMs: number, workerBusyShare: number}} */
  snapshot() {
    const runMs = this.#runMs + (this.#runStart === undefined ? 0 : performance.now() - this.#runStart);
    return { framesDrawn: this.#framesDrawn, framesSkipped: this.#framesSkipped, medianMs: median(this.#times),
      workerBusyShare: runMs > 0 ? Math.min(1, this.#busyMs / runMs) : 0 };
  }
}
