// The notes worker: SIMD build, else scalar, else libsodium-wrappers.
import { serve } from './runtime/host.js';
import { createWasmNotes, notesOps } from './notes-ops.js';

serve({
  factory: async (simd) => (simd
    ? (await import('../build/wasm/out/notes.simd.mjs')).default
    : (await import('../build/wasm/out/notes.mjs')).default),
  selfTest: (wasm) => wasm.self_test(),
  ops: (backend) => notesOps(backend.open_batch ? createWasmNotes(backend) : backend),
  fallback: async ({ files }) => (await import(files.fallback)).createSodiumNotes(),
});
