// serve()'s prime (worker/runtime/host.js): a backend's prime() runs once, the
// first time the worker has no job waiting, and never ahead of a job that came
// with the worker's start (the blur's first call waited for it: worker/blur-ops.js).
// Each test serves a fresh copy of host.js, driven in this thread.
import { test } from 'node:test';
import assert from 'node:assert/strict';

const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

/**
 * A fresh host (its own copy, `name`) whose jobs log into `log`, and the types of what the worker posts into
 * `posted`; its backend has `prime` (given the log and posted, it returns the backend's prime()), or none.
 */
async function serveLogged(name, prime) {
  const log = [];
  const posted = [];
  globalThis.self = { postMessage: (message) => posted.push(message.type) };
  const { serve } = await import(`../../worker/runtime/host.js?${name}`);
  serve({
    factory: async () => { throw new Error('no wasm in this test'); },
    selfTest: () => false,
    backend: () => ({}),
    fallback: { path: 'js', load: async () => (prime ? { prime: prime(log, posted) } : {}) },
    ops: () => ({ job: (args) => { log.push(`job ${args.n}`); return args.n; } }),
  });
  return { log, posted, post: (data) => globalThis.self.onmessage({ data }) };
}

const logPrime = (log, posted) => () => log.push(`prime after ${posted.join(' ')}`);

test('a job posted with the start runs first; the prime runs once it has replied', async () => {
  const { log, post } = await serveLogged('with-a-job', logPrime);
  post({ type: 'init', force: 'fallback' });
  post({ type: 'call', id: 1, op: 'job', args: { n: 1 } });
  post({ type: 'call', id: 2, op: 'job', args: { n: 2 } });
  await settle();
  assert.deepEqual(log, ['job 1', 'job 2', 'prime after ready reply reply']);
});

test('a worker started ahead of its jobs primes at once, and only once', async () => {
  const { log, post } = await serveLogged('ahead', logPrime);
  post({ type: 'init', force: 'fallback' });
  await settle();
  assert.deepEqual(log, ['prime after ready']);
  post({ type: 'call', id: 1, op: 'job', args: { n: 1 } });
  await settle();
  post({ type: 'call', id: 2, op: 'job', args: { n: 2 } });
  await settle();
  assert.deepEqual(log, ['prime after ready', 'job 1', 'job 2']);
});

test('a prime that throws leaves the worker serving its jobs', async () => {
  const throwing = (log) => () => {
    log.push('prime');
    throw new Error('out of memory in the prime');
  };
  const { log, posted, post } = await serveLogged('throwing', throwing);
  post({ type: 'init', force: 'fallback' });
  await settle();
  post({ type: 'call', id: 1, op: 'job', args: { n: 1 } });
  await settle();
  assert.deepEqual(log, ['prime', 'job 1']);
  assert.deepEqual(posted, ['ready', 'reply']);
});

test('a backend without prime() serves as before', async () => {
  const { log, posted, post } = await serveLogged('no-prime');
  post({ type: 'init', force: 'fallback' });
  post({ type: 'call', id: 1, op: 'job', args: { n: 1 } });
  await settle();
  assert.deepEqual(log, ['job 1']);
  assert.deepEqual(posted, ['ready', 'reply']);
});
