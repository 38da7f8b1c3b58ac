// The blur worker: SIMD build, else scalar, else the sliding-sum JS (same bytes).
import { serve } from './runtime/host.js';
import { emscriptenBuilds } from './runtime/emscripten-builds.js';
import { blurOps, jsBlurBackend, wasmBlurBackend } from './blur-ops.js';

serve({
  ...emscriptenBuilds(() => import('../build/wasm/out/blur.simd.mjs'), () => import('../build/wasm/out/blur.mjs')),
  backend: wasmBlurBackend,
  fallback: { path: 'js', load: async () => jsBlurBackend() },
  ops: blurOps,
});
