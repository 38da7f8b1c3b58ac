// The texture worker: SIMD build, else scalar, else the JS tables (same bytes).
import { serve } from './runtime/host.js';
import { jsTextureBackend, textureOps, wasmTextureBackend } from './texture-ops.js';

serve({
  factory: async (simd) => (simd
    ? (await import('../build/wasm/out/texture.simd.mjs')).default
    : (await import('../build/wasm/out/texture.mjs')).default),
  selfTest: (wasm) => wasm.self_test(),
  backend: wasmTextureBackend,
  fallback: { path: 'js', load: async () => jsTextureBackend },
  ops: textureOps,
});
