// A worker of the caller's for one module (createBlurWorker(), createTextureWorker()):
// it keeps its module instantiated, and its heap, between jobs, and is
// terminated after `idleMs` without one (started again on demand). Each
// module's class adds its jobs on top of `_call`.
import { WorkerClient } from './client.js';

export class ModuleWorker {
  #client;

  /** @param {object} module the module's files (api/modules/<m>.js)  @param {{idleMs: number}} options */
  constructor(module, { idleMs }) {
    this.#client = new WorkerClient(module, { idleMs });
  }

  /**
   * The build this worker runs once started: 'simd', 'scalar' or 'js'.
   * @type {'simd' | 'scalar' | 'js' | undefined}
   */
  get path() {
    return /** @type {any} */ (this.#client.path);
  }

  /** True while the worker is alive. */
  get alive() {
    return this.#client.alive;
  }

  /**
   * Starts the worker now (instantiating and self-testing its module); resolves with its path.
   * @returns {Promise<'simd' | 'scalar' | 'js'>}
   */
  start() {
    return /** @type {Promise<any>} */ (this.#client.start());
  }

  /** Terminates the worker (jobs in flight reject with an AbortError). */
  terminate() {
    this.#client.terminate('terminated');
  }

  /**
   * Runs `op` in the worker.
   * @param {string} op @param {object} args @param {import('./client.js').CallOptions} [options]
   * @returns {Promise<any>}
   */
  _call(op, args, options) {
    return this.#client.call(op, args, options);
  }
}
