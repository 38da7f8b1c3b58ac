// A sequential Argon2id job's touch helper. The first write to a 4 KiB page a
// process has never touched costs about 10.5 us on this project's hosts
// (bench/calls/fresh-memory.mjs): 170 ms of a fresh 64 MiB hash, whose kernel
// takes 140. Where lanes can run in parallel (a cross-origin-isolated page),
// a p = 1 job hashes in the lanes build over a shared memory, and a lane
// worker started with the argon2 worker writes each page of the blocks once,
// from the end down, while the job's first pass fills them from the start:
// two threads fault the fresh memory together (64 MiB: 88-98 ms against
// 163-172 for one thread, cpp/argon2/NOTES.md).
//
// The write is Atomics.add(word, 0): an atomic read-modify-write that leaves
// the word as it was, whichever thread writes it first, so the tag is the same
// whether the helper runs ahead, lags or never comes.
import { startModuleWorker } from '../common/start-worker.js';

const PAGE_BYTES = 4096;

/**
 * Lane worker side: writes each 4 KiB page of the shared `memory`'s bytes [from, to) once, from the end down (a
 * word in the range per page: the page's first, or for the first page the range's first whole word).
 * @returns {number} the pages written
 */
export function touchPages(memory, from, to) {
  const words = new Int32Array(memory.buffer);
  const first = Math.ceil(from / 4) * 4;
  let pages = 0;
  for (let page = Math.floor((to - 1) / PAGE_BYTES) * PAGE_BYTES; page + PAGE_BYTES > first && to - first >= 4; page -= PAGE_BYTES) {
    Atomics.add(words, Math.max(page, first) >>> 2, 0);
    pages += 1;
  }
  return pages;
}

/**
 * The argon2 worker's side: a lane worker (its own script, `name`) that touches a job's memory when asked, once it
 * is up. Asked before it is up, it does nothing: a nested worker does not start while its parent blocks, which a
 * hash does from its first block to its tag.
 */
export class TouchHelper {
  #worker;
  #up = false;

  constructor(url, name) {
    this.#worker = startModuleWorker(url, name);
    this.#worker.onmessage = ({ data }) => { if (data?.type === 'up') this.#up = true; };
    this.#worker.onerror = () => { this.#up = false; };
  }

  /** Starts writing each page of memory's [from, to) from the end down; false when the helper is not up. */
  touch(memory, from, to) {
    if (!this.#up) return false;
    this.#worker.postMessage({ type: 'touch', memory, from, to });
    return true;
  }

  terminate() {
    this.#worker.terminate();
  }
}
