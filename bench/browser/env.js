// What contenders may ask of the engine, in the Chromium or Firefox bench worker: load one
// of our Emscripten builds the way worker/runtime/host.js does (compile the
// .wasm, then instantiate that Module through the glue's instantiateWasm).
import { compileFromUrl } from '../../common/wasm-compile.js';
import { Unavailable } from '../lib/measure.mjs';

const ROOT = new URL('../../', import.meta.url);
const OUT = new URL('build/wasm/out/', ROOT);

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
  async emscripten(name, { simd }) {
    const file = `${name}${simd ? '.simd' : ''}`;
    let module;
    try {
      module = await compileFromUrl(new URL(`${file}.wasm`, OUT).href);
    } catch (error) {
      throw new Unavailable(`build/wasm/out/${file}.wasm: ${error.message}`);
    }
    const { default: create } = await import(new URL(`${file}.mjs`, OUT).href);
    return create({
      instantiateWasm(imports, receive) {
        WebAssembly.instantiate(module, imports).then((instance) => receive(instance, module));
        return {};
      },
    });
  },
};
