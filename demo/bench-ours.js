// The demo's benchmark worker for our Argon2id kernel alone: the same build
// the argon2 worker runs (SIMD where the engine has it), loaded once through
// the bench harness's browser loader (bench/browser/env.js) and timed in this
// worker like the peers in demo/bench-peers.js, so that the bars compare
// kernels; the page adds the argon2id() API's cost, a fresh worker per hash.
//   {password, salt, t, m, runs} -> {type: 'done', contenders: [{id, label, times, output}]}
import { browserEnv } from '../bench/browser/env.js';
import { createWasmArgon2 } from '../worker/argon2-ops.js';
import { simdSupported } from '../common/wasm-compile.js';

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

self.onmessage = async ({ data: { password, salt, t, m, runs } }) => {
  try {
    const simd = simdSupported();
    const argon2 = createWasmArgon2(await browserEnv.emscripten('argon2', { simd }));
    const run = async () => hex(await argon2.hash({ password, salt, t, m, p: 1, length: 32 }));
    const output = await run();
    const times = [];
    for (let r = 0; r < runs; r++) {
      // Repeated until 10 ms have passed, as in demo/bench-peers.js (coarse timers).
      const start = performance.now();
      let n = 0;
      do { await run(); n++; } while (performance.now() - start < 10);
      times.push((performance.now() - start) / n);
    }
    self.postMessage({ type: 'done', contenders: [{ id: 'ours', label: `ours, kernel in a worker (${simd ? 'simd' : 'scalar'})`, times, output }] });
  } catch (error) {
    self.postMessage({ type: 'failed', message: `${error?.name ?? 'Error'}: ${error?.message ?? error}` });
  }
};
