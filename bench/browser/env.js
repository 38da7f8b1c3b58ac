// What contenders may ask of the engine, in the Chromium or Firefox bench worker: load one
// of our Emscripten builds the way worker/runtime/host.js does (fixtures/emscripten-build.js),
// compile a module without glue, read a build's bytes, have the page start a worker.
import { compileFromUrl } from '../../common/wasm-compile.js';
import { Unavailable } from '../lib/measure.mjs';
import { BUILD_OUT as OUT, emscriptenBuild } from '../../fixtures/emscripten-build.js';

const ROOT = new URL('../../', import.meta.url);
let nextPageWorker = 1;

export const browserEnv = {
  engine: /\bFirefox\//.test(navigator.userAgent) ? 'firefox' : 'chromium',
  /** A full garbage collection now (Chromium runs with --js-flags=--expose-gc for the bench; Firefox has none to call). */
  collectGarbage: () => globalThis.gc?.(),
  /** URL of a file of the repository as served (dist/api.js, ...). */
  url: (file) => new URL(file, ROOT).href,
  /** A compiled WebAssembly.Module of build/wasm/out/<file> (modules without Emscripten glue). */
  async wasmModule(file) {
    try {
      return await compileFromUrl(new URL(file, OUT).href);
    } catch (error) {
      throw new Unavailable(`build/wasm/out/${file}: ${error.message}`);
    }
  },
  /** The bytes of build/wasm/out/<file> (to compile a module of one's own). */
  async wasmBytes(file) {
    const response = await fetch(new URL(file, OUT));
    if (!response.ok) throw new Unavailable(`build/wasm/out/${file}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  },
  /** The instantiated module of build/wasm/out/<name>[.simd] (fixtures/emscripten-build.js). */
  emscripten: (name, options) => emscriptenBuild(name, options, (message) => new Unavailable(message)),
  /**
   * A Worker of the repository's `file` that the page starts, not this worker: Firefox 153 sometimes never returns
   * from a worker's own `new Worker()` (docs/browser-engines.md), so the runtime starts its helpers from the page too
   * (api/runtime/client.js). The new worker is first sent `{type: 'connect', port}`; this returns the other end of
   * that port and terminate(), which has the page end it. The page's side: bench/browser/page-workers.js.
   * @returns {{port: MessagePort, terminate: () => void}}
   */
  workerOnPage(file, options) {
    const { port1, port2 } = new MessageChannel();
    const id = nextPageWorker++;
    self.postMessage({ pageWorker: 'start', id, url: new URL(file, ROOT).href, options, port: port2 }, [port2]);
    return {
      port: port1,
      terminate() {
        port1.close();
        self.postMessage({ pageWorker: 'end', id });
      },
    };
  },
};
