// Parallel lanes for Argon2id (p > 1) on a crossOriginIsolated page: the lanes
// of every slice are filled by several threads at once over one shared
// WebAssembly.Memory, through argon2.lanes.wasm (cpp/argon2/lanes.cpp: the
// same kernel as the main build, exports lanes_init, lanes_fill_segment,
// lanes_finalize, lanes_set_stack, no libc, imports its memory).
//
// The calling worker (the argon2 worker) is one of the threads: it starts
// threads - 1 lane workers (worker/argon2-lane.js), waits until each has
// instantiated the module (a nested worker does not start while its parent
// blocks), then fills its own lanes, meeting the others at a barrier after
// every slice (Atomics.wait/notify). Lane l goes to thread l % threads. The
// output is byte-identical to sequential lanes: every segment reads only
// blocks of earlier slices, or its own lane's, whichever thread wrote them.
//
// Shared memory layout (bytes):
//   [0, heapBase)          the module's data and the calling thread's stack
//   (threads-1) x 64 KiB   one stack per lane worker
//   blocks                 the Argon2 memory (m rounded down to 4p KiB)
//   inputs, tag            password, salt, secret, ad, tag (erased after use)
import { barrier, fillLanes } from './argon2-lane-sync.js';
import { startModuleWorker } from '../common/start-worker.js';
import { statusError } from './wasm-status.js';

const LANE_STACK_BYTES = 64 * 1024;
const PAGE_BYTES = 64 * 1024;
const MAX_PAGES = 65536;
const READY_TIMEOUT_MS = 10_000;  // a lane worker that never starts must not hang the job

/** True where lanes can run in parallel: SharedArrayBuffer and Atomics.wait in this worker. */
export function parallelLanesAvailable() {
  return typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated === true
    && typeof Atomics?.wait === 'function';
}

const align = (n, to) => Math.ceil(n / to) * to;

/** Threads used for p lanes, this one included: one per core, at most one per lane. */
export function laneThreads(p) {
  return Math.max(1, Math.min(p, globalThis.navigator?.hardwareConcurrency || 2));
}

/** The name a lane worker is started under: worker/argon2.js then serves as one. */
export const LANE_WORKER_NAME = 'argon2-lane';

// No default URL: the lane script is the argon2 worker's own, whose URL the
// page named (api/modules/argon2.js) and passed on.
function spawnFrom(laneUrl) {
  return () => {
    if (!laneUrl) throw new TypeError('argon2idParallel: laneUrl or spawn is required for threads > 1');
    return startModuleWorker(laneUrl, LANE_WORKER_NAME);
  };
}

/**
 * Starts `count` lane workers ahead of a job (their start, 10-30 ms in
 * Chromium, then overlaps with whatever the caller does meanwhile, e.g. the
 * argon2 worker's own instantiation and self-test). Pass them to
 * argon2idParallel as `workers`; each serves one job and is terminated by it.
 */
export function startLaneWorkers(count, { laneUrl, spawn = spawnFrom(laneUrl) } = {}) {
  return Array.from({ length: count }, () => {
    const worker = spawn();
    // An error before the job attaches its handlers (a script that failed to load) must not be lost.
    worker.onerror = (event) => earlyErrors.set(worker, event);
    return worker;
  });
}

const earlyErrors = new WeakMap();

/**
 * Argon2id with lanes in parallel threads. Inputs as in argon2-ops.js hash();
 * `module` is the compiled argon2.lanes.wasm; `threads` the thread count
 * including this one (default min(p, hardwareConcurrency)); `laneUrl` is the
 * URL of worker/argon2-lane.js (bundled: dist/workers/argon2-lane.js), or
 * `spawn` makes a Worker-like lane worker (tests pass a worker_threads
 * adapter); `workers` are lane workers from startLaneWorkers (spawned only
 * when there are too few); `message(code)` turns a kernel status into text
 * (the main build's error_message); the error's kind follows from the code
 * (worker/wasm-status.js), as everywhere.
 * @returns {Promise<Uint8Array>} the tag
 */
export async function argon2idParallel(options) {
  try {
    return await hashInParallel(options);
  } finally {
    for (const worker of options.workers ?? []) worker.terminate();  // also on early errors
  }
}

// Where things go in the shared memory of a job of (t, m, p) on `threads`
// threads. A first instance on a two-page memory tells it (the module's data
// and stack end at __heap_base) and the Argon2 memory size; the job's memory
// is then made exactly as large as needed (a shared memory reserves its
// maximum up front).
export async function laneLayout(module, { t, m, p, length = 32, threads, message }) {
  const probe = (await WebAssembly.instantiate(module, {
    env: { memory: new WebAssembly.Memory({ initial: 2, maximum: 2, shared: true }) },
  })).exports;
  const blockBytes = probe.lanes_memory_bytes(t, m, p);
  if (blockBytes === 0) {
    const code = probe.lanes_init(0, t, m, p, length, 0, 0, 0, 0, 0, 0, 0, 0);
    throw statusError(code, message(code));
  }
  const heapBase = align(probe.__heap_base.value, 16);
  // Page-aligned, as the main build's blocks: a 1 KiB block then spans 16 cache lines, not 17.
  const blocks = align(heapBase + (threads - 1) * LANE_STACK_BYTES, 4096);
  return { heapBase, blocks, blockBytes };
}

// Room readied for the inputs and the tag after the blocks: a job whose inputs
// need more makes a memory of its own.
const READIED_INPUT_BYTES = 64 * 1024;

/**
 * The shared memory of a coming parallel job of m KiB over p lanes, made and
 * touched ahead (every 4 KiB page written once, so the job does not take a page
 * fault per page while it fills its first pass). Pass it to argon2idParallel as
 * `memory`, for one job. Holds no secret.
 * @returns {Promise<WebAssembly.Memory>}
 */
export async function prepareLaneMemory({ module, m, p, threads = laneThreads(p), message = (code) => `argon2 lanes: status ${code}` }) {
  threads = Math.max(1, Math.min(threads, p));
  const { blocks, blockBytes } = await laneLayout(module, { t: 1, m, p, threads, message });
  const pages = Math.ceil((blocks + blockBytes + READIED_INPUT_BYTES) / PAGE_BYTES);
  if (pages > MAX_PAGES) throw new RangeError('m: too large for parallel lanes');
  const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  const view = new Uint8Array(memory.buffer);
  for (let at = 0; at < view.length; at += 4096) view[at] = 0;
  return memory;
}

async function hashInParallel({
  module, password, salt, secret, ad, t, m, p, length,
  threads = laneThreads(p),
  laneUrl,
  spawn = spawnFrom(laneUrl),
  workers: started = [],
  memory: readied,
  message = (code) => `argon2 lanes: status ${code}`,
}) {
  threads = Math.max(1, Math.min(threads, p));
  const { heapBase, blocks, blockBytes } = await laneLayout(module, { t, m, p, length, threads, message });
  let end = blocks + blockBytes;
  const place = (bytes) => {
    const at = end;
    end = align(end + (bytes?.length ?? 0), 8);
    return at;
  };
  const at = { password: place(password), salt: place(salt), secret: place(secret), ad: place(ad) };
  const tagAt = place({ length });
  const pages = Math.ceil(end / PAGE_BYTES);
  if (pages > MAX_PAGES) throw new RangeError('m: too large for parallel lanes');
  const memory = readied && readied.buffer.byteLength >= end
    ? readied
    : new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  const lanes = (await WebAssembly.instantiate(module, { env: { memory } })).exports;

  const heap = () => new Uint8Array(memory.buffer);
  const spawned = [];  // started here; the pre-started ones are terminated by argon2idParallel
  let erasedUpTo = blocks;  // lanes_finalize erases the blocks itself
  try {
    for (const [name, bytes] of Object.entries({ password, salt, secret, ad })) if (bytes) heap().set(bytes, at[name]);
    const code = lanes.lanes_init(blocks, t, m, p, length,
      at.password, password?.length ?? 0, at.salt, salt?.length ?? 0,
      at.secret, secret?.length ?? 0, at.ad, ad?.length ?? 0);
    heap().fill(0, at.password, tagAt);  // the inputs are in H0 now
    if (code !== 0) throw statusError(code, message(code));

    const control = new Int32Array(new SharedArrayBuffer(3 * 4));
    const lanesOf = (thread) => Array.from({ length: p }, (_, lane) => lane).filter((lane) => lane % threads === thread);
    const ready = [];
    for (let thread = 1; thread < threads; thread += 1) {
      const worker = thread <= started.length ? started[thread - 1] : spawn();
      if (thread > started.length) spawned.push(worker);
      ready.push(new Promise((resolve, reject) => {
        worker.onmessage = ({ data }) => {
          if (data.type === 'ready') resolve();
          else if (data.type === 'failed') reject(new Error(`argon2 lane worker: ${data.message}`));
        };
        worker.onerror = (event) => reject(new Error(`argon2 lane worker: ${event?.message ?? event}`));
        if (earlyErrors.has(worker)) worker.onerror(earlyErrors.get(worker));
      }));
      worker.postMessage({
        module, memory, control: control.buffer, t, m, p, blocks,
        lanes: lanesOf(thread), parties: threads,
        stackTop: heapBase + thread * LANE_STACK_BYTES,
      });
    }
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('argon2 lane workers did not start within 10 s')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([Promise.all(ready), timeout]);
    } finally {
      clearTimeout(timer);
    }
    // Synchronous from here on: this thread's lanes, barriers with the workers.
    fillLanes(lanes, { control, t, m, p, lanes: lanesOf(0), parties: threads, blocks });
    if (control[2] !== 0) throw statusError(control[2], control[2] === -1 ? 'argon2 lanes: a lane worker trapped' : message(control[2]));
    const done = lanes.lanes_finalize(blocks, t, m, p, tagAt, length);
    if (done !== 0) throw statusError(done, message(done));
    erasedUpTo = blocks + blockBytes;
    return heap().slice(tagAt, tagAt + length);
  } finally {
    for (const worker of spawned) worker.terminate();
    heap().fill(0, erasedUpTo, end);  // nothing of the job stays in the shared memory
  }
}

export { barrier, LANE_STACK_BYTES };
