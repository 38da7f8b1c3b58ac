// The notes worker: SIMD build, else scalar, else libsodium-wrappers.
import { serve } from './runtime/host.js';
import { emscriptenBuilds } from './runtime/emscripten-builds.js';
import { createWasmNotes, notesOps } from './notes-ops.js';

serve({
  ...emscriptenBuilds(() => import('../build/wasm/out/notes.simd.mjs'), () => import('../build/wasm/out/notes.mjs')),
  backend: createWasmNotes,
  fallback: { path: 'libsodium', load: async ({ files }) => (await import(files.fallback)).createSodiumNotes() },
  ops: notesOps,
});
