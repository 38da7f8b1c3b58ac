// Parallel lanes for Argon2id (p > 1) on a crossOriginIsolated page: the lanes
// of every slice are filled by several threads at once over one shared
// WebAssembly.Memory, through argon2.lanes.wasm (cpp/argon2/lanes.cpp: the
// same kernel as the main build, exports lanes_init, lanes_fill_segment,
// lanes_finalize, lanes_set_stack, no libc, imports its memory).
//
// The calling worker (the argon2 worker) is one of the threads. The page
// starts the other threads - 1, the lane workers (worker/argon2-lane.js),
// beside it and hands it a MessagePort to each (laneWorkerOnPort): Firefox 153
// left a worker's own `new Worker()` blocked for good about once in 20
// parallel jobs, so no lane worker is nested. The argon2 worker hands each the
// module and the job's memory and waits until each has instantiated, then
// posts each its lanes and fills its own, meeting the others at a barrier after
// every slice (Atomics.wait/notify).
// prepareLanes does all but the job's own part ahead, while the user types.
// Each thread takes the next unfilled lane of the slice until none is left
// (worker/argon2-lane-sync.js). The output is byte-identical to sequential
// lanes: every segment reads only blocks of earlier slices, or its own lane's,
// whichever thread wrote them.
//
// Shared memory layout (bytes):
//   [0, heapBase)          the module's data, then the calling thread's stack
//                          (the top COORDINATOR_STACK_BYTES; erased after the job)
//   (threads-1) x 64 KiB   one stack per lane worker (erased after the job)
//   blocks                 the Argon2 memory (m rounded down to 4p KiB), erased
//                          after the last slice by every thread, lane by lane
//   inputs, tag            password, salt, secret, ad, tag (erased after use)
import { barrier, CONTROL_WORDS, eraseLanes, fillLanes } from './argon2-lane-sync.js';
import { INTERNAL_ERROR, statusError } from './wasm-status.js';
import { namedError } from '../common/errors.js';
import { laneThreads } from '../common/lane-threads.js';

const LANE_STACK_BYTES = 64 * 1024;
// The calling thread's stack, just below __heap_base: wasm-ld puts it after the
// data, `-z stack-size=65536` in cpp/argon2/CMakeLists.txt. Its block
// temporaries (fill_block's R) stay there after a job, as in the lane workers'
// stacks (tests/js/argon2-lanes.test.js checks that a job leaves no byte of
// either and changes nothing below).
const COORDINATOR_STACK_BYTES = 64 * 1024;
const PAGE_BYTES = 64 * 1024;
const MAX_PAGES = 65536;
const READY_TIMEOUT_MS = 10_000;  // a lane worker that never starts must not hang the job

/** True where lanes can run in parallel: SharedArrayBuffer and Atomics.wait in this worker. */
export function parallelLanesAvailable() {
  return typeof SharedArrayBuffer === 'function' && globalThis.crossOriginIsolated === true
    && typeof Atomics?.wait === 'function';
}

const align = (n, to) => Math.ceil(n / to) * to;


/**
 * A lane worker the page started, as this thread drives it: through `port`,
 * the other end of which the page handed the lane worker ('connect',
 * worker/argon2-lane.js). terminate() asks it to close: the page, which owns
 * the Worker, terminates it with the argon2 worker in any case. Errors of its
 * script reach the page, which then ends this worker's client.
 * @param {MessagePort} port
 */
export function laneWorkerOnPort(port) {
  return {
    postMessage: (message, transfer = []) => port.postMessage(message, transfer),
    set onmessage(handler) { port.onmessage = handler; },
    set onerror(handler) {},
    terminate() {
      port.postMessage({ type: 'end' });
      port.close();
    },
  };
}

// Threads for a job: at most one per lane worker at hand, and this one, unless `spawn` can start more (tests).
const threadsWith = (threads, p, available, spawn) => Math.max(1, Math.min(threads, p, spawn ? Infinity : available + 1));

/**
 * Argon2id with lanes in parallel threads. Inputs as in argon2-ops.js hash();
 * `module` is the compiled argon2.lanes.wasm; `threads` the thread count
 * including this one (default min(p, hardwareConcurrency)); `workers` are
 * Worker-like lane workers (laneWorkerOnPort), each serving one job and
 * terminated by it; with fewer than threads - 1 of them the job runs on fewer
 * threads (one: this thread alone, the same tag), unless `spawn` makes more
 * (tests pass a worker_threads adapter); `readied` is a stage from prepareLanes for this
 * job's m and p (used when the job's inputs fit its room); `message(code)`
 * turns a kernel status into text (the main build's error_message); the
 * error's kind follows from the code (worker/wasm-status.js), as everywhere.
 * `keep(stage)`: after a job that succeeded, the job's stage (its shared memory, erased, this thread's instance on
 * it and the lane workers still attached) is handed to `keep` instead of being let go: a next job of the same m and
 * p given it as `readied` takes no fresh memory and starts no worker; endStage() lets it go.
 * `onProgress(fraction)`: after each slice.
 * @returns {Promise<Uint8Array>} the tag
 */
export async function argon2idParallel(options) {
  const given = [...options.workers ?? [], ...options.readied?.workers ?? []];
  let done;
  try {
    done = await hashInParallel(options);
  } catch (error) {
    // Also on early errors; a readied stage serves one job, used or not.
    for (const worker of given) worker.terminate();
    throw error;
  }
  const { tag, stage } = done;
  // Each Worker once, whether it came as itself or inside the LaneWorker that drove it.
  const own = (worker) => (worker instanceof LaneWorker ? worker.worker : worker);
  const kept = new Set(options.keep ? stage.workers.map(own) : []);
  const ending = [...new Set([...given, ...stage.workers].map(own))].filter((worker) => !kept.has(worker));
  if (options.lingerMs > 0) setTimeout(() => { for (const worker of ending) worker.terminate(); }, options.lingerMs);
  else for (const worker of ending) worker.terminate();
  options.keep?.(stage);
  return tag;
}

/** Lets a stage go that argon2idParallel handed to `keep` (or prepareLanes made): its lane workers end. */
export function endStage(stage) {
  for (const worker of stage.workers) worker.terminate();
}

// Where things go in the shared memory of a job of (m, p) on `threads`
// threads (t and the tag length do not move anything). A first instance on a
// two-page memory tells it (the module's data and stack end at __heap_base)
// and the Argon2 memory size; the job's memory is then made exactly as large as
// needed (a shared memory reserves its maximum up front).
export async function laneLayout(module, { t = 1, m, p, length = 32, threads, message }) {
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

/**
 * A lane worker driven by this thread: `attach` hands it the module and a
 * job's memory (it instantiates and answers 'ready'), `fill` its lanes of the
 * job. Its handlers are set once, here.
 */
class LaneWorker {
  #worker;
  #pending;  // {resolve, reject} of the current attach

  constructor(worker) {
    this.#worker = worker;
    worker.onmessage = ({ data }) => {
      if (data.type === 'ready') this.#pending?.resolve();
      else if (data.type === 'failed') this.#pending?.reject(new Error(`argon2 lane worker: ${data.message}`));
    };
    worker.onerror = (event) => this.#pending?.reject(new Error(`argon2 lane worker: ${event?.message ?? event}`));
  }

  /** Resolves once the worker has instantiated `module` on `memory` with its stack at `stackTop`. */
  attach({ module, memory, stackTop }) {
    this.ready = new Promise((resolve, reject) => { this.#pending = { resolve, reject }; });
    this.ready.catch(() => {});  // awaited by the job; a readied stage may be dropped unawaited
    this.#worker.postMessage({ type: 'attach', module, memory, stackTop });
    return this.ready;
  }

  fill(job) {
    this.#worker.postMessage({ type: 'fill', ...job });
  }

  /** The Worker it drives. */
  get worker() {
    return this.#worker;
  }

  terminate() {
    this.#worker.terminate();
  }
}

// Room readied for the inputs and the tag after the blocks: a job whose inputs
// need more makes a memory of its own.
const READIED_INPUT_BYTES = 64 * 1024;

// Hands each lane worker the module and the job's memory, with a stack of its own.
function attachAll(workers, { module, memory, heapBase }) {
  return workers.map((worker, i) => {
    const lane = worker instanceof LaneWorker ? worker : new LaneWorker(worker);
    lane.attach({ module, memory, stackTop: heapBase + (i + 1) * LANE_STACK_BYTES });
    return lane;
  });
}

/**
 * Readies a coming parallel job of m KiB over p lanes while the user types:
 * its shared memory made and touched (every 4 KiB page written once, so the
 * job takes no page fault per page in its first pass), this thread's instance
 * on it, and the lane workers (`workers`; more from `spawn`, where there is
 * one) instantiated on it. At Enter the job then only writes its
 * inputs, computes H0, and posts each lane worker its lanes: 2-9 ms of
 * instantiation and a message round trip no longer sit between Enter and the
 * first segment. Pass the result to argon2idParallel as `readied`, for one job
 * of the same m and p. Holds no secret. On failure it terminates the workers.
 * `workers` (lane workers at hand, all taken) and `spawn` as in argon2idParallel.
 * @returns {Promise<object>}
 */
export async function prepareLanes({
  module, m, p, threads = laneThreads(p), workers = [], spawn,
  message = (code) => `argon2 lanes: status ${code}`,
}) {
  const taken = workers.splice(0);
  threads = threadsWith(threads, p, taken.length, spawn);
  try {
    while (taken.length < threads - 1) taken.push(spawn());
    const layout = await laneLayout(module, { m, p, threads, message });
    const pages = Math.ceil((layout.blocks + layout.blockBytes + READIED_INPUT_BYTES) / PAGE_BYTES);
    if (pages > MAX_PAGES) throw new RangeError('m: too large for parallel lanes');
    const memory = new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
    const view = new Uint8Array(memory.buffer);
    for (let at = 0; at < view.length; at += 4096) view[at] = 0;
    const lanes = (await WebAssembly.instantiate(module, { env: { memory } })).exports;
    const attached = attachAll(taken, { module, memory, heapBase: layout.heapBase });
    return { m, p, threads, layout, memory, lanes, workers: attached };
  } catch (error) {
    for (const worker of taken) worker.terminate();
    throw error;
  }
}

async function hashInParallel({
  module, password, salt, secret, ad, t, m, p, length,
  threads = laneThreads(p),
  spawn,
  workers: started = [],
  readied,
  onProgress,
  message = (code) => `argon2 lanes: status ${code}`,
  stallMs,  // tests: how long a barrier waits for a party that never comes (argon2-lane-sync.js STALL_MS)
}) {
  threads = threadsWith(threads, p, started.length + (readied?.workers.length ?? 0), spawn);
  const staged = readied && readied.m === m && readied.p === p && readied.threads === threads ? readied : undefined;
  // A readied stage was laid out for (m, p) only: lanes_init below refuses a bad t, length or input.
  const { heapBase, blocks, blockBytes } = staged?.layout
    ?? await laneLayout(module, { t, m, p, length, threads, message });
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
  // The stage readied for this job, unless its inputs outgrow the room readied for them.
  const ready = staged && staged.memory.buffer.byteLength >= end ? staged : undefined;
  const memory = ready?.memory ?? new WebAssembly.Memory({ initial: pages, maximum: pages, shared: true });
  const lanes = ready?.lanes ?? (await WebAssembly.instantiate(module, { env: { memory } })).exports;

  const heap = () => new Uint8Array(memory.buffer);
  let laneWorkers = ready?.workers ?? [];
  const spawned = [];  // started here: terminated here after a failure, else by argon2idParallel with the others
  let erasedUpTo = blocks;  // the threads erase the blocks after the last slice
  try {
    for (const [name, bytes] of Object.entries({ password, salt, secret, ad })) if (bytes) heap().set(bytes, at[name]);
    const code = lanes.lanes_init(blocks, t, m, p, length,
      at.password, password?.length ?? 0, at.salt, salt?.length ?? 0,
      at.secret, secret?.length ?? 0, at.ad, ad?.length ?? 0);
    heap().fill(0, at.password, tagAt);  // the inputs are in H0 now
    if (code !== 0) throw statusError(code, message(code));

    if (!ready) {
      // A stage readied for another job lends its lane workers: attached again here, to this job's memory.
      const workers = [...started, ...readied?.workers ?? []].slice(0, threads - 1);
      while (workers.length < threads - 1) {
        const worker = spawn();
        spawned.push(worker);
        workers.push(worker);
      }
      laneWorkers = attachAll(workers, { module, memory, heapBase });
    }
    // Every lane worker has instantiated (or failed, or 10 s passed) before this
    // thread enters the first barrier, where it could no longer hear of it.
    let timer;
    const timeout = new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error('argon2 lane workers did not start within 10 s')), READY_TIMEOUT_MS);
    });
    try {
      await Promise.race([Promise.all(laneWorkers.map((worker) => worker.ready)), timeout]);
    } finally {
      clearTimeout(timer);
    }
    const control = new Int32Array(new SharedArrayBuffer(CONTROL_WORDS * 4));
    for (const worker of laneWorkers) worker.fill({ control: control.buffer, t, m, p, blocks, parties: threads, stallMs });
    // Synchronous from here on: lanes taken slice by slice, barriers with the workers.
    const share = { control, t, m, p, parties: threads, blocks, stallMs };
    const throwIfFailed = () => {
      const code = control[2];
      if (code !== 0) throw statusError(code, code === -1 ? 'argon2 lanes: a lane worker trapped' : message(code));
    };
    // A party lost (a barrier throws): end the lane workers before the memory is erased below.
    const asParty = (step) => {
      try {
        step();
      } catch (error) {
        for (const worker of laneWorkers) worker.terminate();
        throw namedError(INTERNAL_ERROR, error.message);
      }
    };
    const afterSlice = onProgress && ((pass, slice) => onProgress((pass * 4 + slice + 1) / (4 * t)));
    asParty(() => fillLanes(lanes, share, afterSlice));
    throwIfFailed();
    // The lane workers are erasing lanes but their last blocks meanwhile; this thread takes what is left after the tag.
    const done = lanes.lanes_finalize(blocks, t, m, p, tagAt, length);
    if (done !== 0) throw statusError(done, message(done));
    asParty(() => eraseLanes(lanes, share));
    throwIfFailed();
    erasedUpTo = blocks + blockBytes;
    // Past the last barrier no thread is in the module: the stacks can go too.
    heap().fill(0, Math.max(0, heapBase - COORDINATOR_STACK_BYTES), blocks);
    const tag = heap().slice(tagAt, tagAt + length);
    const layout = { heapBase, blocks, blockBytes };
    return { tag, stage: { m, p, threads, layout, memory, lanes, workers: laneWorkers } };
  } catch (error) {
    for (const worker of spawned) worker.terminate();
    throw error;
  } finally {
    heap().fill(0, erasedUpTo, end);  // nothing of the job stays in the shared memory
  }
}

export { barrier, LANE_STACK_BYTES };
