// What contenders may ask of the engine, in Node: load one of our Emscripten
// builds from build/wasm/out (the ES6 glue is told the wasm bytes, since it
// was built for the web and cannot fetch a file: URL).
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Unavailable } from './measure.mjs';

export function nodeEnv(root) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');   // the flag exposes gc to contexts made after it
  return {
    engine: 'node',
    /** A full garbage collection now. */
    collectGarbage: () => gc(),
    async emscripten(name, { simd }) {
      const file = `build/wasm/out/${name}${simd ? '.simd' : ''}`;
      const base = path.join(root, file);
      if (!existsSync(`${base}.wasm`) || !existsSync(`${base}.mjs`)) {
        throw new Unavailable(`${file}.wasm is not built yet (sh scripts/build.sh)`);
      }
      const { default: create } = await import(pathToFileURL(`${base}.mjs`).href);
      return create({ wasmBinary: await readFile(`${base}.wasm`) });
    },
    /** A compiled WebAssembly.Module of build/wasm/out/<file> (modules without Emscripten glue). */
    async wasmModule(file) {
      const full = path.join(root, 'build/wasm/out', file);
      if (!existsSync(full)) throw new Unavailable(`build/wasm/out/${file} is not built yet (sh scripts/build.sh)`);
      return WebAssembly.compile(await readFile(full));
    },
    /** The bytes of build/wasm/out/<file> (to compile a module of one's own). */
    async wasmBytes(file) {
      const full = path.join(root, 'build/wasm/out', file);
      if (!existsSync(full)) throw new Unavailable(`build/wasm/out/${file} is not built yet (sh scripts/build.sh)`);
      return new Uint8Array(await readFile(full));
    },
    url: (file) => pathToFileURL(path.join(root, file)).href,
  };
}
