// The search worker: SIMD build, else scalar, else the plain-JS word index.
import { serve } from './runtime/host.js';
import { jsSearchBackend, searchOps, wasmSearchBackend } from './search-ops.js';

serve({
  factory: async (simd) => (simd
    ? (await import('../build/wasm/out/search.simd.mjs')).default
    : (await import('../build/wasm/out/search.mjs')).default),
  selfTest: (wasm) => wasm.self_test(),
  backend: wasmSearchBackend,
  fallback: { path: 'js', load: async () => jsSearchBackend },
  ops: searchOps,
});
