import { test } from 'node:test';
import assert from 'node:assert/strict';
import { acquireSlot, hasFreeSlot, liveWorkerCount, releaseSlot, setWorkerCap } from '../../api/runtime/pool.js';

function fakeClient(idle, lastUsed) {
  return {
    idle, lastUsed, terminated: false,
    isIdle() { return this.idle; },
    terminate() { this.terminated = true; releaseSlot(this); },
  };
}

test('at the cap the longest-idle worker is evicted to make room', async () => {
  setWorkerCap(2);
  const older = fakeClient(true, 1);
  const newer = fakeClient(true, 2);
  await acquireSlot(older);
  await acquireSlot(newer);
  const third = fakeClient(false, 3);
  await acquireSlot(third);
  assert.equal(older.terminated, true);
  assert.equal(newer.terminated, false);
  assert.equal(liveWorkerCount(), 2);
  assert.equal(hasFreeSlot(), false, 'at the cap');
  newer.terminate(); third.terminate();
  assert.equal(hasFreeSlot(), true);
  assert.equal(liveWorkerCount(), 0);
});

test('at the cap with every worker busy a request waits for a release', async () => {
  setWorkerCap(1);
  const busy = fakeClient(false, 1);
  await acquireSlot(busy);
  const waiter = fakeClient(false, 2);
  let acquired = false;
  const pending = acquireSlot(waiter).then(() => { acquired = true; });
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(acquired, false);
  busy.terminate();
  await pending;
  assert.equal(acquired, true);
  waiter.terminate();
  setWorkerCap(8);
});

test('a worker cap below 1 is refused with a RangeError', () => {
  assert.throws(() => setWorkerCap(0), RangeError);
});

test('a worker still starting is not idle, so the page-wide cap never evicts it from under a call waiting for it', async () => {
  const { WorkerClient } = await import('../../api/runtime/client.js');
  const client = new WorkerClient({ name: 'search', worker: 'x', wasm: {}, files: {}, companions: {} });
  client._worker = { terminate() {} };   // as _spawn leaves it between starting the worker and its 'ready'
  client._abortStart = () => {};
  assert.equal(client.isIdle(), false, 'starting');
  client._abortStart = undefined;          // 'ready' came
  assert.equal(client.isIdle(), true, 'started, no job');
});

test('a worker counts as started from its ready until it is terminated, not while it starts', async () => {
  const { WorkerClient } = await import('../../api/runtime/client.js');
  const client = new WorkerClient({ name: 'notes', worker: 'x', wasm: {}, files: {}, companions: {} });
  let ready;
  client._spawn = () => new Promise((resolve) => {
    client._worker = { terminate() {}, postMessage() {} };
    ready = () => resolve('simd');
  });
  const starting = client.start();
  assert.equal(client.started, false, 'starting');
  ready();
  await starting;
  assert.equal(client.started, true, 'ready');
  client.terminate();
  assert.equal(client.started, false, 'terminated');
});
