// The blur worker: SIMD build, else scalar, else the sliding-sum JS (same bytes).
import { serve } from './runtime/host.js';
import { blurOps, jsBlurBackend, wasmBlurBackend } from './blur-ops.js';

serve({
  factory: async (simd) => (simd
    ? (await import('../build/wasm/out/blur.simd.mjs')).default
    : (await import('../build/wasm/out/blur.mjs')).default),
  selfTest: (wasm) => wasm.self_test(),
  backend: wasmBlurBackend,
  fallback: { path: 'js', load: async () => jsBlurBackend() },
  ops: blurOps,
});
