// The Argon2id worker of the attempt a person is typing, readied while they
// type (api/argon2.js warmArgon2): started, self-tested, its memory taken, so
// that pressing Enter starts the hash at once on warm memory. It holds no
// secret. It is let go after a pause in typing, when the field is emptied or
// the settings change, and when the element leaves the page.
import { IDLE_MS } from '../../common/constants.js';

export class WarmStart {
  #warm;     // {key, handle, timer}
  #start;
  #idleMs;

  /**
   * @param {(params: {m: number, p: number}) => {release(): void}} start  warmArgon2
   * @param {{idleMs?: number}} [options]  how long a readied worker waits for more typing
   */
  constructor(start, { idleMs = IDLE_MS.argon2Warm } = {}) {
    this.#start = start;
    this.#idleMs = idleMs;
  }

  /** Readies (or keeps) a worker for a job of m KiB and p lanes; re-arms the idle timer. */
  prepare({ m, p }) {
    const key = `${m}:${p}`;
    if (this.#warm?.key !== key) {
      this.release();
      this.#warm = { key, handle: this.#start({ m, p }) };
    }
    clearTimeout(this.#warm.timer);
    this.#warm.timer = setTimeout(() => this.release(), this.#idleMs);
  }

  /** The readied worker's handle for the job at hand (then no longer this object's), or undefined. */
  take({ m, p }) {
    const warm = this.#warm;
    if (!warm) return undefined;
    this.#warm = undefined;
    clearTimeout(warm.timer);
    if (warm.key === `${m}:${p}`) return warm.handle;
    warm.handle.release();
    return undefined;
  }

  /** Ends a readied worker that no job took. */
  release() {
    if (!this.#warm) return;
    clearTimeout(this.#warm.timer);
    this.#warm.handle.release();
    this.#warm = undefined;
  }

  get active() {
    return Boolean(this.#warm);
  }
}
