// WorkerClient's life cycle (api/runtime/client.js), driven through the Node
// build's public surface with real worker threads: a notes worker from
// createNotesWorker() is a WorkerClient. Its `state` moves off -> starting ->
// ready <-> busy, and terminate() or an aborting signal ends it from each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { argon2id, createNotesWorker, endStandbys, enginePath, forcePath, liveWorkerCount, warmArgon2 } from '../../dist/node.js';

const key = () => new Uint8Array(32).fill(7);
const wrapArgs = () => ({ key: key(), wrappingKey: key() });
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

test('state: off, starting, ready, busy while a job runs, ready again, off once terminated', async () => {
  const worker = createNotesWorker();
  assert.equal(worker.state, 'off');
  const starting = worker.start();
  assert.equal(worker.state, 'starting');
  await starting;
  assert.equal(worker.state, 'ready');
  const job = worker.send('wrapKey', wrapArgs());
  assert.equal(job.posted, true, 'a job sent to a worker that is up is posted in the caller\'s task');
  assert.equal(worker.state, 'busy');
  assert.deepEqual(worker.jobsInFlight(), ['wrapKey']);
  assert.equal((await job.promise).length, 72);
  assert.equal(worker.state, 'ready');
  assert.deepEqual(worker.jobsInFlight(), []);
  worker.terminate();
  assert.equal(worker.state, 'off');
});

test('a job sent while the worker is off starts it and runs as soon as it is up', async () => {
  const worker = createNotesWorker();
  const job = worker.send('wrapKey', wrapArgs());
  assert.equal(worker.state, 'starting');
  assert.equal(job.posted, false, 'no worker exists yet to post to');
  assert.equal((await job.promise).length, 72);
  assert.equal(worker.state, 'ready');
  worker.terminate();
});

test('terminate() in each state: nothing when off; a job waiting for a start or running rejects with AbortError', async () => {
  const before = liveWorkerCount();
  const worker = createNotesWorker();
  worker.terminate();
  assert.equal(worker.state, 'off');

  const waiting = worker.call('wrapKey', wrapArgs());
  assert.equal(worker.state, 'starting');
  worker.terminate();
  await assert.rejects(waiting, { name: 'AbortError' });
  assert.equal(worker.state, 'off');
  assert.equal(liveWorkerCount(), before, 'its slot is given back');

  await worker.start();
  worker.terminate();
  assert.equal(worker.state, 'off');

  const big = Array.from({ length: 2000 }, () => worker.call('wrapKey', wrapArgs()));
  assert.equal(worker.state, 'starting');
  await sleep(0);
  await Promise.race(big);   // the worker is up and running the rest
  assert.equal(worker.state, 'busy');
  worker.terminate();
  const outcomes = await Promise.allSettled(big);
  assert.ok(outcomes.some((o) => o.status === 'rejected' && o.reason.name === 'AbortError'), 'jobs still in flight reject');
  assert.equal(worker.state, 'off');
  assert.equal(liveWorkerCount(), before);

  assert.equal((await worker.call('wrapKey', wrapArgs())).length, 72, 'a terminated client starts again on demand');
  worker.terminate();
});

test('aborting in each state: before the call nothing starts; while starting or running the job rejects with the reason', async () => {
  const before = liveWorkerCount();
  const worker = createNotesWorker();
  const reason = new Error('stop');
  await assert.rejects(worker.call('wrapKey', wrapArgs(), { signal: AbortSignal.abort(reason) }), (e) => e === reason);
  assert.equal(worker.state, 'off', 'an aborted signal starts no worker');
  assert.equal(liveWorkerCount(), before);

  const whileStarting = new AbortController();
  const starting = worker.call('wrapKey', wrapArgs(), { signal: whileStarting.signal });
  whileStarting.abort(reason);
  await assert.rejects(starting, (e) => e === reason);
  assert.equal(worker.state, 'off');

  await worker.start();
  const whileBusy = new AbortController();
  const jobs = Array.from({ length: 500 }, () => worker.call('wrapKey', wrapArgs(), { signal: whileBusy.signal }));
  assert.equal(worker.state, 'busy');
  whileBusy.abort(reason);
  const outcomes = await Promise.allSettled(jobs);
  assert.ok(outcomes.every((o) => o.status === 'rejected' && o.reason === reason));
  assert.equal(worker.state, 'off');
  assert.equal(liveWorkerCount(), before);
});

test('a signal that aborts after its job settled leaves the worker, and the jobs after it, alone', async () => {
  const worker = createNotesWorker();
  const controller = new AbortController();
  await worker.call('wrapKey', wrapArgs(), { signal: controller.signal });
  const later = worker.call('wrapKey', wrapArgs());
  controller.abort();
  assert.equal((await later).length, 72);
  assert.equal(worker.state, 'ready');
  worker.terminate();
});

test('settle() settles a job with a result that came another way; its reply is then dropped', async () => {
  const worker = createNotesWorker();
  await worker.start();
  const job = worker.send('wrapKey', wrapArgs());
  job.settle('from elsewhere');
  assert.equal(await job.promise, 'from elsewhere');
  assert.equal(worker.state, 'ready');
  await sleep(50);   // the reply arrives and finds no job
  assert.equal((await worker.call('wrapKey', wrapArgs())).length, 72);
  worker.terminate();
});

test('cancel() of a job not posted yet rejects it at once with AbortError', async () => {
  const worker = createNotesWorker();
  const job = worker.send('wrapKey', wrapArgs());
  worker.cancel(job.id);
  await assert.rejects(job.promise, { name: 'AbortError' });
  worker.terminate();
});

test('enginePath() names the path of the worker that ran the last finished job, not the last worker to start', async () => {
  const workers = [];
  try {
    forcePath('scalar');
    const scalar = createNotesWorker();
    workers.push(scalar);
    await scalar.call('wrapKey', wrapArgs());
    assert.equal(enginePath('notes'), 'scalar');
    forcePath(undefined);
    const simd = createNotesWorker();
    workers.push(simd);
    assert.equal(await simd.start(), 'simd');
    assert.equal(enginePath('notes'), 'scalar', 'a worker that only started has run no job');
    await simd.call('wrapKey', wrapArgs());
    assert.equal(enginePath('notes'), 'simd');
    await assert.rejects(scalar.call('unwrapKey', { wrapped: new Uint8Array(72), wrappingKey: key() }), { name: 'WrongKeyError' });
    assert.equal(enginePath('notes'), 'scalar', 'a job that failed ran there too');
  } finally {
    forcePath(undefined);
    for (const worker of workers) worker.terminate();
  }
});

// <vault-unlock>'s path after forcePath('scalar') read 'simd' on a CI run: the standby readied at the default path
// after the first attempt came up (and warmed up) after the scalar attempt's worker.
test('enginePath(\'argon2\') after a job forced to scalar stays scalar while workers readied at the default path warm up', async () => {
  const job = () => argon2id({ password: 'which path', salt: new Uint8Array(16).fill(3), t: 1, m: 64 });
  try {
    const tag = await job();
    assert.equal(enginePath('argon2'), 'simd');
    forcePath('scalar');
    assert.deepEqual(await job(), tag);
    assert.equal(enginePath('argon2'), 'scalar', 'not the worker readied for a next job at the default path');
    forcePath(undefined);
    const warm = warmArgon2({ m: 64 });
    await warm.ready;
    assert.equal(enginePath('argon2'), 'scalar', 'a warm-up is no job');
    warm.release();
  } finally {
    forcePath(undefined);
    endStandbys();
  }
});
