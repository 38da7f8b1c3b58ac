// The esbuild plugin of memento-elements. esbuild leaves
// `new URL('./workers/x.js', import.meta.url)` as it is and emits nothing for it
// (its issues #795 and #312), so a bundle of the package would fetch workers/
// and wasm/ beside itself and find nothing there. This plugin puts them there:
// after each build it copies the package's dist/workers/ and dist/wasm/ into
// the output folder, beside the bundle and its chunks.
//
//   import { mementoElements } from 'memento-elements/esbuild';
//   await esbuild.build({ entryPoints: ['app.js'], bundle: true, format: 'esm',
//                         outdir: 'public/build', plugins: [mementoElements()] });
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));
const ASSETS = ['workers', 'wasm'];

/** @returns {import('esbuild').Plugin} */
export function mementoElements() {
  return {
    name: 'memento-elements',
    setup(build) {
      const options = build.initialOptions;
      if (options.format && options.format !== 'esm') {
        throw new Error(`memento-elements: the bundle must be an ES module (format: 'esm', not '${options.format}'): its workers and wasm are found through import.meta.url`);
      }
      const outDir = options.outdir ?? (options.outfile && path.dirname(options.outfile));
      if (!outDir) throw new Error('memento-elements: set outdir or outfile, where workers/ and wasm/ will be copied');
      if (options.chunkNames?.includes('/')) {
        throw new Error('memento-elements: chunks must sit at the root of outdir (chunkNames without a folder), beside workers/ and wasm/');
      }
      build.onEnd((result) => {
        if (result.errors.length || options.write === false) return;
        for (const folder of ASSETS) {
          const from = path.join(DIST, folder);
          if (!existsSync(from)) throw new Error(`memento-elements: ${from} is missing; is the package installed whole?`);
          // Source maps only for a build that makes its own.
          cpSync(from, path.join(path.resolve(options.absWorkingDir ?? process.cwd(), outDir), folder),
            { recursive: true, filter: (file) => Boolean(options.sourcemap) || !file.endsWith('.map') });
        }
      });
    },
  };
}
