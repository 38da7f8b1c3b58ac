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

test('at the cap a standby is evicted before a worker idle longer, and a busy worker never', async () => {
  setWorkerCap(3);
  const keptIdle = fakeClient(true, 1);
  const busy = fakeClient(false, 0);
  const standby = { ...fakeClient(true, 5), evictFirst: true };
  await acquireSlot(keptIdle);
  await acquireSlot(busy);
  await acquireSlot(standby);
  const next = fakeClient(false, 6);
  await acquireSlot(next);
  assert.equal(standby.terminated, true, 'the standby made room');
  assert.equal(keptIdle.terminated, false, 'the worker idle longer stays');
  assert.equal(busy.terminated, false);
  keptIdle.terminate(); busy.terminate(); next.terminate();
  setWorkerCap(8);
});
