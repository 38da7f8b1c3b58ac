// The calls bench's page (bench/calls/page.js) bundled for the browser, its imports split into chunks so that each
// contender's code is fetched by its first call. Our API is in it too, for the "app" contender: dist/api.js bundled
// as an app's bundler makes it, with the package's esbuild plugin, which copies dist/workers/ and dist/wasm/ beside
// the chunks.
import { build } from 'esbuild';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { mementoElements } from '../../bundlers/esbuild.js';

/** Builds the page into `out` (index.html, page.js and its chunks, workers/, wasm/); dist/ must be built. */
export async function buildCallsPage(root, out) {
  await build({
    absWorkingDir: root, entryPoints: ['bench/calls/page.js'], outdir: out, bundle: true, splitting: true,
    format: 'esm', platform: 'browser', target: 'es2022', logLevel: 'warning',
    plugins: [mementoElements()],
    // dist/api.js's bare imports of chunks only order their evaluation (each is also imported by name where used)
    // and package.json's sideEffects says they have none, so esbuild drops them, and says so for each.
    logOverride: { 'ignored-bare-import': 'silent' },
  });
  writeFileSync(path.join(out, 'index.html'), '<!doctype html><meta charset="utf-8"><title>calls bench</title>'
    + '<link rel="icon" href="data:,"><script type="module" src="./page.js"></script>\n');
}
