// Parallel lanes (worker/argon2-lanes.js over build/wasm/out/argon2.lanes.wasm),
// run in Node with worker_threads as lane workers: the RFC 9106 vector
// (p = 4, secret, associated data) with 1 to 4 threads, and the same tags as
// the main SIMD build's sequential lanes on random inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { argon2idParallel, laneLayout, prepareLaneMemory, startLaneWorkers } from '../../worker/argon2-lanes.js';
import { LANE_NOT_INSTANTIATED, TASK_DONE, TASK_ERROR, TASK_NEXT, fillTasks, taskControl } from '../../worker/argon2-lane-sync.js';
import { serveLane } from '../../worker/argon2-lane.js';
import { spawnNodeLane } from './argon2-lane-node.mjs';
import { Worker } from 'node:worker_threads';

const OUT = new URL('../../build/wasm/out/', import.meta.url);
const module = await WebAssembly.compile(await readFile(new URL('argon2.lanes.wasm', OUT)));
const { default: create } = await import(new URL('argon2.simd.mjs', OUT));
const wasm = await create({ wasmBinary: await readFile(new URL('argon2.simd.wasm', OUT)) });
const hex = (bytes) => Buffer.from(bytes).toString('hex');

const RFC = {
  password: new Uint8Array(32).fill(1), salt: new Uint8Array(16).fill(2),
  secret: new Uint8Array(8).fill(3), ad: new Uint8Array(12).fill(4), t: 3, m: 32, p: 4, length: 32,
};
const RFC_TAG = '0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659';

function sequential({ password, salt, secret, ad, t, m, p, length }) {
  const inputs = [password, salt, secret, ad].map((bytes) => {
    const at = wasm._malloc(Math.max(1, bytes?.length ?? 0));
    if (bytes) wasm.HEAPU8.set(bytes, at);
    return [at, bytes?.length ?? 0];
  });
  const out = wasm._malloc(length);
  try {
    const code = wasm.argon2id_hash(out, length, ...inputs.flat(), t, m, p);
    assert.equal(code, 0, wasm.error_message(code));
    return hex(wasm.HEAPU8.slice(out, out + length));
  } finally {
    for (const [at] of inputs) wasm._free(at);
    wasm._free(out);
  }
}

test('parallel lanes give the RFC 9106 Argon2id tag with 1, 2, 3 and 4 threads', async () => {
  for (const threads of [1, 2, 3, 4]) {
    const tag = await argon2idParallel({ module, spawn: spawnNodeLane, threads, ...RFC });
    assert.equal(hex(tag), RFC_TAG, `threads ${threads}`);
  }
});

test('parallel lanes equal the main build\'s sequential lanes on random inputs', async () => {
  let seed = 7;
  const random = (n) => { seed = (seed * 1103515245 + 12345) >>> 0; return seed % n; };
  const bytes = (n) => Uint8Array.from({ length: n }, () => random(256));
  for (let i = 0; i < 12; i += 1) {
    const p = 2 + random(5);
    const args = {
      password: bytes(random(40)), salt: bytes(8 + random(24)), secret: random(2) ? bytes(random(16)) : undefined,
      ad: random(2) ? bytes(random(16)) : undefined, t: 1 + random(3), m: 8 * p + random(600), p, length: 16 + random(64),
    };
    const threads = 1 + random(p);
    const tag = await argon2idParallel({ module, spawn: spawnNodeLane, threads, ...args });
    assert.equal(hex(tag), sequential(args), `case ${i}: p=${p} m=${args.m} t=${args.t} threads=${threads}`);
  }
});

test('a readied shared memory gives the same tags, is used when the job fits and left when it does not', async () => {
  for (const threads of [2, 4]) {
    const memory = await prepareLaneMemory({ module, m: RFC.m, p: RFC.p, threads });
    // Marked from the blocks on (the stacks and the module's data before them die with the memory), the blocks must
    // come back erased and nothing after them written: the job ran in this memory and left no block, input or tag.
    const { blocks, blockBytes } = await laneLayout(module, { ...RFC, threads });
    const tail = new Uint8Array(memory.buffer).subarray(blocks);
    tail.fill(0xaa);
    const tag = await argon2idParallel({ module, spawn: spawnNodeLane, threads, memory, ...RFC });
    assert.equal(hex(tag), RFC_TAG, `threads ${threads}`);
    assert.ok(tail.subarray(0, blockBytes).every((byte) => byte === 0), 'the job filled and erased the readied blocks');
    assert.ok(tail.every((byte) => byte === 0 || byte === 0xaa), 'nothing of the job stays in the readied memory');
  }
  // Readied for 32 KiB: a job of 2 MiB, or one whose associated data outgrows the readied room, makes its own memory.
  const small = await prepareLaneMemory({ module, m: 32, p: 4, threads: 2 });
  const big = { ...RFC, m: 2048, ad: new Uint8Array(200 * 1024).fill(5) };
  const tag = await argon2idParallel({ module, spawn: spawnNodeLane, threads: 2, memory: small, ...big });
  assert.equal(hex(tag), sequential(big));
  await assert.rejects(prepareLaneMemory({ module, m: 31, p: 4 }), RangeError, 'a memory is readied only for valid m and p');
});

test('invalid parameters are refused before any worker starts', async () => {
  let spawned = 0;
  const spawn = () => { spawned += 1; return spawnNodeLane(); };
  await assert.rejects(argon2idParallel({ module, spawn, ...RFC, m: 31 }), RangeError);
  await assert.rejects(argon2idParallel({ module, spawn, ...RFC, salt: new Uint8Array(4) }), RangeError);
  assert.equal(spawned, 0);
});

test('pre-started lane workers do the job, and are terminated even when the parameters are refused', async () => {
  let spawned = 0;
  let terminated = 0;
  const spawn = () => {
    spawned += 1;
    const worker = spawnNodeLane();
    const terminate = worker.terminate;
    return Object.assign(worker, { terminate: () => { terminated += 1; return terminate(); } });
  };
  const workers = startLaneWorkers(3, { spawn });
  const tag = await argon2idParallel({ module, spawn: () => assert.fail('no new worker expected'), workers, threads: 4, ...RFC });
  assert.equal(hex(tag), RFC_TAG);
  assert.equal(terminated, 3);
  await assert.rejects(argon2idParallel({ module, workers: startLaneWorkers(1, { spawn }), ...RFC, m: 31 }), RangeError);
  assert.deepEqual([spawned, terminated], [4, 4]);
});

test('one thread takes every task in order; a failure skips the rest without blocking anyone', () => {
  const calls = [];
  const control = taskControl();
  const filled = fillTasks({ lanes_fill_segment: (...args) => { calls.push(args.slice(4).join('')); return 0; } },
    { control, t: 2, m: 64, p: 2, blocks: 0 });
  // (pass, slice, lane) in the order sequential lanes fill them.
  assert.deepEqual(calls, ['000', '001', '010', '011', '020', '021', '030', '031', '100', '101', '110', '111', '120', '121', '130', '131']);
  assert.equal(filled, 16);
  assert.deepEqual([control[TASK_NEXT] > 16, control[TASK_DONE], control[TASK_ERROR]], [true, 16, 0]);
  const failing = taskControl();
  let tried = 0;
  const failed = fillTasks({ lanes_fill_segment: () => { tried += 1; if (tried === 3) throw new Error('trap'); return 0; } },
    { control: failing, t: 1, m: 64, p: 4, blocks: 0 });
  assert.deepEqual([failed, failing[TASK_DONE], failing[TASK_ERROR]], [3, 16, -1]);
});

test('a segment waits for every segment of the slices before it, whichever thread holds them', async () => {
  // Another thread takes task 0 (slice 0, lane 0) and finishes it only once this thread has taken task 4 (slice 1):
  // filling task 4 before then would read blocks of slice 0 that are not written yet.
  const control = taskControl();
  const other = new Worker(`
    const { workerData: { control, sync } } = require('node:worker_threads');
    import(sync).then(({ fillTasks, TASK_NEXT }) => fillTasks({ lanes_fill_segment() {
      while (Atomics.load(control, TASK_NEXT) < 5) Atomics.wait(control, TASK_NEXT, Atomics.load(control, TASK_NEXT), 5);
      return 0;
    } }, { control, t: 1, m: 64, p: 4, blocks: 0 }));`, {
    eval: true, workerData: { control, sync: new URL('../../worker/argon2-lane-sync.js', import.meta.url).href },
  });
  while (Atomics.load(control, TASK_NEXT) < 1) await new Promise((resolve) => setTimeout(resolve, 1));
  const doneBefore = [];
  fillTasks({ lanes_fill_segment: () => { doneBefore.push(Atomics.load(control, TASK_DONE)); return 0; } },
    { control, t: 1, m: 64, p: 4, blocks: 0 });
  await other.terminate();
  // Tasks 1-3 (slice 0) at once; task 4 only after all of slice 0 (the other thread may have gone on meanwhile).
  assert.deepEqual(doneBefore.slice(0, 3), [0, 1, 2]);
  assert.ok(doneBefore[3] >= 4, `task 4 began with ${doneBefore[3]} tasks done`);
  assert.equal(control[TASK_DONE], 16);
});

test('a lane worker that never takes a task leaves its share to the others; one that cannot instantiate fails the job', async () => {
  // Started (it says so) but deaf: the job does every segment in this thread.
  const started = (postMessage) => () => ({
    postMessage, terminate() {}, set onmessage(handler) { handler({ data: { type: 'started' } }); }, set onerror(_) {},
  });
  assert.equal(hex(await argon2idParallel({ module, spawn: started(() => {}), threads: 2, ...RFC })), RFC_TAG);
  // What a lane worker does when the module does not instantiate on the job's memory...
  const broken = await WebAssembly.compile(new Uint8Array([0, 97, 115, 109, 1, 0, 0, 0]));  // no lanes_set_stack
  const control = taskControl();
  globalThis.self = { postMessage() {} };
  serveLane();
  await globalThis.self.onmessage({ data: { module: broken, memory: new WebAssembly.Memory({ initial: 1 }), control: control.buffer } });
  assert.equal(control[TASK_ERROR], LANE_NOT_INSTANTIATED);
  // ...fails the job, whatever this thread had filled.
  const failing = started(({ control: buffer }) => { new Int32Array(buffer)[TASK_ERROR] = LANE_NOT_INSTANTIATED; });
  await assert.rejects(argon2idParallel({ module, spawn: failing, threads: 2, ...RFC }),
    { name: 'InternalError', message: /could not instantiate/ });
});
