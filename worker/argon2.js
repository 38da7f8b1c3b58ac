// The Argon2id worker: SIMD build, else scalar, else libsodium-wrappers.
import { serve } from './runtime/host.js';
import { argon2Ops, createWasmArgon2 } from './argon2-ops.js';
import { createSodiumArgon2 } from './argon2-sodium.js';

serve({
  factory: async (simd) => (simd
    ? (await import('../build/wasm/out/argon2.simd.mjs')).default
    : (await import('../build/wasm/out/argon2.mjs')).default),
  selfTest: (wasm) => wasm.self_test(),
  ops: (backend) => argon2Ops(backend.argon2id_hash ? createWasmArgon2(backend) : backend),
  fallback: createSodiumArgon2,
});
