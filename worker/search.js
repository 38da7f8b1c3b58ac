// The search worker: SIMD build, else scalar, else the plain-JS word index.
import { serve } from './runtime/host.js';
import { emscriptenBuilds } from './runtime/emscripten-builds.js';
import { jsSearchBackend, searchOps, wasmSearchBackend } from './search-ops.js';

serve({
  ...emscriptenBuilds(() => import('../build/wasm/out/search.simd.mjs'), () => import('../build/wasm/out/search.mjs')),
  backend: wasmSearchBackend,
  fallback: { path: 'js', load: async () => jsSearchBackend },
  ops: searchOps,
});
