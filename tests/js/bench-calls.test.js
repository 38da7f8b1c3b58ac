// The calls bench's logic (bench/calls/): which call each situation times, and the medians and ratios the report
// computes from them, on synthetic contenders and a fake clock: never how fast anything is.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { formatSummary, speedup, summarize, summarizeMemory } from '../../bench/calls/report.mjs';
import { callSession, kernelParams, kernelRow, ROW } from '../../bench/calls/situations.mjs';

function fakeClock() {
  const clock = { ms: 0, now: () => clock.ms };
  return clock;
}

/** A job whose contender `ours` costs `startMs` to start and `costs[i]` on its i-th call (after: untimed, 1000 ms). */
function syntheticJob(clock, { startMs, costs, startUntimed = false, log = [] }) {
  let calls = 0;
  return {
    id: 'job', label: 'a job', peers: {},
    ours: {
      inputs: () => { clock.ms += 5000; log.push('inputs'); return 'input'; },
      start: (ctx, input) => { clock.ms += startMs; log.push(`start ${input}`); return 'handle'; },
      call: (handle, input) => { clock.ms += costs[Math.min(calls++, costs.length - 1)]; log.push(`call ${handle} ${input}`); return calls; },
      after: () => { clock.ms += 1000; log.push('after'); },
      startUntimed,
    },
    check: (result) => `result ${result}`,
  };
}

test('first times the start and the first call, idle one call, row the last of ROW calls; inputs and after() untimed', async () => {
  const clock = fakeClock();
  const log = [];
  const costs = [30, 20, 11, 12, 13, 14, 15];
  const session = callSession(syntheticJob(clock, { startMs: 100, costs, log }), 'ours', {}, clock.now);
  await session.prepare();
  assert.deepEqual(await session.first(), { ms: 130, check: 'result 1' });
  assert.deepEqual(await session.idle(), { ms: 20 });
  assert.equal(ROW, 5);
  assert.deepEqual(await session.row(), { ms: 15, check: 'result 7' });
  assert.deepEqual(log.slice(0, 4), ['inputs', 'start input', 'call handle input', 'after']);
  assert.equal(log.filter((line) => line === 'after').length, 7);
});

test('a contender started untimed (an index built before its first keystroke) times only the call', async () => {
  const clock = fakeClock();
  const session = callSession(syntheticJob(clock, { startMs: 100, costs: [7], startUntimed: true }), 'ours', {}, clock.now);
  await session.prepare();
  assert.equal((await session.first()).ms, 7);
});

test('perCall makes each call\'s own input untimed, before the call (a blur\'s fresh copy of the image)', async () => {
  const clock = fakeClock();
  const log = [];
  const job = syntheticJob(clock, { startMs: 100, costs: [30, 20, 10], log });
  let copies = 0;
  job.ours.perCall = (input) => { clock.ms += 400; return `${input} copy ${++copies}`; };
  const session = callSession(job, 'ours', {}, clock.now);
  await session.prepare();
  assert.equal((await session.first()).ms, 130, 'the copy is not in the first call\'s time');
  assert.equal((await session.idle()).ms, 20);
  assert.equal((await session.row()).ms, 10);
  assert.deepEqual(log.filter((line) => line.startsWith('call')).slice(0, 3),
    ['call handle input copy 1', 'call handle input copy 2', 'call handle input copy 3']);
});

test('the report prints a job\'s fresh memory and its floor from the host\'s cost per MiB', () => {
  const job = { id: 'j', label: 'a hash', peers: {}, fresh: { mib: 64, what: 'its blocks' } };
  const runs = [{ job: 'j', who: 'ours', first: 400, idle: 300, row: 200 }];
  const summary = summarize([job], runs, [{ job: 'j', ms: 100 }]);
  const text = formatSummary('engine', summary, { freshMemory: { usPerPage: 10, msPerMiB: 2.56 } });
  assert.match(text, /10\.00 us per 4 KiB page/);
  assert.match(text, /takes 64 MiB of fresh memory per call \(its blocks\): 164 ms .* at least the kernel plus that, 264 ms/);
});

test('our kernel alone: set up and prepared untimed, the fifth of five runs timed, after() untimed', async () => {
  const clock = fakeClock();
  const costs = [50, 9, 8, 7, 6];
  const seen = [];
  const definition = {
    cases: () => [{ id: 'other', params: {} }, { id: 'case', params: { size: 3 } }],
    contenders: {
      kernel: {
        setup: () => {
          clock.ms += 999;
          let i = 0;
          return {
            prepare: (params) => { clock.ms += 999; seen.push(params); },
            run: () => { clock.ms += costs[i++]; },
            after: () => { clock.ms += 999; },
          };
        },
      },
    },
  };
  const { ms, params } = await kernelRow(definition, { module: 'm', contender: 'kernel', case: 'case' }, {}, clock.now);
  assert.equal(ms, 6);
  assert.deepEqual(params, { size: 3 });
  assert.deepEqual(seen, [{ size: 3 }]);
  await assert.rejects(kernelRow(definition, { module: 'm', contender: 'kernel', case: 'nope' }, {}, clock.now), /no case nope/);
  assert.throws(() => kernelParams(definition, { module: 'm', contender: 'other', case: 'case' }), /no contender other/);
  assert.deepEqual(kernelParams(definition, { module: 'm', contender: 'kernel', case: 'case', with: { size: 4, m: 1 } }), { size: 4, m: 1 });
});

test('summarize: medians per situation, ours against each peer (peer / ours) and against our kernel (ours / kernel - 1)', () => {
  const jobs = [{ id: 'a', label: 'job a', peers: { p: {} } }, { id: 'b', label: 'not run', peers: {} }];
  const runs = [
    { job: 'a', who: 'ours', first: 100, idle: 10, row: 8 },
    { job: 'a', who: 'ours', first: 300, idle: 30, row: 2 },
    { job: 'a', who: 'ours', first: 200, idle: 20, row: 4 },
    { job: 'a', who: 'p', first: 100, idle: 80, row: 40 },
    { job: 'a', who: 'p', first: 50, idle: 60, row: 20 },
    { job: 'a', who: 'against', first: 400, idle: 20, row: 4 },
    { job: 'a', who: 'app', first: 50, idle: 35, row: 3 },
  ];
  const [a, ...rest] = summarize(jobs, runs, [{ job: 'a', ms: 3 }, { job: 'a', ms: 5 }, { job: 'a', ms: 100 }]);
  assert.equal(rest.length, 0, 'a job without runs is left out');
  assert.deepEqual(a.medians.ours, { runs: 3, first: 200, idle: 20, row: 4 });
  assert.deepEqual(a.medians.p, { runs: 2, first: 75, idle: 70, row: 30 });
  assert.equal(a.kernel, 5);
  assert.deepEqual(a.vsPeers, { p: { first: 75 / 200, idle: 70 / 20, row: 30 / 4 } }, 'ours bundled and another build are not peers');
  assert.deepEqual(a.appVsPeers, { p: { first: 75 / 50, idle: 2, row: 10 } });
  const text = formatSummary('chromium', [a]);
  assert.match(text, /first call in a fresh page, bundled ours +50\.0 ms \| p 75\.0 ms: 1\.50x$/m);
  assert.match(text, /fifth in a row, bundled +ours +3\.0 ms \| p 30\.0 ms: 10\.00x$/m);
  assert.deepEqual(a.vsAgainst, { first: 2, idle: 1, row: 1 });
  assert.deepEqual(a.overhead, { first: 200 / 5 - 1, idle: 20 / 5 - 1, row: 4 / 5 - 1 });
});

test('a ratio below 1 says slower, and only then', () => {
  assert.equal(speedup(0.86), '0.86x (slower)');
  assert.equal(speedup(1), '1.00x');
  assert.equal(speedup(3.5), '3.50x');
  const [job] = summarize([{ id: 'a', label: 'job a', peers: { p: {} } }],
    [{ job: 'a', who: 'ours', first: 200, idle: 10, row: 10 }, { job: 'a', who: 'p', first: 100, idle: 30, row: 40 }], []);
  const text = formatSummary('node', [job]);
  assert.match(text, /first call in a fresh page +ours +200 ms \| p 100 ms: 0\.50x \(slower\)/);
  assert.match(text, /after 10 s idle +ours +10\.0 ms \| p 30\.0 ms: 3\.00x$/m);
  assert.equal(job.overhead, undefined, 'no kernel, no overhead');
});

test('memory: the median held above before, per job and contender, in MiB', () => {
  const MiB = 2 ** 20;
  const rows = [
    { job: 'j', who: 'ours', before: 10 * MiB, after: 12 * MiB },
    { job: 'j', who: 'ours', before: 10 * MiB, after: 20 * MiB },
    { job: 'j', who: 'ours', before: 11 * MiB, after: 15 * MiB },
    { job: 'j', who: 'peer', before: 10 * MiB, after: 300 * MiB },
  ];
  assert.deepEqual(summarizeMemory(rows), [
    { job: 'j', who: 'ours', runs: 3, heldMiB: 4, beforeMiB: 10 },
    { job: 'j', who: 'peer', runs: 1, heldMiB: 290, beforeMiB: 10 },
  ]);
});
