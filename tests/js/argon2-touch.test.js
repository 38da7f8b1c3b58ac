// The touch helper of a p = 1 Argon2id job (worker/argon2-touch.js): its
// writes change no byte of the memory, whatever another thread writes there
// at the same time, and a p = 1 job that runs in the lanes build beside it
// (after a warm(), on a cross-origin-isolated worker) gives the main build's
// tag, with progress after every slice. Run in Node: the helper is a lane
// worker in worker_threads (tests/js/argon2-lane-node.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { Worker } from 'node:worker_threads';
import { touchPages } from '../../worker/argon2-touch.js';
import { createWasmArgon2 } from '../../worker/argon2-ops.js';
import { spawnNodeLane } from './argon2-lane-node.mjs';

const OUT = new URL('../../build/wasm/out/', import.meta.url);
const lanesBytes = await readFile(new URL('argon2.lanes.wasm', OUT));
const lanesModule = await WebAssembly.compile(lanesBytes);
const { default: create } = await import(new URL('argon2.simd.mjs', OUT));
const wasm = await create({ wasmBinary: await readFile(new URL('argon2.simd.wasm', OUT)) });
const hex = (bytes) => Buffer.from(bytes).toString('hex');

test('touchPages writes one word of each page in the range and changes no byte', () => {
  const memory = new WebAssembly.Memory({ initial: 2, maximum: 2, shared: true });
  const bytes = new Uint8Array(memory.buffer);
  crypto.getRandomValues(bytes.subarray(0, 65536));
  crypto.getRandomValues(bytes.subarray(65536));
  const before = bytes.slice();
  for (const [from, to, pages] of [[0, 131072, 32], [4096, 8192, 1], [5, 3 * 4096 + 7, 4], [4096, 4096, 0], [6, 8, 0], [4092, 4100, 2]]) {
    assert.equal(touchPages(memory, from, to), pages, `[${from}, ${to})`);
  }
  assert.deepEqual(bytes, before);
});

test('a touch racing another thread\'s atomic increments loses none of them', async () => {
  // The other thread adds 1 to the first word of every page, round after round, while this one touches: a touch
  // that read a word and wrote it back would lose the increments made in between.
  const ROUNDS = 20_000;
  const memory = new WebAssembly.Memory({ initial: 4, maximum: 4, shared: true });
  const done = new Int32Array(new SharedArrayBuffer(4));
  const writer = new Worker(`
    const { workerData } = require('node:worker_threads');
    const words = new Int32Array(workerData.buffer);
    for (let round = 0; round < ${ROUNDS}; round++) for (let at = 0; at < words.length; at += 1024) Atomics.add(words, at, 1);
    Atomics.store(new Int32Array(workerData.done), 0, 1);`, { eval: true, workerData: { buffer: memory.buffer, done: done.buffer } });
  const exited = new Promise((resolve, reject) => { writer.on('exit', resolve); writer.on('error', reject); });
  let touches = 0;
  while (Atomics.load(done, 0) === 0) touches += touchPages(memory, 0, memory.buffer.byteLength);
  await exited;
  assert.ok(touches > 64, `${touches} pages touched while the other thread wrote`);
  const words = new Int32Array(memory.buffer);
  for (let at = 0; at < words.length; at += 1024) assert.equal(words[at], ROUNDS, `word ${at}`);
});

function sequential({ password, salt, t, m, p, length }) {
  const inputs = [password, salt].map((bytes) => {
    const at = wasm._malloc(Math.max(1, bytes.length));
    wasm.HEAPU8.set(bytes, at);
    return [at, bytes.length];
  });
  const out = wasm._malloc(length);
  try {
    const code = wasm.argon2id_hash(out, length, ...inputs.flat(), 0, 0, 0, 0, t, m, p);
    assert.equal(code, 0, wasm.error_message(code));
    return hex(wasm.HEAPU8.slice(out, out + length));
  } finally {
    for (const [at] of inputs) wasm._free(at);
    wasm._free(out);
  }
}

// The argon2 worker's backend as a cross-origin-isolated page's: a touch helper (a Node lane worker) that counts its touches.
async function withTouchingBackend(module, use) {
  const isolated = Object.getOwnPropertyDescriptor(globalThis, 'crossOriginIsolated');
  Object.defineProperty(globalThis, 'crossOriginIsolated', { value: true, configurable: true });
  const lane = spawnNodeLane();
  const touched = [];
  const toucher = { touch(memory, from, to) { touched.push(to - from); lane.postMessage({ type: 'touch', memory, from, to }); return true; } };
  try {
    await use(createWasmArgon2(wasm, { lanesModule: module, toucher }), touched);
  } finally {
    lane.terminate();
    if (isolated) Object.defineProperty(globalThis, 'crossOriginIsolated', isolated);
    else delete globalThis.crossOriginIsolated;
  }
}

test('p = 1: the main build until a warm() has checked the lanes build, then the lanes build beside the helper, same tags', async () => {
  await withTouchingBackend(lanesModule, async (argon2, touched) => {
    const job = { password: new TextEncoder().encode('correct horse'), salt: new Uint8Array(16).fill(9), t: 2, m: 8192, p: 1, length: 32 };
    const first = argon2.hash({ ...job });
    assert.ok(first instanceof Uint8Array, 'a first call hashes in the main build');
    assert.equal(hex(first), sequential(job));
    await argon2.warm({ m: 256, p: 1, parallel: false });
    for (const m of [8192, 4096, 8192]) {
      const progress = [];
      const pending = argon2.hash({ ...job, m, salt: new Uint8Array(16).fill(m & 255) }, (fraction) => progress.push(fraction));
      assert.ok(pending instanceof Promise, 'the lanes build, once warm() checked it');
      assert.equal(hex(await pending), sequential({ ...job, m, salt: new Uint8Array(16).fill(m & 255) }), `m=${m}`);
      assert.deepEqual(progress, Array.from({ length: 4 * job.t }, (_, i) => (i + 1) / (4 * job.t)), 'progress after every slice');
    }
    assert.deepEqual(touched, [8192 * 1024, 4096 * 1024, 8192 * 1024], 'the helper touched each fresh memory\'s blocks');
  });
});

test('p = 1 beside a helper: a lanes build that disagrees on warm() is never used', async () => {
  const tampered = Buffer.from(lanesBytes);
  const ivConst = Buffer.from('428892f39dffccf984ea00', 'hex');   // BLAKE2b's first IV word (see argon2-lanes.test.js)
  for (let at = tampered.indexOf(ivConst); at >= 0; at = tampered.indexOf(ivConst, at + 1)) tampered[at + 1] ^= 1;
  await withTouchingBackend(await WebAssembly.compile(tampered), async (argon2, touched) => {
    await assert.rejects(argon2.warm({ m: 256, p: 1, parallel: false }), /disagrees/);
    const job = { password: new Uint8Array(3), salt: new Uint8Array(16), t: 1, m: 512, p: 1, length: 32 };
    const tag = argon2.hash({ ...job });
    assert.ok(tag instanceof Uint8Array);
    assert.equal(hex(tag), sequential(job));
    assert.deepEqual(touched, []);
  });
});
