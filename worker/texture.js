// The texture worker: SIMD build, else scalar, else the JS tables (same bytes).
import { serve } from './runtime/host.js';
import { emscriptenBuilds } from './runtime/emscripten-builds.js';
import { jsTextureBackend, textureOps, wasmTextureBackend } from './texture-ops.js';

serve({
  ...emscriptenBuilds(() => import('../build/wasm/out/texture.simd.mjs'), () => import('../build/wasm/out/texture.mjs')),
  backend: wasmTextureBackend,
  fallback: { path: 'js', load: async () => jsTextureBackend },
  ops: textureOps,
});
