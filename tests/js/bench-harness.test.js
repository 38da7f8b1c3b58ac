// The bench harness on synthetic contenders and a fake clock: what it computes
// and in which order it calls things, never how fast anything is.
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import { runBench } from '../../bench/lib/harness.mjs';
import { Unavailable, alternate, median, runCases, runCasesWith, verifySame } from '../../bench/lib/measure.mjs';
import { buildSection, checkAcrossEngines, evaluateTargets, formatSection, keepCasesNotRun } from '../../bench/lib/report.mjs';

/** A clock that only moves when a synthetic contender "works". */
function fakeClock() {
  const clock = { ms: 0, now: () => clock.ms };
  return clock;
}

/** A contender definition whose run costs `costs[i]` ms on its i-th call and returns `output`. */
function synthetic(clock, costs, output = new Uint8Array([1, 2, 3]), calls = []) {
  return {
    label: `synthetic ${costs.join('/')}`,
    setup: () => {
      let i = 0;
      return {
        run: (params) => {
          calls.push(params);
          clock.ms += costs[Math.min(i++, costs.length - 1)];
          return output;
        },
      };
    },
  };
}

test('median takes the middle value of an odd count and the mean of the middle two of an even count', () => {
  assert.equal(median([5, 1, 3]), 3);
  assert.equal(median([10, 2, 4, 8]), 6);
  assert.equal(median([7]), 7);
  assert.throws(() => median([]), RangeError);
});

test('alternate calls the contenders round-robin and keeps only the rounds after the warm-up', async () => {
  const clock = fakeClock();
  const order = [];
  const runner = (id, cost) => ({ id, run: () => { order.push(id); clock.ms += cost; } });
  const samples = await alternate([runner('A', 1), runner('B', 2), runner('C', 3)], { warmup: 2, runs: 3, now: clock.now });
  assert.deepEqual(order, ['A', 'B', 'C', 'A', 'B', 'C', 'A', 'B', 'C', 'A', 'B', 'C', 'A', 'B', 'C']);
  assert.deepEqual(samples, { A: [1, 1, 1], B: [2, 2, 2], C: [3, 3, 3] });
});

test('alternate takes the milliseconds a runner reports from time() instead of reading the clock around it', async () => {
  const clock = fakeClock();
  const order = [];
  // A runner timed where it runs (a contender worker): the caller's clock also moves (messaging), but is not read.
  const remote = (id, ms) => ({ id, run: () => assert.fail('run() of a self-timed runner'), time: async () => { order.push(id); clock.ms += 1000; return ms; } });
  const local = { id: 'L', run: () => { order.push('L'); clock.ms += 7; } };
  const samples = await alternate([remote('A', 3), local, remote('B', 5)], { warmup: 1, runs: 2, now: clock.now });
  assert.deepEqual(order, ['A', 'L', 'B', 'A', 'L', 'B', 'A', 'L', 'B']);
  assert.deepEqual(samples, { A: [3, 3], L: [7, 7], B: [5, 5] });
});

test('alternate with settleMs lets pending timers run before every call, untimed', async () => {
  const clock = { ms: 0, now: () => clock.ms };
  const events = [];
  const runner = (id) => ({ id, run: () => { events.push(id); clock.ms += 1; setTimeout(() => events.push(`${id} timer`), 0); } });
  const samples = await alternate([runner('A'), runner('B')], { warmup: 0, runs: 2, now: clock.now, settleMs: 5 });
  assert.deepEqual(events, ['A', 'A timer', 'B', 'B timer', 'A', 'A timer', 'B']);
  assert.deepEqual(samples, { A: [1, 1], B: [1, 1] });
});

test('alternate discards warm-up timings even when the first calls are the slowest', async () => {
  const clock = fakeClock();
  const costs = [100, 50, 10, 12, 11];
  let i = 0;
  const samples = await alternate([{ id: 'A', run: () => { clock.ms += costs[i++]; } }], { warmup: 2, runs: 3, now: clock.now });
  assert.deepEqual(samples.A, [10, 12, 11]);
});

test('verifySame refuses contenders that disagree and names each output', async () => {
  await assert.rejects(
    verifySame('case X', [
      { id: 'ours', run: () => new Uint8Array([0xab]) },
      { id: 'peer', run: () => new Uint8Array([0xac]) },
    ]),
    (error) => /case X: contenders disagree/.test(error.message) && /ours: ab/.test(error.message) && /peer: ac/.test(error.message));
  assert.equal(await verifySame('case Y', [{ id: 'a', run: () => new Uint8Array([0x0f]) }, { id: 'b', run: async () => new Uint8Array([0x0f]) }]), '0f');
});

test('runCases medians and speed ratios follow the synthetic costs, relative to the chosen baseline', async () => {
  const clock = fakeClock();
  const calls = [];
  const spec = {
    contenders: {
      fast: synthetic(clock, [999, 10, 30, 20, 40, 10], undefined, calls),   // first call = correctness run
      slow: synthetic(clock, [999, 40, 40, 60, 50, 45]),
    },
  };
  const cases = [{ id: 'c1', label: 'case one', params: { n: 1 }, contenders: ['fast', 'slow'], baseline: 'slow' }];
  const results = await runCases(spec, cases, {}, { warmup: 1, runs: 4, now: clock.now });
  assert.deepEqual(results[0].samples, { fast: [30, 20, 40, 10], slow: [40, 60, 50, 45] });
  assert.deepEqual(calls[0], { n: 1 }, 'each run receives the case parameters');

  const section = buildSection({ engine: 'node', version: 'v', runId: 'r', settings: { warmup: 1, runs: 4 }, cases, results, labels: {} });
  const [fast, slow] = section.cases[0].contenders;
  assert.equal(fast.medianMs, 25);
  assert.equal(slow.medianMs, 47.5);
  assert.equal(fast.speedup, 47.5 / 25);
  assert.equal(slow.speedup, 1);
  assert.equal(section.cases[0].output, '010203');
});

test('runCases reports a contender that is unavailable here and still times the others', async () => {
  const clock = fakeClock();
  const spec = {
    contenders: {
      present: synthetic(clock, [5]),
      missing: { label: 'not built', setup: () => { throw new Unavailable('not built yet'); } },
    },
  };
  const cases = [{ id: 'c', label: 'c', params: {}, contenders: ['missing', 'present'], baseline: 'missing' }];
  const results = await runCases(spec, cases, {}, { warmup: 0, runs: 2, now: clock.now });
  assert.deepEqual(results[0].unavailable, [{ id: 'missing', reason: 'not built yet' }]);
  assert.deepEqual(results[0].samples, { present: [5, 5] });
  const section = buildSection({ engine: 'node', version: 'v', runId: 'r', settings: {}, cases, results, labels: {} });
  assert.deepEqual(section.cases[0].contenders.map((c) => [c.id, c.available]), [['missing', false], ['present', true]]);
  assert.equal(section.cases[0].contenders[1].speedup, null, 'no ratio without its baseline');
});

test('runCases lets a setup failure other than Unavailable propagate', async () => {
  const spec = { contenders: { broken: { setup: () => { throw new TypeError('bug in setup'); } } } };
  await assert.rejects(runCases(spec, [{ id: 'c', label: 'c', params: {}, contenders: ['broken'], baseline: 'broken' }], {}, { warmup: 0, runs: 1 }),
    /bug in setup/);
});

test('runCases checks verifyWith contenders against the timed ones without timing them', async () => {
  const clock = fakeClock();
  const checkerCalls = [];
  const spec = {
    contenders: {
      timed: synthetic(clock, [1]),
      checker: synthetic(clock, [1], new Uint8Array([9]), checkerCalls),
    },
  };
  const cases = [{ id: 'c', label: 'case c', params: {}, contenders: ['timed'], baseline: 'timed', verifyWith: ['checker'] }];
  await assert.rejects(runCases(spec, cases, {}, { warmup: 0, runs: 3, now: clock.now }), /case c: contenders disagree/);
  assert.equal(checkerCalls.length, 1);
});

test('runCases times apart contenders with the others and checks their outputs among themselves only', async () => {
  const clock = fakeClock();
  const spec = {
    contenders: {
      ours: synthetic(clock, [2], new Uint8Array([1])),
      oursToo: synthetic(clock, [3], new Uint8Array([1])),
      yardstick: synthetic(clock, [7], new Uint8Array([9])),
      otherYardstick: synthetic(clock, [7], new Uint8Array([8])),
    },
  };
  const cases = [{ id: 'c', label: 'case c', params: {}, contenders: ['ours', 'oursToo', 'yardstick'], baseline: 'yardstick', apart: ['yardstick'] }];
  const [result] = await runCases(spec, cases, {}, { warmup: 0, runs: 2, now: clock.now });
  assert.deepEqual(result.samples, { ours: [2, 2], oursToo: [3, 3], yardstick: [7, 7] });
  assert.equal(result.output, '01');
  assert.deepEqual([result.apart, result.outputApart], [['yardstick'], '09']);
  const section = buildSection({ engine: 'node', version: 'v', runId: 'r', settings: {}, cases, results: [result], labels: {} });
  assert.deepEqual([section.cases[0].apart, section.cases[0].outputApart], [['yardstick'], '09']);
  const other = structuredClone(section);
  other.engine = 'chromium';
  other.cases[0].outputApart = '0a';
  assert.throws(() => checkAcrossEngines({ node: section, chromium: other }), /case c \(apart\): node computed 09 but chromium computed 0a/);
  await assert.rejects(runCases(spec, [{ ...cases[0], contenders: ['ours', 'yardstick', 'otherYardstick'], apart: ['yardstick', 'otherYardstick'] }],
    {}, { warmup: 0, runs: 1, now: clock.now }), /case c \(apart\): contenders disagree/);
});

test('runCases prepares each contender once per case, untimed, before the correctness run', async () => {
  const clock = fakeClock();
  const events = [];
  const spec = {
    contenders: {
      indexed: {
        setup: () => ({
          prepare: (params) => { events.push(`prepare ${params.n}`); clock.ms += 1000; },
          run: (params) => { events.push(`run ${params.n}`); clock.ms += 2; return new Uint8Array([params.n]); },
        }),
      },
    },
  };
  const cases = [1, 2].map((n) => ({ id: `c${n}`, label: `c${n}`, params: { n }, contenders: ['indexed'], baseline: 'indexed' }));
  const results = await runCases(spec, cases, {}, { warmup: 0, runs: 2, now: clock.now });
  assert.deepEqual(events, ['prepare 1', 'run 1', 'run 1', 'run 1', 'prepare 2', 'run 2', 'run 2', 'run 2']);
  assert.deepEqual(results.map((r) => r.samples.indexed), [[2, 2], [2, 2]]);
});

/** A connect() for runCasesWith whose contenders log their calls, as the Chromium page's worker handles do. */
function workerLike(events, { outputs = {}, unavailable = [] } = {}) {
  return async (id) => {
    if (unavailable.includes(id)) throw new Unavailable(`${id} cannot run here`);
    events.push(`setup ${id}`);
    return {
      prepare: (params) => { events.push(`prepare ${id} ${params.n}`); },
      key: async (params) => { events.push(`key ${id} ${params.n}`); return outputs[id] ?? 'same'; },
      time: async (params) => { events.push(`time ${id} ${params.n}`); return params.n * 10; },
      close: () => { events.push(`close ${id}`); },
    };
  };
}

test('runCasesWith sets each contender up once, alternates the self-timed calls and closes it after the last case naming it', async () => {
  const events = [];
  const cases = [
    { id: 'c1', label: 'c1', params: { n: 1 }, contenders: ['A', 'B'], baseline: 'A' },
    { id: 'c2', label: 'c2', params: { n: 2 }, contenders: ['A', 'C'], baseline: 'A', verifyWith: ['B'] },
    { id: 'c3', label: 'c3', params: { n: 3 }, contenders: ['C'], baseline: 'C' },
  ];
  const results = await runCasesWith(workerLike(events), cases, { warmup: 0, runs: 2 });
  assert.deepEqual(events, [
    'setup A', 'setup B', 'prepare A 1', 'prepare B 1', 'key A 1', 'key B 1', 'time A 1', 'time B 1', 'time A 1', 'time B 1',
    'setup C', 'prepare A 2', 'prepare C 2', 'prepare B 2', 'key A 2', 'key C 2', 'key B 2', 'time A 2', 'time C 2', 'time A 2', 'time C 2',
    'close A', 'close B',
    'prepare C 3', 'key C 3', 'time C 3', 'time C 3', 'close C',
  ]);
  assert.deepEqual(results.map((r) => r.samples), [{ A: [10, 10], B: [10, 10] }, { A: [20, 20], C: [20, 20] }, { C: [30, 30] }]);
  assert.equal(results[0].output, 'same', 'the key a contender reports is the output, as computed in its worker');
});

test('runCasesWith refuses contenders whose worker reports another output, and closes every worker on the way out', async () => {
  const events = [];
  const cases = [
    { id: 'c1', label: 'case one', params: { n: 1 }, contenders: ['A', 'B', 'X'], baseline: 'A' },
    { id: 'c2', label: 'case two', params: { n: 2 }, contenders: ['A'], baseline: 'A' },
  ];
  await assert.rejects(runCasesWith(workerLike(events, { outputs: { B: 'other' }, unavailable: ['X'] }), cases, { warmup: 0, runs: 1 }),
    (error) => /case one: contenders disagree/.test(error.message) && /B: other/.test(error.message));
  assert.ok(!events.some((e) => e.startsWith('time')), 'nothing is timed');
  assert.deepEqual(events.filter((e) => e.startsWith('close')).sort(), ['close A', 'close B']);
});

test('targets compare medians across engines and say when one side was not measured', () => {
  const section = (engine, cases) => ({ engine, runId: 'r', cases });
  const entry = (id, medianMs) => ({ id, available: true, medianMs });
  const sections = {
    chromium: section('chromium', [{ id: 'c', contenders: [entry('ours', 500), entry('peer', 1100), { id: 'par', available: false }] }]),
    native: section('native', [{ id: 'c', contenders: [entry('native', 450)] }]),
  };
  const [faster, within, missing] = evaluateTargets(sections, [
    { label: 'faster', a: ['chromium', 'c', 'ours'], b: ['chromium', 'c', 'peer'], faster: 2.0 },
    { label: 'within', a: ['chromium', 'c', 'ours'], b: ['native', 'c', 'native'], within: 1.1 },
    { label: 'missing', a: ['chromium', 'c', 'par'], b: ['chromium', 'c', 'ours'], faster: 1.7 },
  ]);
  assert.equal(faster.status, 'met');
  assert.equal(faster.value, 2.2);
  assert.equal(within.status, 'missed');
  assert.ok(Math.abs(within.value - 500 / 450) < 1e-12);
  assert.equal(missing.status, 'not measured');
});

test('checkAcrossEngines fails when two engines compute different outputs for the same case', () => {
  const section = (engine, output) => ({ engine, cases: [{ id: 'c', label: 'case c', params: { t: 1 }, output }] });
  assert.doesNotThrow(() => checkAcrossEngines({ node: section('node', 'aa'), chromium: section('chromium', 'aa') }));
  assert.throws(() => checkAcrossEngines({ node: section('node', 'aa'), chromium: section('chromium', 'ab') }),
    /case c: node computed aa but chromium computed ab/);
});

test('runBench runs a declared module in Node, prints its table and merges the JSON with earlier engines', async () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bench-harness-'));
  try {
    mkdirSync(path.join(root, 'bench/results'), { recursive: true });
    // A module file as bench/notes.mjs or bench/search.mjs would be: contenders and cases only.
    writeFileSync(path.join(root, 'bench/toy.mjs'), `
      const work = (n) => { let x = 0; for (let i = 0; i < n; i++) x = (x + i) | 0; return new Uint8Array([x & 255]); };
      export default {
        title: 'toy sums',
        contenders: {
          short: { label: 'short loop', setup: () => ({ run: ({ n }) => work(n) }) },
          same: { label: 'same loop', setup: () => ({ run: ({ n }) => work(n) }) },
        },
        cases: ({ quick }) => [{ id: 'n' + (quick ? 10 : 1000), label: 'n', params: { n: quick ? 10 : 1000 },
          contenders: ['short', 'same'], baseline: 'same' }],
      };`);
    writeFileSync(path.join(root, 'bench/results/toy.json'), JSON.stringify({
      sections: { chromium: { engine: 'chromium', version: 'old', runId: 'earlier', settings: { warmup: 1, runs: 5 }, cases: [] } },
    }));
    const printed = [];
    const json = await runBench({ root, module: 'toy', engine: 'node', log: () => {}, print: (text) => printed.push(text) });
    const text = printed.join('\n');
    assert.match(text, /== toy on node: Node v\d+/);
    assert.match(text, /short loop\s+\S+/);
    assert.match(text, /1\.00x \(baseline\)/);
    assert.match(text, /kept from the earlier run of earlier/);
    const stored = JSON.parse(readFileSync(path.join(root, 'bench/results/toy.json'), 'utf8'));
    assert.deepEqual(Object.keys(stored.sections).sort(), ['chromium', 'node']);
    assert.deepEqual(stored, JSON.parse(JSON.stringify(json)));
    assert.equal(stored.sections.node.cases[0].contenders[0].samplesMs.length, 5);
    assert.equal(stored.sections.node.cases[0].output, new Uint8Array([(999 * 1000 / 2) & 255])[0].toString(16).padStart(2, '0'));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test('a narrowed run keeps the cases it did not run from the earlier run, each with its own runId', () => {
  const entry = (id, medianMs) => ({ id, label: id, available: true, medianMs, samplesMs: [medianMs], speedup: null });
  const at = (id, contenders, more = {}) => ({ id, label: id, baseline: 'peer', output: null, contenders, ...more });
  const earlier = {
    engine: 'chromium', version: 'v', runId: 'old', settings: { runs: 5, method: 'm' },
    cases: [
      at('a', [entry('ours', 10), entry('peer', 40)]),
      at('b', [entry('ours', 20), entry('peer', 60)]),
      at('c', [entry('ours', 5), entry('peer', 50)], { runId: 'older' }),
    ],
  };
  const narrowed = { engine: 'chromium', version: 'v', runId: 'new', settings: { runs: 5, method: 'm', filter: { cases: ['b'] } },
    cases: [at('b', [entry('ours', 30)])] };
  const merged = keepCasesNotRun(narrowed, earlier, ['a', 'b', 'c']);
  assert.deepEqual(merged.cases.map((c) => c.id), ['a', 'b', 'c'], 'in the module\'s case order');
  assert.equal(merged.cases[1].contenders.length, 1, 'a case that ran replaces its earlier self whole');
  assert.equal(merged.cases[1].runId, undefined);
  assert.equal(merged.cases[0].runId, 'old');
  assert.equal(merged.cases[2].runId, 'older', 'a case kept twice keeps the run that measured it');
  assert.deepEqual(merged.cases[0].settings, { runs: 5, method: 'm' });
  assert.equal(keepCasesNotRun(narrowed, { ...earlier, engine: 'node' }), narrowed, 'another engine\'s section is not mixed in');

  const [kept, across] = evaluateTargets({ chromium: merged }, [
    { label: 'kept', a: ['chromium', 'a', 'ours'], b: ['chromium', 'a', 'peer'], faster: 3 },
    { label: 'across', a: ['chromium', 'b', 'ours'], b: ['chromium', 'a', 'peer'], faster: 1 },
  ]);
  assert.equal(kept.value, 4);
  assert.equal(kept.note, undefined, 'both medians of a kept case come from its one run');
  assert.equal(across.note, 'the two medians come from different runs');
  const text = formatSection('toy', merged);
  assert.match(text, /-- a \(kept from the earlier run of old\)/);
  assert.doesNotMatch(text, /-- b \(kept/);
});
