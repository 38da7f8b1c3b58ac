// The notes worker: SIMD build, else scalar, else libsodium-wrappers.
import { serve } from './runtime/host.js';
import { createWasmNotes, notesOps } from './notes-ops.js';

serve({
  factory: async (simd) => (simd
    ? (await import('../build/wasm/out/notes.simd.mjs')).default
    : (await import('../build/wasm/out/notes.mjs')).default),
  selfTest: (wasm) => wasm.self_test(),
  backend: createWasmNotes,
  fallback: { path: 'libsodium', load: async ({ files }) => (await import(files.fallback)).createSodiumNotes() },
  ops: notesOps,
});
