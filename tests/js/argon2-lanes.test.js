// Parallel lanes (worker/argon2-lanes.js over build/wasm/out/argon2.lanes.wasm),
// run in Node with worker_threads as lane workers: the RFC 9106 vector
// (p = 4, secret, associated data) with 1 to 4 threads, and the same tags as
// the main SIMD build's sequential lanes on random inputs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { argon2idParallel, endStage, prepareLanes } from '../../worker/argon2-lanes.js';
import { barrier, CONTROL_WORDS, LANE_LOST } from '../../worker/argon2-lane-sync.js';
import { createWasmArgon2 } from '../../worker/argon2-ops.js';
import { spawnNodeLane } from './argon2-lane-node.mjs';

const OUT = new URL('../../build/wasm/out/', import.meta.url);
const lanesBytes = await readFile(new URL('argon2.lanes.wasm', OUT));
const module = await WebAssembly.compile(lanesBytes);
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

// A spawn whose workers count their terminations.
function countingSpawn() {
  const counts = { spawned: 0, terminated: 0 };
  const workers = [];
  const spawn = () => {
    counts.spawned += 1;
    const worker = spawnNodeLane();
    const terminate = worker.terminate;
    workers.push(terminate);
    return Object.assign(worker, { terminate: () => { counts.terminated += 1; return terminate(); } });
  };
  // Ends every worker whatever the test left (a failed assertion must not leave the process running).
  const endAll = () => Promise.all(workers.map((terminate) => terminate()));
  return { spawn, counts, endAll };
}

test('a readied stage gives the same tags with its own workers, and leaves nothing of the job in its memory', async () => {
  for (const threads of [2, 4]) {
    const { spawn, counts } = countingSpawn();
    const readied = await prepareLanes({ module, m: RFC.m, p: RFC.p, threads, spawn });
    assert.equal(counts.spawned, threads - 1, 'the stage starts its lane workers ahead');
    // Marked from the blocks on (the stacks and the module's data before them die with the memory), the blocks must
    // come back erased and nothing after them written: the job ran in this memory and left no block, input or tag.
    const { blocks, blockBytes } = readied.layout;
    const tail = new Uint8Array(readied.memory.buffer).subarray(blocks);
    tail.fill(0xaa);
    const tag = await argon2idParallel({ module, spawn: () => assert.fail('no new worker expected'), threads, readied, ...RFC });
    assert.equal(hex(tag), RFC_TAG, `threads ${threads}`);
    assert.ok(tail.subarray(0, blockBytes).every((byte) => byte === 0), 'the job filled and erased the readied blocks');
    assert.ok(tail.every((byte) => byte === 0 || byte === 0xaa), 'nothing of the job stays in the readied memory');
    assert.equal(counts.terminated, threads - 1, 'the job terminates the readied workers');
  }
});

test('a job leaves no byte on the stacks of its threads in the shared memory, and the module\'s data below them as it was', async () => {
  for (const threads of [2, 4]) {
    const { spawn, endAll } = countingSpawn();
    try {
      const readied = await prepareLanes({ module, m: 1024, p: 4, threads, spawn });
      const { heapBase, blocks } = readied.layout;
      const view = new Uint8Array(readied.memory.buffer);
      const stacksFrom = heapBase - 64 * 1024;  // the calling thread's stack (-z stack-size=65536), then the lane workers'
      const data = view.slice(0, stacksFrom);
      assert.ok(data.some((byte) => byte !== 0), 'the module has data below its stack');
      const args = { ...RFC, password: new Uint8Array(32).fill(7), m: 1024 };
      assert.equal(hex(await argon2idParallel({ module, threads, readied, ...args })), sequential(args), `threads ${threads}`);
      const left = view.subarray(stacksFrom, blocks).reduce((n, byte) => n + (byte !== 0), 0);
      assert.equal(left, 0, `threads ${threads}: bytes left on the stacks`);
      assert.deepEqual(view.subarray(0, stacksFrom), data, 'the module\'s data is untouched');
    } finally {
      await endAll();
    }
  }
});

test('a readied stage\'s memory is left when the job does not fit it; its lane worker serves the job on the job\'s own memory', async () => {
  // Readied for 32 KiB over 2 threads: a job of 2 MiB, one whose associated data outgrows the readied room, and one on
  // 3 threads each run in a memory of their own, the readied lane worker attached to it (the page starts no more).
  const big = { ...RFC, m: 2048 };
  const hugeAd = { ...RFC, ad: new Uint8Array(200 * 1024).fill(5) };
  for (const [args, threads] of [[big, 2], [hugeAd, 2], [RFC, 3]]) {
    const { spawn, counts } = countingSpawn();
    const readied = await prepareLanes({ module, m: 32, p: 4, threads: 2, spawn });
    const tail = new Uint8Array(readied.memory.buffer).subarray(readied.layout.blocks);
    tail.fill(0xaa);
    const tag = await argon2idParallel({ module, spawn, threads, readied, ...args });
    assert.equal(hex(tag), sequential(args), `m=${args.m} ad=${args.ad.length} threads=${threads}`);
    assert.ok(tail.every((byte) => byte === 0xaa), 'the readied memory was not used');
    assert.deepEqual(counts, { spawned: threads - 1, terminated: threads - 1 }, 'the readied lane worker and threads - 2 new ones, all ended');
  }
  await assert.rejects(prepareLanes({ module, m: 31, p: 4, spawn: spawnNodeLane }), RangeError, 'a stage is readied only for valid m and p');
});

// The argon2 worker's backend on a crossOriginIsolated worker (as Node's runtime reports it), with one lane worker
// started ahead for min(p, 2 cores) threads.
async function withParallelBackend(lanesModule, use) {
  const isolated = Object.getOwnPropertyDescriptor(globalThis, 'crossOriginIsolated');
  Object.defineProperty(globalThis, 'crossOriginIsolated', { value: true, configurable: true });
  const { spawn, counts, endAll } = countingSpawn();
  try {
    const argon2 = createWasmArgon2(wasm, { lanesModule, laneWorkers: [spawn()] });
    assert.equal(argon2.supportsParallel, true);
    await use(argon2, counts);
  } finally {
    await endAll();
    if (isolated) Object.defineProperty(globalThis, 'crossOriginIsolated', isolated);
    else delete globalThis.crossOriginIsolated;
  }
}

test('warm() checks the lanes build against the main build, and the job then runs its lanes in parallel', async () => {
  await withParallelBackend(module, async (argon2, counts) => {
    await argon2.warm({ m: RFC.m, p: RFC.p });
    const progress = [];
    const pending = argon2.hash({ ...RFC }, (fraction) => progress.push(fraction));
    assert.ok(pending instanceof Promise, 'the parallel path');
    assert.equal(hex(await pending), RFC_TAG);
    assert.deepEqual(progress, Array.from({ length: 4 * RFC.t }, (_, i) => (i + 1) / (4 * RFC.t)), 'progress after every slice, as the sequential path');
    assert.deepEqual(counts, { spawned: 1, terminated: 1 }, 'the readied lane worker did the job');
  });
});

test('a lanes build that disagrees with the main build on the warm-up hash is not used: the lanes run one after another', async () => {
  // BLAKE2b's first IV word, 0x6a09e667f3bcc908, is an i64.const in the lanes build's code (opcode 0x42, then signed
  // LEB128): one bit flipped in each copy, the build still runs, with other tags.
  const tampered = Buffer.from(lanesBytes);
  const ivConst = Buffer.from('428892f39dffccf984ea00', 'hex');
  let copies = 0;
  for (let at = tampered.indexOf(ivConst); at >= 0; at = tampered.indexOf(ivConst, at + 1), copies += 1) tampered[at + 1] ^= 1;
  assert.ok(copies > 0, 'the BLAKE2b IV is in the lanes build\'s code');
  await withParallelBackend(await WebAssembly.compile(tampered), async (argon2, counts) => {
    await assert.rejects(argon2.warm({ m: RFC.m, p: RFC.p }), (e) => e.name === 'InternalError' && /disagrees/.test(e.message));
    assert.equal(counts.terminated, 1, 'the readied lane worker is let go');
    const tag = argon2.hash({ ...RFC });
    assert.ok(!(tag instanceof Promise), 'the sequential path');
    assert.equal(hex(tag), RFC_TAG);
  });
});

test('invalid parameters are refused before any worker starts', async () => {
  let spawned = 0;
  const spawn = () => { spawned += 1; return spawnNodeLane(); };
  await assert.rejects(argon2idParallel({ module, spawn, ...RFC, m: 31 }), RangeError);
  await assert.rejects(argon2idParallel({ module, spawn, ...RFC, salt: new Uint8Array(4) }), RangeError);
  assert.equal(spawned, 0);
});

test('pre-started lane workers do the job, and are terminated even when the parameters are refused', async () => {
  const { spawn, counts } = countingSpawn();
  const workers = Array.from({ length: 3 }, spawn);
  const tag = await argon2idParallel({ module, spawn: () => assert.fail('no new worker expected'), workers, threads: 4, ...RFC });
  assert.equal(hex(tag), RFC_TAG);
  assert.equal(counts.terminated, 3);
  await assert.rejects(argon2idParallel({ module, workers: [spawn()], ...RFC, m: 31 }), RangeError);
  assert.deepEqual(counts, { spawned: 4, terminated: 4 });
});

test('with lingerMs the lane workers end that much after the job, whose memory is erased already, and at once after a failure', async () => {
  const { spawn, counts, endAll } = countingSpawn();
  try {
    const readied = await prepareLanes({ module, m: RFC.m, p: RFC.p, threads: 2, spawn });
    const tail = new Uint8Array(readied.memory.buffer).subarray(readied.layout.blocks);
    tail.fill(0xaa);
    const tag = await argon2idParallel({ module, spawn: () => assert.fail('no new worker expected'), threads: 2, readied,
      lingerMs: 200, ...RFC });
    assert.equal(hex(tag), RFC_TAG);
    assert.ok(tail.every((byte) => byte === 0 || byte === 0xaa), 'nothing of the job stays in the memory when the tag is returned');
    assert.equal(counts.terminated, 0, 'the lane worker is still alive when the tag is returned');
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.equal(counts.terminated, 1, 'the lane worker ended after lingerMs');
    await assert.rejects(argon2idParallel({ module, workers: [spawn()], lingerMs: 10_000, ...RFC, m: 31 }),
      RangeError);
    assert.deepEqual(counts, { spawned: 2, terminated: 2 }, 'a failed job ends its lane workers at once');
  } finally {
    await endAll();
  }
});

test('with keep a job hands over its stage, erased: a next job of the same m and p runs on its memory and lane workers, and endStage() ends them', async () => {
  for (const threads of [2, 4]) {
    const { spawn, counts, endAll } = countingSpawn();
    try {
      let stage;
      assert.equal(hex(await argon2idParallel({ module, spawn, threads, keep: (kept) => { stage = kept; }, ...RFC })), RFC_TAG);
      assert.deepEqual(counts, { spawned: threads - 1, terminated: 0 }, 'its lane workers are kept');
      const { heapBase } = stage.layout;
      const view = new Uint8Array(stage.memory.buffer);
      assert.ok(view.subarray(heapBase - 64 * 1024).every((byte) => byte === 0), 'nothing of the job: stacks, blocks, inputs, tag');
      const args = { ...RFC, password: new Uint8Array(32).fill(9), t: 2 };
      let next;
      const tag = await argon2idParallel({ module, spawn: () => assert.fail('no new worker expected'), threads, readied: stage,
        keep: (kept) => { next = kept; }, ...args });
      assert.equal(hex(tag), sequential(args), `threads ${threads}`);
      assert.equal(next.memory, stage.memory, 'the same memory');
      assert.ok(view.subarray(heapBase - 64 * 1024).every((byte) => byte === 0), 'erased again');
      assert.equal(counts.terminated, 0);
      endStage(next);
      assert.deepEqual(counts, { spawned: threads - 1, terminated: threads - 1 });
    } finally {
      await endAll();
    }
  }
});

test('the backend keeps a parallel job\'s stage for lingerMs: a job in a row runs on it, and it is let go after', async () => {
  await withParallelBackend(module, async (argon2, counts) => {
    assert.equal(hex(await argon2.hash({ ...RFC, lingerMs: 200 })), RFC_TAG);
    const args = { ...RFC, password: new Uint8Array(32).fill(5), lingerMs: 200 };
    assert.equal(hex(await argon2.hash(args)), sequential(args), 'a job in a row, on the kept lane worker (the backend starts none)');
    assert.deepEqual(counts, { spawned: 1, terminated: 0 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    assert.deepEqual(counts, { spawned: 1, terminated: 1 }, 'let go after lingerMs');
    assert.equal(hex(await argon2.hash({ ...RFC, lingerMs: 200 })), RFC_TAG, 'no lane worker left: this thread alone, the same tag');
    assert.deepEqual(counts, { spawned: 1, terminated: 1 }, 'and no worker started');
  });
});

test('a one-party barrier never blocks, counts one generation per call and deals each slice\'s lanes afresh', () => {
  const control = new Int32Array(new SharedArrayBuffer(CONTROL_WORDS * 4));
  for (let i = 0; i < 5; i += 1) {
    control[3] = 4;  // every lane of the slice taken
    barrier(control, 1);
  }
  assert.deepEqual(Array.from(control), [0, 5, 0, 0]);
});

// A spawn whose lane worker instantiates as usual, then `onFill(real)` decides what happens to its lanes.
function laneThatFails(onFill) {
  const made = [];
  const spawn = () => {
    const real = spawnNodeLane();
    made.push(real);
    return {
      postMessage: (message) => (message.type === 'fill' ? onFill(real, message, made) : real.postMessage(message)),
      terminate: () => real.terminate(),
      set onmessage(handler) { real.onmessage = handler; },
      set onerror(handler) { real.onerror = handler; },
    };
  };
  return { spawn, endAll: () => made.forEach((worker) => worker.terminate()) };
}

test('a lane worker that dies after its ready: the job is given up after stallMs with an InternalError, not waited for ever', async () => {
  const { spawn, endAll } = laneThatFails((real) => real.terminate());
  try {
    const started = performance.now();
    await assert.rejects(argon2idParallel({ module, spawn, threads: 2, stallMs: 300, ...RFC }),
      (e) => e.name === 'InternalError' && /lane worker stopped/.test(e.message));
    const waited = performance.now() - started;
    assert.ok(waited >= 300 && waited < 10_000, `given up after the stall, not before (${waited.toFixed(0)} ms)`);
    // The same module and spawn still serve a good job afterwards.
    assert.equal(hex(await argon2idParallel({ module, spawn: spawnNodeLane, threads: 2, ...RFC })), RFC_TAG);
  } finally {
    endAll();
  }
});

test('a lane worker whose fill fails wakes the others at once through the control words (no stall to wait out)', async () => {
  // Its lanes go to a second, never attached worker: "fill before attach" there, which marks the job lost.
  const { spawn, endAll } = laneThatFails((real, message, made) => {
    const unattached = spawnNodeLane();
    made.push(unattached);
    unattached.postMessage(message);
  });
  try {
    const started = performance.now();
    await assert.rejects(argon2idParallel({ module, spawn, threads: 2, stallMs: 600_000, ...RFC }),
      (e) => e.name === 'InternalError' && /lane worker stopped/.test(e.message));
    assert.ok(performance.now() - started < 10_000, 'long before the ten-minute stall');
  } finally {
    endAll();
  }
});

test('a barrier whose other party never comes throws after stallMs and marks the job lost', () => {
  const control = new Int32Array(new SharedArrayBuffer(CONTROL_WORDS * 4));
  const started = performance.now();
  assert.throws(() => barrier(control, 2, 200), /lane worker stopped/);
  assert.ok(performance.now() - started >= 200);
  assert.equal(control[2], LANE_LOST);
  assert.throws(() => barrier(control, 3, 60_000), /lane worker stopped/, 'a lost job stops the next barrier at once');
});
