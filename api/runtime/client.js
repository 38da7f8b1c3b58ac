// The page side of a module's worker: start it on demand, hand it the compiled
// module, send jobs with transfer lists, route replies and progress, abort by
// terminating. Only this file and host.js speak the protocol.
//
// Its life cycle is one field, `state`, changed only by #enter():
//
//   off ──start()──▶ starting ──'ready'──▶ ready ◀──last job settles── busy
//    ▲                  │                    │ ──────a job is posted──────▶│
//    └──terminate() (from any state: the worker and its memory go; jobs reject)
//
// 'starting' covers the slot, the compile and the worker's own instantiation
// and self-test. A job is posted as soon as the worker exists, even while it
// starts (the worker runs it right after its init, even while this thread is
// busy), and in the caller's own task once the worker is up.
import { deserializeError } from '../../common/protocol.js';
import { namedError } from '../../common/errors.js';
import { compileCompanions, compileModule } from './wasm-modules.js';
import { keepAlive, startWorker } from './platform.js';
import { workerStartProblem } from '../../common/start-worker.js';
import { measure } from '../../common/timeline.js';
import { acquireSlot, releaseSlot } from './pool.js';
import { IDLE_MS } from '../../common/constants.js';

/**
 * The build a module's worker runs: its wasm with or without SIMD, or its
 * fallback ('libsodium' for argon2 and notes, 'js' for search and texture).
 * @typedef {'simd' | 'scalar' | 'libsodium' | 'js'} EnginePath
 */

/**
 * Where a worker client is in its life: no worker ('off'), one starting, one up with no job ('ready'), one
 * running jobs ('busy').
 * @typedef {'off' | 'starting' | 'ready' | 'busy'} WorkerState
 */

/**
 * How a job is sent: buffers to move rather than copy, progress, abort.
 * @typedef {object} CallOptions
 * @property {Transferable[]} [transfer] moved to the worker, not copied
 * @property {(value: any) => void} [onProgress] the worker's progress reports (0..1, or a module's report object)
 * @property {AbortSignal} [signal] aborting terminates the worker
 * @property {boolean} [warmUp] the job only readies the worker for jobs to come (argon2's warm-up hash): it is
 *   not a job enginePath() reports
 */

/**
 * A job sent with send(): its id, its result, whether it is already in the worker's queue (always, when the
 * worker was up at the call: then in the caller's task), and settle(), which settles it with a result that came
 * another way than its reply (a search's answer box in shared memory); the reply then finds no job and is dropped.
 * @typedef {{id: number, promise: Promise<any>, readonly posted: boolean, settle: (result: any) => void}} SentJob
 */

/** @type {{force: 'scalar' | 'fallback' | undefined}} */
const options = { force: undefined };
/** Module name -> the path of the worker whose job finished last. @type {Map<string, EnginePath>} */
const lastJobPaths = new Map();

/**
 * The path of the worker that ran the module's last finished job (its reply came, a result or an error): 'simd',
 * 'scalar', 'libsodium' or 'js'. A worker that only started, or only ran a warm-up, does not count: the standby
 * readied after a job, at the path of its time, may come up after a later job forced to another path.
 * @param {string} name a module: 'argon2', 'notes', 'search', 'texture' or 'blur'
 * @returns {EnginePath | undefined} undefined before any job of that module finished
 */
export function enginePath(name) {
  return lastJobPaths.get(name);
}
/**
 * Test and diagnostics hook: 'scalar' or 'fallback' skips the faster paths in new workers.
 * @param {'scalar' | 'fallback' | undefined} path undefined restores the default
 */
export function forcePath(path) {
  options.force = path;
}

/** The path forcePath() set, if any. @returns {'scalar' | 'fallback' | undefined} */
export function forcedPath() {
  return options.force;
}

export class WorkerClient {
  /** @type {WorkerState} */
  #state = 'off';
  /** @type {Worker | undefined} */
  #worker;
  /** Workers started beside #worker for it to drive (the module's `helpers`), each through a port it was handed. @type {Worker[]} */
  #helpers = [];
  /** The start under way or done, until terminate(). @type {Promise<EnginePath> | undefined} */
  #started;
  /** Rejects #started while the worker has not said 'ready'. @type {((error: Error) => void) | undefined} */
  #failStart;
  /** Jobs sent and not settled, posted or not. @type {Map<number, object>} */
  #jobs = new Map();
  #nextId = 1;
  /** @type {ReturnType<typeof setTimeout> | undefined} */
  #idleTimer;
  #heapBytes = 0;
  #generation = 0;   // bumped by terminate(): a start still under way then gives up

  /**
   * @param {object} module          a module's files (api/modules/<name>.js)
   * @param {object} [opts]
   * @param {number} [opts.idleMs]   terminate after this long without a job (restarted on demand)
   * @param {object} [opts.hints]    told to the worker at start, so it can prepare (e.g. lanes to start)
   * @param {boolean} [opts.standby] a worker kept ready for a job to come (api/runtime/standby.js): the page-wide
   *   cap stops it before any other idle worker, and in Node it never holds the event loop while it has no job
   */
  constructor(module, { idleMs = IDLE_MS.worker, hints, standby = false } = {}) {
    this.module = module;
    /** @type {string} */
    this.name = module.name;
    this.idleMs = idleMs;
    /** @type {object | undefined} */
    this.hints = hints;
    /** The build this worker runs, once started. @type {EnginePath | undefined} */
    this.path = undefined;
    /** When its last job settled (performance.now()); the page-wide cap stops the longest idle first. */
    this.lastUsed = 0;
    /** The page-wide cap stops this one first when it is idle (a standby, or a job's worker lingering). */
    this.evictFirst = standby;
    this.standby = standby;
  }

  /** @returns {WorkerState} */
  get state() {
    return this.#state;
  }

  /** True while a worker exists or is being started. */
  get alive() {
    return this.#state !== 'off';
  }

  /** True when up with no job in flight: the page-wide cap may stop it (one still starting may have a caller waiting). */
  isIdle() {
    return this.#state === 'ready';
  }

  /** The ops of the jobs in flight, oldest first. @returns {string[]} */
  jobsInFlight() {
    return [...this.#jobs.values()].map((job) => job.op);
  }

  /** The worker's wasm heap in bytes, as of its last message (0 on a fallback path, or before it started). */
  get heapBytes() {
    return this.#heapBytes;
  }

  // The one place the state changes, with what each state means for the idle
  // timer and for Node's event loop (a worker with no job never keeps it alive).
  #enter(state) {
    this.#state = state;
    clearTimeout(this.#idleTimer);
    this.#idleTimer = undefined;
    if (state === 'off') return;
    // A start someone awaits holds Node's loop as a job does; a standby's never does.
    keepAlive(this.#worker, state === 'busy' || (state === 'starting' && (!this.standby || this.#jobs.size > 0)));
    if (state === 'ready' && this.idleMs > 0 && Number.isFinite(this.idleMs)) {
      this.#idleTimer = setTimeout(() => { if (this.#state === 'ready') this.terminate('idle'); }, this.idleMs);
      this.#idleTimer.unref?.();
    }
  }

  // After the worker came up, or a job settled: ready or busy by what is left.
  #enterUp() {
    this.#enter(this.#jobs.size > 0 ? 'busy' : 'ready');
  }

  /**
   * Starts the worker if needed; resolves with the path it runs ('simd', 'scalar', 'libsodium').
   * @returns {Promise<EnginePath>}
   */
  start() {
    if (this.#started) return this.#started;
    this.#enter('starting');
    const started = this.#spawn().catch((error) => {
      if (this.#started === started) this.terminate(error.message, error);   // not a newer start's
      throw error;
    });
    this.#started = started;
    return started;
  }

  async #spawn() {
    const generation = this.#generation;
    // forcePath() as the start was asked for, not as it is once the compile is done (a standby or a next job's
    // worker is keyed by it: run-once.js, argon2-next.js).
    const { force } = options;
    // Terminated while waiting (a warm start released as the field was emptied): no worker may appear after.
    const stillWanted = (worker) => {
      if (generation === this.#generation) return;
      worker?.terminate();
      releaseSlot(this);
      throw namedError('AbortError', `${this.name} worker terminated while starting`);
    };
    await acquireSlot(this);
    stillWanted();
    // The worker's thread starts and loads its script while the module compiles (the first start of a module in
    // a page; later ones find it compiled): the two overlap. It gets no message, its init first, until then.
    const workerStart = performance.now();
    const worker = startWorker(this.module.worker, this.name);
    keepAlive(worker, !this.standby || this.#jobs.size > 0);
    const helperPorts = this.#startHelpers();
    let earlyError;
    worker.onerror = (event) => { event.preventDefault?.(); earlyError ??= event; };
    let compiled, companions;
    try {
      [compiled, companions] = await Promise.all([
        compileModule(this.module, { forceScalar: force === 'scalar' }),
        compileCompanions(this.module.companions, this.hints)]);
    } catch (error) {
      worker.terminate();
      throw error;
    }
    stillWanted(worker);
    measure(`${this.name}:compile`, workerStart);
    this.#worker = worker;
    this.#enter('starting');   // now with a worker: Node holds its event loop only for a job
    return new Promise((resolve, reject) => {
      this.#failStart = reject;
      worker.onmessage = ({ data }) => {
        if (data.type === 'ready') {
          this.#failStart = undefined;
          this.path = data.path;
          this.#heapBytes = data.heapBytes ?? 0;
          // The worker's own part of its start: instantiating and self-testing its module.
          const readyAt = performance.now();
          measure(`${this.name}:worker-start`, workerStart, readyAt - data.startupMs);
          measure(`${this.name}:instantiate+self-test`, readyAt - data.startupMs, readyAt);
          this.#enterUp();
          resolve(data.path);
        } else if (data.type === 'failed') reject(deserializeError(data.error));
        else this.#onMessage(data);
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        const error = namedError('WorkerError', this.#failStart   // not started yet: say why that may be
          ? workerStartProblem(this.module.worker, this.name, event.message)
          : `${this.name} worker failed: ${event.message || 'it stopped'}`);
        reject(error);
        this.terminate(error.message, error);
      };
      if (earlyError) {   // its script failed to load while the module compiled
        worker.onerror(earlyError);
        return;
      }
      worker.postMessage({ type: 'init', module: compiled.module, simd: compiled.simd,
        scalarUrl: compiled.scalarUrl, files: fileHrefs(this.module.files), force, companions,
        hints: this.hints, helperPorts }, helperPorts);
      // Jobs sent while the worker did not exist go now, behind its init.
      for (const job of this.#jobs.values()) this.#post(job);
    });
  }

  // The module's helper workers for this worker's hints (argon2's lane workers), started beside it rather than by
  // it: Firefox 153 left a worker's own `new Worker()` blocked for good about once in 20 parallel Argon2id jobs.
  // Each is handed one end of a channel; the other ends go to the worker with its init. They never hold Node's event
  // loop (the worker does while it has a job), take no slot of the page-wide cap, and end with the worker. One that
  // fails ends this worker's jobs with its error.
  #startHelpers() {
    const spec = this.module.helpers;
    const count = spec?.count(this.hints) ?? 0;
    const ports = [];
    for (let i = 0; i < count; i += 1) {
      const helper = startWorker(this.module.worker, spec.name);
      keepAlive(helper, false);
      helper.onerror = (event) => {
        event.preventDefault?.();
        if (this.#helpers.includes(helper)) {
          this.terminate('failed', namedError('WorkerError', `${this.name} worker's ${spec.name} worker failed: ${event.message || 'it stopped'}`));
        }
      };
      const { port1, port2 } = new MessageChannel();
      helper.postMessage({ type: 'connect', port: port2 }, [port2]);
      this.#helpers.push(helper);
      ports.push(port1);
    }
    return ports;
  }

  /** @param {any} data a reply or progress report from the worker */
  #onMessage(data) {
    const job = this.#jobs.get(data.id);
    if (!job) return;
    if (data.type === 'progress') { job.onProgress?.(data.value); return; }
    if (data.heapBytes !== undefined) this.#heapBytes = data.heapBytes;
    if (data.ms !== undefined) {
      const now = performance.now();
      measure(`${this.name}:${job.op} (in worker)`, now - data.ms, now);
    }
    this.#ran(job);
    if (data.ok) this.#settle(job, { result: data.result });
    else this.#settle(job, { error: deserializeError(data.error) });
  }

  // The job ran here (its reply came, or its answer came another way): enginePath() reports this worker's path.
  #ran(job) {
    if (!job.warmUp && this.path && this.#jobs.has(job.id)) lastJobPaths.set(this.name, this.path);
  }

  #settle(job, { result, error }) {
    if (!this.#jobs.delete(job.id)) return;
    job.unwatch?.();
    this.lastUsed = performance.now();
    if (this.#state === 'busy') this.#enterUp();
    if (error) job.reject(error);
    else job.resolve(result);
  }

  #post(job) {
    if (job.posted) return;
    job.posted = true;
    this.#worker.postMessage({ type: 'call', id: job.id, op: job.op, args: job.args, progress: job.onProgress !== undefined },
      job.transfer);
    job.args = undefined;
    job.transfer = undefined;
    if (this.#state === 'ready') this.#enter('busy');
    else if (this.#state === 'starting') this.#enter('starting');   // Node: a job under way holds the loop
  }

  /**
   * Runs `op` in the worker. `transfer` lists buffers to move rather than copy;
   * `signal` aborts by terminating the worker (the only way to stop wasm mid-job).
   * @param {string} op
   * @param {object} args
   * @param {CallOptions} [options]
   * @returns {Promise<any>} the op's result
   */
  call(op, args, options) {
    return this.send(op, args, options).promise;
  }

  /**
   * Like call(), but returns the job itself: its id (to cancel()), whether it is posted, settle().
   * @param {string} op
   * @param {object} args
   * @param {CallOptions} [options]
   * @returns {SentJob}
   */
  send(op, args, { transfer = [], onProgress, signal, warmUp = false } = {}) {
    const id = this.#nextId++;
    const job = { id, op, args, transfer, onProgress, warmUp, posted: false };
    const promise = new Promise((resolve, reject) => Object.assign(job, { resolve, reject }));
    const settle = (result) => {
      this.#ran(job);
      this.#settle(job, { result });
    };
    const sent = { id, promise, get posted() { return job.posted; }, settle };
    if (signal?.aborted) {
      job.reject(abortError(signal));
      return sent;
    }
    this.#jobs.set(id, job);
    if (signal) {
      const abort = () => this.terminate('aborted', abortError(signal));
      signal.addEventListener('abort', abort, { once: true });
      job.unwatch = () => signal.removeEventListener('abort', abort);
    }
    if (this.#state === 'off') this.start().catch(() => {});   // a failed start rejects the job through terminate()
    if (this.#worker) this.#post(job);
    return sent;
  }

  /**
   * Asks the worker to skip job `id` if it has not started it yet (one not posted yet is dropped here).
   * @param {number} id
   */
  cancel(id) {
    const job = this.#jobs.get(id);
    if (job && !job.posted) this.#settle(job, { error: namedError('AbortError', 'superseded by a newer request') });
    else this.#worker?.postMessage({ type: 'cancel', id });
  }

  /**
   * Kills the worker (its memory goes with it); pending jobs reject with AbortError. The client can start again.
   * @param {string} [reason]
   * @param {Error} [error] what pending jobs reject with
   */
  terminate(reason = 'terminated', error = namedError('AbortError', `${this.name} worker ${reason}`)) {
    this.#generation++;
    this.#failStart?.(error);
    this.#failStart = undefined;
    this.#worker?.terminate();
    this.#worker = undefined;
    for (const helper of this.#helpers.splice(0)) helper.terminate();
    this.#started = undefined;
    this.#heapBytes = 0;
    this.#enter('off');
    const jobs = [...this.#jobs.values()];
    this.#jobs.clear();
    for (const job of jobs) {
      job.unwatch?.();
      job.reject(error);
    }
    releaseSlot(this);
  }
}

function fileHrefs(files) {
  return Object.fromEntries(Object.entries(files).map(([key, url]) => [key, String(url)]));
}

function abortError(signal) {
  return signal.reason instanceof Error ? signal.reason : namedError('AbortError', 'the operation was aborted');
}
