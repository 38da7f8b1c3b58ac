// The page side of a module's worker: start it on demand, hand it the compiled
// module, send jobs with transfer lists, route replies and progress, abort by
// terminating. Only this file and host.js speak the protocol.
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
 * How a job is sent: buffers to move rather than copy, progress, abort.
 * @typedef {object} CallOptions
 * @property {Transferable[]} [transfer] moved to the worker, not copied
 * @property {(value: any) => void} [onProgress] the worker's progress reports (0..1, or a module's report object)
 * @property {AbortSignal} [signal] aborting terminates the worker
 * @property {(id: number) => void} [afterPost] called right after the job is posted, in the same task
 *   (a search then watches its shared-memory answer box, and settles the job with answer())
 * @property {boolean} [beforeReady] post the job right after the worker's init, not after its 'ready'
 *   (the worker queues it behind its start): it then runs even while this thread is busy
 */

/** @type {{force: 'scalar' | 'fallback' | undefined}} */
const options = { force: undefined };
/** @type {Map<string, EnginePath>} */
const pathsInUse = new Map();

/**
 * The path the last worker of module `name` started on: 'simd', 'scalar' or 'libsodium' ('js' for search).
 * @param {string} name a module: 'argon2', 'notes', 'search' or 'texture'
 * @returns {EnginePath | undefined} undefined before any worker of that module started
 */
export function enginePath(name) {
  return pathsInUse.get(name);
}
/**
 * Test and diagnostics hook: 'scalar' or 'fallback' skips the faster paths in new workers.
 * @param {'scalar' | 'fallback' | undefined} path undefined restores the default
 */
export function forcePath(path) {
  options.force = path;
}

export class WorkerClient {
  /**
   * @param {object} module          a module's files (api/modules/<name>.js)
   * @param {object} [opts]
   * @param {number} [opts.idleMs]   terminate after this long without a job (restarted on demand)
   * @param {object} [opts.hints]    told to the worker at start, so it can prepare (e.g. lanes to start)
   */
  constructor(module, { idleMs = IDLE_MS.worker, hints } = {}) {
    this.module = module;
    /** @type {string} */
    this.name = module.name;
    this.idleMs = idleMs;
    /** @type {object | undefined} */
    this.hints = hints;
    /** The build this worker runs, once started. @type {EnginePath | undefined} */
    this.path = undefined;
    this.lastUsed = 0;
    /** @type {Worker | undefined} */
    this._worker = undefined;
    /** @type {Promise<EnginePath> | undefined} */
    this._ready = undefined;
    /** @type {Map<number, {resolve: (value: any) => void, reject: (reason: any) => void, onProgress?: (value: any) => void}>} */
    this._pending = new Map();
    this._nextId = 1;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    this._idleTimer = undefined;
    this._generation = 0;   // bumped by terminate(): a start still under way then gives up
  }

  /** True when alive with no job in flight. */
  isIdle() {
    // A worker still starting is not idle: a call may be waiting for it (a
    // warmed index's feed), and evicting it would fail that call.
    return !!this._worker && !this._abortStart && this._pending.size === 0;
  }

  /** True when alive and every job in flight (there may be none) is an `op` job. */
  onlyRunning(op) {
    if (!this._worker || this._abortStart) return false;
    for (const job of this._pending.values()) if (job.op !== op) return false;
    return true;
  }

  get alive() {
    return !!this._worker;
  }

  /** True once its start has finished, until it is terminated: a job sent now waits for no start. */
  get started() {
    return this._started === true && !!this._worker;
  }

  /**
   * Starts the worker if needed; resolves with the path it runs ('simd', 'scalar', 'libsodium').
   * @returns {Promise<EnginePath>}
   */
  start() {
    if (!this._ready) {
      let posted;
      /** Resolves once the worker exists and its init is posted (before its 'ready'). */
      this._initPosted = new Promise((resolve) => { posted = resolve; });
      const ready = this._spawn(posted).catch((error) => {
        if (this._ready === ready) this.terminate(error.message);   // not a newer start's
        throw error;
      });
      this._ready = ready;
      this._started = false;
      ready.then(() => { if (this._ready === ready) this._started = true; }, () => {});
    }
    return this._ready;
  }

  /** @param {() => void} posted called once the init message is posted @returns {Promise<EnginePath>} */
  async _spawn(posted) {
    const generation = this._generation;
    // Terminated while waiting (a warm start released as the field was emptied): no worker may appear after.
    const stillWanted = () => {
      if (generation === this._generation) return;
      releaseSlot(this);
      throw namedError('AbortError', `${this.name} worker terminated while starting`);
    };
    await acquireSlot(this);
    stillWanted();
    const compileStart = performance.now();
    const [compiled, companions] = await Promise.all([
      compileModule(this.module, { forceScalar: options.force === 'scalar' }),
      compileCompanions(this.module.companions)]);
    stillWanted();
    const workerStart = performance.now();
    measure(`${this.name}:compile`, compileStart, workerStart);
    const worker = startWorker(this.module.worker, this.name);
    this._worker = worker;
    return new Promise((resolve, reject) => {
      this._abortStart = reject;   // terminate() before 'ready'
      worker.onmessage = ({ data }) => {
        if (data.type === 'ready') {
          this._abortStart = undefined;
          this.path = data.path;
          pathsInUse.set(this.name, data.path);
          // The worker's own part of its start: instantiating and self-testing its module.
          const readyAt = performance.now();
          measure(`${this.name}:worker-start`, workerStart, readyAt - data.startupMs);
          measure(`${this.name}:instantiate+self-test`, readyAt - data.startupMs, readyAt);
          keepAlive(worker, this._pending.size > 0);
          resolve(data.path);
        } else if (data.type === 'failed') reject(deserializeError(data.error));
        else this._onMessage(data);
      };
      worker.onerror = (event) => {
        event.preventDefault?.();
        const error = namedError('WorkerError', this._abortStart   // not started yet: say why that may be
          ? workerStartProblem(this.module.worker, this.name, event.message)
          : `${this.name} worker failed: ${event.message || 'it stopped'}`);
        reject(error);
        this.terminate(error.message, error);
      };
      worker.postMessage({ type: 'init', module: compiled.module, simd: compiled.simd,
        scalarUrl: compiled.scalarUrl, workerUrl: String(this.module.worker), files: fileHrefs(this.module.files), force: options.force, companions,
        hints: this.hints });
      posted();
    });
  }

  /** @param {any} data a reply or progress report from the worker */
  _onMessage(data) {
    const job = this._pending.get(data.id);
    if (!job) return;
    if (data.type === 'progress') { job.onProgress?.(data.value); return; }
    this._pending.delete(data.id);
    this._touch();
    if (data.ms !== undefined) {
      const now = performance.now();
      measure(`${this.name}:${job.op} (in worker)`, now - data.ms, now);
    }
    if (data.ok) job.resolve(data.result);
    else job.reject(deserializeError(data.error));
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
   * Like call(), but also returns the job id at once so that it can be cancelled.
   * @param {string} op
   * @param {object} args
   * @param {CallOptions} [options]
   * @returns {{id: number, promise: Promise<any>}}
   */
  send(op, args, { transfer = [], onProgress, signal, afterPost, beforeReady = false } = {}) {
    const id = this._nextId++;
    const promise = (async () => {
      if (signal?.aborted) throw abortError(signal);
      const ready = this.start();
      // A start that fails after the init was posted rejects the job through terminate().
      if (beforeReady) await Promise.race([this._initPosted, ready]);
      else await ready;
      if (signal?.aborted) throw abortError(signal); // aborted while the worker was starting
      if (!this._worker) throw namedError('AbortError', `${this.name} worker terminated while starting`);
      clearTimeout(this._idleTimer);
      return new Promise((resolve, reject) => {
        this._pending.set(id, { resolve, reject, onProgress, op });
        keepAlive(this._worker, true);
        signal?.addEventListener('abort', () => this.terminate('aborted', abortError(signal)), { once: true });
        this._worker.postMessage({ type: 'call', id, op, args }, transfer);
        afterPost?.(id);
      });
    })();
    return { id, promise };
  }

  /**
   * Settles job `id` with `result`, which came another way than its reply (a
   * search's answer box in shared memory); the reply, when it comes, finds no
   * job and is dropped.
   * @param {number} id
   * @param {any} result
   */
  answer(id, result) {
    this._onMessage({ type: 'reply', id, ok: true, result });
  }

  /**
   * Asks the worker to skip job `id` if it has not started it yet.
   * @param {number} id
   */
  cancel(id) {
    this._worker?.postMessage({ type: 'cancel', id });
  }

  _touch() {
    this.lastUsed = performance.now();
    clearTimeout(this._idleTimer);
    if (this._pending.size > 0) return;
    // In Node an idle worker must not keep the process alive; a page has no such notion.
    keepAlive(this._worker, false);
    if (this.idleMs > 0 && Number.isFinite(this.idleMs)) {
      this._idleTimer = setTimeout(() => { if (this.isIdle()) this.terminate('idle'); }, this.idleMs);
      this._idleTimer.unref?.();
    }
  }

  /**
   * Kills the worker (its memory goes with it); pending jobs reject with AbortError.
   * @param {string} [reason]
   * @param {Error} [error] what pending jobs reject with
   */
  terminate(reason = 'terminated', error = namedError('AbortError', `${this.name} worker ${reason}`)) {
    this._generation++;
    this._abortStart?.(error);
    this._abortStart = undefined;
    clearTimeout(this._idleTimer);
    this._worker?.terminate();
    this._worker = undefined;
    this._ready = undefined;
    this._started = false;
    for (const job of this._pending.values()) job.reject(error);
    this._pending.clear();
    releaseSlot(this);
  }
}

function fileHrefs(files) {
  return Object.fromEntries(Object.entries(files).map(([key, url]) => [key, String(url)]));
}

function abortError(signal) {
  return signal.reason instanceof Error ? signal.reason : namedError('AbortError', 'the operation was aborted');
}

/**
 * Runs one job in a worker of its own that is terminated when the job ends:
 * wasm memory never shrinks, and a dead worker gives all of it back.
 * `client`: a worker already started for this job (e.g. readied ahead); it ends with the job too.
 * `lingerMs`: after a job that succeeded, the worker is terminated this much later rather than at once
 * (its teardown then does not compete with what the caller does with the result); 0: at once.
 * @param {object} module a module's files (api/modules/<name>.js)
 * @param {string} op
 * @param {object} args
 * @param {CallOptions} [callOptions]
 * @param {{hints?: object, client?: WorkerClient, lingerMs?: number}} [worker]
 * @returns {Promise<any>} the op's result
 */
export async function runOnce(module, op, args, callOptions, {
  hints, client = new WorkerClient(module, { idleMs: Infinity, hints }), lingerMs = 0,
} = {}) {
  let result;
  try {
    result = await client.call(op, args, callOptions);
  } catch (error) {
    client.terminate('finished');
    throw error;
  }
  if (lingerMs > 0) {
    client.lastUsed = 0;   // the first an eviction takes (pool.js) while it lingers
    setTimeout(() => client.terminate('finished'), lingerMs).unref?.();
  } else client.terminate('finished');
  return result;
}
