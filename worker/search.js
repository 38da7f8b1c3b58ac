// The search worker: SIMD build, else scalar, else the plain-JS word index.
import { serve } from './runtime/host.js';
import { emscriptenBuilds } from './runtime/emscripten-builds.js';
import { loadLocaleData } from './runtime/locale-data.js';
import { jsSearchBackend, searchOps, wasmSearchBackend } from './search-ops.js';

serve({
  ...emscriptenBuilds(() => import('../build/wasm/out/search.simd.mjs'), () => import('../build/wasm/out/search.mjs')),
  backend: wasmSearchBackend,
  fallback: { path: 'js', load: async () => jsSearchBackend },
  ops: searchOps,
  // The page's first answer count loads ICU's locale data unless a worker did (worker/runtime/locale-data.js).
  // Loaded as the worker starts, before it takes any job: a standby starts in idle time, and only a page's
  // first search worker waits (15-44 ms, once per renderer). Loaded after the first build, a search made at once
  // waited for it (12-16 ms -> 43-66 ms for the first keystroke).
  prepare: () => { loadLocaleData(); },
});
