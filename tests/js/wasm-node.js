// Loads a module's wasm build in Node. Emscripten 3.1.6's ES6 glue cannot
// fetch in Node, so we hand it the bytes. Used by tests and benchmarks only.
import { readFile } from 'node:fs/promises';

const OUT = new URL('../../build/wasm/out/', import.meta.url);

/** An instantiated module: `simd` true for <name>.simd.wasm, false for <name>.wasm. */
export async function loadWasm(name, simd) {
  const file = simd ? `${name}.simd` : name;
  const { default: create } = await import(new URL(`${file}.mjs`, OUT));
  return create({ wasmBinary: await readFile(new URL(`${file}.wasm`, OUT)) });
}

/** Runs `body(variant, wasm)` once per build, naming the build in each test. */
export const BUILDS = [['simd', true], ['scalar', false]];
