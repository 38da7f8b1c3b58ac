// runOnce (api/runtime/client.js): the job's worker ends with the job, at once
// or, with lingerMs after a success, that much later (api/argon2.js on a page:
// the teardown then does not compete with what the page does with the key).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { endStandbys, runOnce } from '../../api/runtime/run-once.js';

function fakeClient(outcome) {
  return {
    terminated: 0, calls: 0, lastUsed: 1000, evictFirst: false,
    get alive() { return this.terminated === 0; },
    call() { this.calls += 1; return this.result(); },
    result: () => (outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome)),
    terminate() { this.terminated += 1; },
  };
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('without lingerMs the worker is terminated before the result is handed over', async () => {
  const client = fakeClient('tag');
  assert.equal(await runOnce({}, 'op', {}, {}, { client, standby: false }), 'tag');
  assert.equal(client.terminated, 1);
});

test('with lingerMs the worker is terminated that much after a success, and is the first an eviction takes meanwhile', async () => {
  const client = fakeClient('tag');
  assert.equal(await runOnce({}, 'op', {}, {}, { client, lingerMs: 100, standby: false }), 'tag');
  assert.equal(client.terminated, 0, 'still alive when the result is handed over');
  assert.equal(client.evictFirst, true, 'the first the page-wide cap stops');
  await sleep(150);
  assert.equal(client.terminated, 1);
});

test('with lingerMs a failed job\'s worker is still terminated at once', async () => {
  const client = fakeClient(new Error('refused'));
  await assert.rejects(runOnce({}, 'op', {}, {}, { client, lingerMs: 10_000, standby: false }), /refused/);
  assert.equal(client.terminated, 1);
});

// A job in a row after a job of the same shape (the same reuse key and hints) runs on the worker that lingers:
// it finds its heap's pages taken already (api/argon2.js on a page, sequential lanes).
const module = { name: 'linger-test' };

test('a next job with the same reuse key runs on the lingering worker, which then lingers again', async () => {
  const client = fakeClient('tag');
  await runOnce(module, 'op', {}, {}, { client, lingerMs: 100, reuse: 'm=65536', standby: false });
  assert.equal(await runOnce(module, 'op', {}, {}, { lingerMs: 100, reuse: 'm=65536', standby: false }), 'tag');
  assert.equal(client.calls, 2, 'the second job ran on the first job\'s worker');
  assert.equal(client.terminated, 0);
  await sleep(150);
  assert.equal(client.terminated, 1, 'terminated lingerMs after the last job');
});

test('a job of another shape, or after the lingering ended, gets no lingering worker', async () => {
  const client = fakeClient('tag');
  await runOnce(module, 'op', {}, {}, { client, lingerMs: 100, reuse: 'm=65536', standby: false });
  await assert.rejects(runOnce(module, 'op', {}, {}, { lingerMs: 100, reuse: 'm=262144', standby: false,
    hints: { lanes: 1 } }), 'a fresh worker (none can start here)');
  assert.equal(client.calls, 1, 'not reused for another m');
  await sleep(150);
  assert.equal(client.terminated, 1);
});

test('endStandbys() ends a lingering worker at once, and a job that ran across it leaves none lingering', async () => {
  const client = fakeClient('tag');
  await runOnce(module, 'op', {}, {}, { client, lingerMs: 10_000, reuse: 'm=8', standby: false });
  endStandbys();
  assert.equal(client.terminated, 1, 'ended by endStandbys()');

  let finish;
  const slow = { ...fakeClient('tag'), result: () => new Promise((resolve) => { finish = resolve; }) };
  const job = runOnce(module, 'op', {}, {}, { client: slow, lingerMs: 10_000, reuse: 'm=8', standby: false });
  endStandbys();   // a Lock while the job runs
  finish('tag');
  await job;
  await assert.rejects(runOnce(module, 'op', {}, {}, { lingerMs: 0, reuse: 'm=8', standby: false }),
    'a fresh worker (none can start here)');
  assert.equal(slow.calls, 1, 'the job that ran across endStandbys() is not reused');
  endStandbys();
});
