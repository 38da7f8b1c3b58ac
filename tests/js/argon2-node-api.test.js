// argon2id() and warmArgon2() through the built Node API (dist/node.js): a
// worker readied ahead does its warm in its own thread, even while the calling
// thread is busy (a server's main thread hashing or serving), and the job on it
// gives hash-wasm's tag with the lanes in parallel threads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { argon2id as hashWasmArgon2id } from 'hash-wasm';
import { argon2id, warmArgon2 } from '../../dist/node.js';

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const salt = Uint8Array.from({ length: 16 }, (_, i) => i * 7);

test('a worker readied by warmArgon2() has warmed by the end of a long busy stretch of this thread, and its p = 4 job gives hash-wasm\'s tag', async () => {
  // 512 MiB over 4 lanes: the warm (a shared memory made and every page touched,
  // the lane worker started, the warm-up hashes) takes a few hundred ms here.
  const m = 512 * 1024;
  const params = { password: 'busy server', salt, t: 1, m, p: 4, length: 32 };
  const expected = await hashWasmArgon2id({ ...params, iterations: 1, memorySize: m, parallelism: 4, hashLength: 32, outputType: 'binary' });
  await argon2id({ ...params, m: 1024 });   // the modules compiled (once per process), as after a server's first job
  const warm = warmArgon2({ m, p: 4 });
  await new Promise((resolve) => setTimeout(resolve, 0));   // the worker is started and told its jobs
  // Busy for 6 s (a synchronous stretch, as a server's own hashing): no message of the worker is read meanwhile.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 6000);
  const busyEnd = performance.now();
  await warm.ready;
  const waited = performance.now() - busyEnd;
  assert.ok(waited < 100, `the warm ran during the busy stretch (waited ${waited.toFixed(1)} ms after it for the warm to end)`);
  assert.equal(hex(await argon2id(params, { warm })), hex(expected));
});
