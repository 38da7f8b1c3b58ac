// Loads the search wasm builds in Node (Emscripten 3.1.6's ES6 glue cannot
// fetch in Node, so we hand it the bytes). Used only by tests and the bench.
import { readFile } from 'node:fs/promises';

const OUT = new URL('../../build/wasm/out/', import.meta.url);

/** An instantiated search module: `simd` true for search.simd.wasm, false for search.wasm. */
export async function loadSearchWasm(simd) {
  const name = simd ? 'search.simd' : 'search';
  const { default: create } = await import(new URL(`${name}.mjs`, OUT));
  return create({ wasmBinary: await readFile(new URL(`${name}.wasm`, OUT)) });
}
