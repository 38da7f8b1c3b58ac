import { test } from 'node:test';
import assert from 'node:assert/strict';
import { latestWins } from '../../api/runtime/latest-wins.js';

// A stand-in for WorkerClient: jobs resolve when the test says so.
function fakeClient() {
  const jobs = [];
  return {
    jobs,
    cancelled: [],
    send(op, args) {
      let resolve;
      const promise = new Promise((r) => { resolve = r; });
      const id = jobs.length + 1;
      jobs.push({ id, op, args, resolve });
      return { id, promise };
    },
    cancel(id) { this.cancelled.push(id); },
  };
}

test('a newer call rejects the older one with AbortError and cancels it in the worker', async () => {
  const client = fakeClient();
  const search = latestWins(client, 'search');
  const first = search({ query: 'k' });
  const second = search({ query: 'ku' });
  await assert.rejects(first, { name: 'AbortError' });
  assert.deepEqual(client.cancelled, [1]);
  client.jobs[1].resolve('ku results');
  assert.equal(await second, 'ku results');
});

test('a stale result that arrives late is never delivered', async () => {
  const client = fakeClient();
  const search = latestWins(client, 'search');
  const first = search({ query: 'a' });
  const outcome = first.then(() => 'delivered', (e) => e.name);
  const second = search({ query: 'ab' });
  client.jobs[0].resolve('stale');
  client.jobs[1].resolve('fresh');
  assert.equal(await outcome, 'AbortError');
  assert.equal(await second, 'fresh');
});
