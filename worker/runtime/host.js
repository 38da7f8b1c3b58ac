// The worker side of the protocol: instantiate the module the page compiled,
// prove it computes right with a known-answer self-test, then serve jobs one
// at a time. Every worker entry is `serve({...})` and nothing else.
import { serializeError, unwrapTransfer } from '../../common/protocol.js';
import { namedError } from '../../common/errors.js';
import { compileFromUrl } from '../../common/wasm-compile.js';

/**
 * @param {object} spec
 * @param {(simd: boolean) => Promise<Function>} spec.factory  the Emscripten factory of the SIMD or scalar build
 * @param {(wasm: object) => boolean} spec.selfTest             known-answer test on a fresh instance
 * @param {(wasm: object, env: object) => object} spec.backend the module's backend over an instance that passed its self-test
 *                                                             (its optional prime() runs once the worker is first idle)
 * @param {{path: string, load: (env: object) => Promise<object>}} spec.fallback
 *                                                             the same backend without wasm of ours (libsodium-wrappers
 *                                                             from env.files.fallback, or plain JS) and the path it reports
 * @param {(backend: object, env: object) => object} spec.ops  op name -> (args, job) => result, over either backend
 *                                                             (job.progress(value, transfer?) reports to the page); env
 *                                                             holds {companions, hints, files, helperPorts, prepared,
 *                                                             path}
 * @param {(env: object) => any} [spec.prepare]                 runs first at init (e.g. take over the helper workers the
 *                                                             page started with this one, through env.helperPorts: a
 *                                                             MessagePort to each); its result is env.prepared
 */
export function serve({ factory, selfTest, backend, fallback, ops, prepare }) {
  let handlers;
  // The instance's heap, for the page's account of what each worker holds (0 on a fallback without wasm).
  let heapBytes = () => 0;
  const cancelled = new Set();
  let queue = Promise.resolve();
  // A backend's prime() readies it further (blur-ops.js: V8's optimized tier) once the worker first has no job
  // waiting: after its start, or after the jobs that came with it, so that it never delays a waiting job. It is
  // only a head start: if it throws, the jobs go on (a job that meets the same fault reports it), and `queue` never
  // rejects, which would leave every later job unserved.
  let waiting = 0;
  let unprimed;   // the backend, until its prime() has run
  const primeWhenIdle = () => {
    if (waiting > 0 || !unprimed) return;
    const backend = unprimed;
    unprimed = undefined;
    try {
      backend.prime();
    } catch {
      // nothing to report: see above
    }
  };

  self.onmessage = ({ data }) => {
    if (data.type === 'init') {
      queue = queue.then(() => init(data)).then(primeWhenIdle, (error) => {
        self.postMessage({ type: 'failed', error: serializeError(error) });
      });
    } else if (data.type === 'cancel') {
      cancelled.add(data.id);
    } else if (data.type === 'call') {
      waiting++;
      queue = queue.then(() => run(data)).then(() => {
        waiting--;
        primeWhenIdle();
      });
    }
  };

  // Every URL the worker needs (the scalar build, helper scripts) comes from
  // the page, which spelled it where bundlers see it: a worker script resolves
  // nothing against its own location, so it can be emitted anywhere.
  async function init({ module, simd, scalarUrl, force, files = {}, companions = {}, hints = {}, helperPorts = [] }) {
    const initStart = performance.now();
    const env = { companions, hints, files, helperPorts };
    env.prepared = prepare?.(env);
    const chosen = await choosePath({ module, simd, scalarUrl, force, env });
    env.path = chosen.path;
    if (chosen.wasm) heapBytes = () => chosen.wasm.HEAPU8?.byteLength ?? 0;
    handlers = ops(chosen.backend, env);
    if (typeof chosen.backend.prime === 'function') unprimed = chosen.backend;
    self.postMessage({ type: 'ready', path: chosen.path, startupMs: performance.now() - initStart, heapBytes: heapBytes() });
  }

  // SIMD build first; an engine that validates SIMD yet computes it wrongly
  // drops to the scalar build, and a broken scalar build to the fallback.
  async function choosePath({ module, simd, scalarUrl, force, env }) {
    if (force !== 'fallback') {
      if (simd && force !== 'scalar') {
        const wasm = await instantiate(module, true);
        if (selfTest(wasm)) return { path: 'simd', backend: backend(wasm, env), wasm };
      }
      const scalarModule = simd ? await compileFromUrl(scalarUrl) : module;
      const wasm = await instantiate(scalarModule, false);
      if (selfTest(wasm)) return { path: 'scalar', backend: backend(wasm, env), wasm };
    }
    return { path: fallback.path, backend: await fallback.load(env) };
  }

  async function instantiate(module, simd) {
    const create = await factory(simd);
    return create({
      // The page already compiled the module: instantiate it, never fetch it again.
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
        return {};
      },
    });
  }

  async function run({ id, op, args, progress = true }) {
    const skip = cancelled.has(id);
    // Ids grow monotonically and jobs run in order: older cancellations are moot now.
    for (const old of cancelled) if (old <= id) cancelled.delete(old);
    if (skip) {
      self.postMessage({ type: 'reply', id, ok: false, error: { name: 'AbortError', message: 'superseded by a newer request' } });
      return;
    }
    try {
      if (!handlers) throw namedError('InvalidStateError', 'worker is not initialised');
      const handler = handlers[op];
      if (typeof handler !== 'function') throw new TypeError(`unknown operation "${op}"`);
      // progress(value, transfer): a report is structured-cloned; buffers in `transfer` are moved instead (a band of a texture).
      const started = performance.now();
      // A caller with no onProgress gets no progress messages: the job's result is its one message.
      const job = { progress: progress ? (value, transfer = []) => self.postMessage({ type: 'progress', id, value }, transfer) : () => {} };
      const { result, transfer } = unwrapTransfer(await handler(args, job));
      self.postMessage({ type: 'reply', id, ok: true, result, ms: performance.now() - started, heapBytes: heapBytes() }, transfer);
    } catch (error) {
      self.postMessage({ type: 'reply', id, ok: false, error: serializeError(error), heapBytes: heapBytes() });
    }
  }
}
