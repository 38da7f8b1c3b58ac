// runOnce (api/runtime/client.js): the job's worker ends with the job, at once
// or, with lingerMs after a success, that much later (api/argon2.js on a page:
// the teardown then does not compete with what the page does with the key).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runOnce } from '../../api/runtime/run-once.js';

function fakeClient(outcome) {
  return {
    terminated: 0, lastUsed: 1000, evictFirst: false,
    call: () => (outcome instanceof Error ? Promise.reject(outcome) : Promise.resolve(outcome)),
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
