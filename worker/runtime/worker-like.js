// A worker_threads Worker with the part of the Web Worker interface the runtime
// uses (postMessage with a transfer list, onmessage/onerror, addEventListener,
// terminate), so that the same client code drives both. Node only.
export class WorkerLike {
  #thread;
  #listeners = { message: new Set(), error: new Set() };
  onmessage = null;
  onerror = null;

  /** @param {import('node:worker_threads').Worker} thread */
  constructor(thread) {
    this.#thread = thread;
    thread.on('message', (data) => this.#emit('message', { data }));
    thread.on('error', (error) => this.#emit('error', { message: error?.message ?? String(error), error, preventDefault() {} }));
  }

  #emit(type, event) {
    this[`on${type}`]?.(event);
    for (const listener of this.#listeners[type]) listener(event);
  }

  postMessage(message, transfer = []) {
    this.#thread.postMessage(message, transfer);
  }

  addEventListener(type, listener, { once = false } = {}) {
    const wrapped = once ? (event) => { this.#listeners[type].delete(wrapped); listener(event); } : listener;
    this.#listeners[type]?.add(wrapped);
  }

  terminate() {
    this.#thread.terminate();
  }

  /** Whether the thread keeps the process alive (while it has a job). */
  keepAlive(busy) {
    if (busy) this.#thread.ref();
    else this.#thread.unref();
  }
}
