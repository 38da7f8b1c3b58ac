// The demo's benchmark headlines (demo/bench-headlines.js, demo/bench.js):
// ratios read as a person reads them, each headline compares our API with the
// peers in the same situation of the recorded calls run (bench/results/calls.json),
// "slower" only where ours is, and the vault's notes made one
// at a time are the notes made in one go.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { formatRatio, ratioText } from '../../demo/bench.js';
import { callsBars } from '../../demo/bench-calls.js';
import { headlineOf } from '../../demo/bench-headlines.js';
import { openTimeline } from '../../demo/bench-open.js';
import { NEEDLE, vaultNoteMaker, vaultNotes } from '../../fixtures/vault-corpus.js';

const results = (name) => JSON.parse(readFileSync(new URL(`../../bench/results/${name}.json`, import.meta.url), 'utf8'));

test('ratios are rounded for reading: one decimal under 10, whole under 100, two figures above', () => {
  assert.equal(formatRatio(4.4737), '4.5');
  assert.equal(formatRatio(1.04), '1.0');
  assert.equal(formatRatio(21.306), '21');
  assert.equal(formatRatio(99.4), '99');
  assert.equal(formatRatio(2850.1), '2,900');
  assert.equal(formatRatio(123.4), '120');
  // Where rounding reaches the next form (a recorded 9.96x read "10.0x").
  assert.equal(formatRatio(9.94), '9.9');
  assert.equal(formatRatio(9.96), '10');
  assert.equal(formatRatio(99.6), '100');
  assert.equal(ratioText(4.4737, 'libsodium-wrappers'), '4.5× faster than libsodium-wrappers');
  assert.equal(ratioText(0.7606, 'libsodium-wrappers'), '1.3× slower than libsodium-wrappers');
  assert.equal(ratioText(1.02, 'hash-wasm'), 'about as fast as hash-wasm');
});

test('the open timeline shows the recorded waits and every named phase in order of start', () => {
  const open = results('open');
  const timeline = openTimeline(open);
  assert.deepEqual(timeline.waits.map((w) => [w.ms, w.target]), [
    [open.summary.rowsPainted, open.targets.rowsPainted],
    [open.summary.firstAnswer, open.targets.firstAnswer],
    [open.summary.longestFrameGap, open.targets.longestFrameGap],
  ]);
  const named = open.phases.filter((p) => /^(notes|note-list|search):/.test(p.name));
  assert.equal(timeline.phases.length, named.length, 'every phase of the pipe is shown');
  assert.ok(timeline.phases.length >= 6);
  for (let i = 1; i < timeline.phases.length; i++) assert.ok(timeline.phases[i - 1].start <= timeline.phases[i].start);
  assert.ok(timeline.phases.every((p) => p.end >= p.start && !p.what.includes(':')), 'phases read as words, not trace names');
  assert.equal(openTimeline({ phases: open.phases }), null, 'no summary, no timeline');
});

// A calls run's summary as bench/calls/report.mjs writes it (two jobs, one with two peers).
const CALLS = {
  sections: {
    chromium: {
      date: '2026-12-04T17:00:00.000Z',
      labels: { p: 'peer p', q: 'peer q' },
      summary: [
        { id: 'job-a', label: 'job a', kernel: 5,
          medians: { ours: { first: 200, idle: 20, row: 10 }, p: { first: 100, idle: 40, row: 10.2 }, q: { first: 400, idle: 10, row: 50 } },
          vsPeers: { p: { first: 0.5, idle: 2, row: 1.02 }, q: { first: 2, idle: 0.5, row: 5 } } },
        { id: 'job-b', label: 'job b', medians: { ours: { first: 1, idle: 1, row: 1 } }, vsPeers: {} },
      ],
    },
  },
};

test('a headline reads the calls run: per situation, our API against each peer in that same situation', () => {
  const line = headlineOf(CALLS, ['job-a', ['p', 'q'], 'what']);
  assert.equal(line.date, '2026-12-04');
  assert.deepEqual(line.situations.map((s) => [s.situation, s.name]),
    [['first', 'first call in a fresh page'], ['idle', 'after 10 s idle'], ['row', 'in a row']]);
  assert.deepEqual(line.situations.map((s) => s.ratios.map((r) => r.ratio)), [[0.5, 2], [2, 0.5], [1.02, 5]]);
  assert.equal(headlineOf(CALLS, ['job-a', ['q'], 'w']).situations[1].ratios[0].peer, 'q');
});

test('a "slower" line of a job that takes fresh memory each call says what that memory cost; other lines say nothing', () => {
  const calls = structuredClone(CALLS);
  calls.sections.chromium.freshMemory = { usPerPage: 10, msPerMiB: 2.5 };
  Object.assign(calls.sections.chromium.summary[0], { freshMiB: 64, freshWhat: 'the hash\'s blocks' });
  assert.match(headlineOf(calls, ['job-a', ['p'], 'w']).why, /64 MiB of fresh memory \(the hash's blocks\), which cost 160 ms/);
  assert.equal(headlineOf(CALLS, ['job-a', ['p'], 'w']).why, undefined, 'no fresh memory recorded');
  calls.sections.chromium.summary[0].vsPeers.p.first = 1;
  assert.equal(headlineOf(calls, ['job-a', ['p'], 'w']).why, undefined, 'nothing slower');
});

test('with our API also run bundled into an app, a headline adds its first call against the same peers, after the first call', () => {
  const calls = structuredClone(CALLS);
  const job = calls.sections.chromium.summary[0];
  job.medians.app = { first: 80, idle: 20, row: 10 };
  job.appVsPeers = { p: { first: 100 / 80, idle: 2, row: 1.02 }, q: { first: 5, idle: 0.5, row: 5 } };
  const line = headlineOf(calls, ['job-a', ['p', 'q'], 'what']);
  assert.deepEqual(line.situations.map((s) => [s.situation, s.name]), [['first', 'first call in a fresh page'],
    ['first-bundled', 'first call, bundled into an app'], ['idle', 'after 10 s idle'], ['row', 'in a row']]);
  assert.deepEqual(line.situations[1].ratios.map((r) => [r.peer, r.ratio]), [['p', 1.25], ['q', 5]]);
  assert.deepEqual(callsBars(job, calls.sections.chromium.labels).slice(0, 4).map((b) => [b.label, b.ms, b.ours]), [
    ['ours, first call in a fresh page', 200, true], ['ours bundled, first call in a fresh page', 80, true],
    ['peer p, first call in a fresh page', 100, false], ['peer q, first call in a fresh page', 400, false]]);
});

test('a headline without its job or its peers recorded is left out', () => {
  assert.equal(headlineOf(CALLS, ['no-such-job', ['p'], 'w']), null);
  assert.equal(headlineOf(CALLS, ['job-b', ['p'], 'w']), null);
  assert.equal(headlineOf(CALLS, ['job-a', ['p'], 'w'], 'firefox'), null);
});

test('the recorded headlines say "slower" exactly where ours is below the peer, and name each situation', () => {
  const calls = results('calls');
  const recorded = calls.sections.chromium.summary;
  for (const job of recorded) {
    const peers = Object.keys(job.vsPeers);
    const line = headlineOf(calls, [job.id, peers, 'w']);
    assert.equal(line.situations.length, job.medians.app ? 4 : 3, `${job.id}: every situation`);
    for (const { situation, ratios } of line.situations) {
      assert.equal(ratios.length, peers.length);
      const [ours, of] = situation === 'first-bundled' ? [job.medians.app, 'first'] : [job.medians.ours, situation];
      for (const [k, { peer, ratio }] of ratios.entries()) {
        assert.equal(ratio, job.medians[peers[k]][of] / ours[of]);
        assert.equal(ratioText(ratio, peer).includes('slower'), ratio < 0.95, `${job.id} ${situation} ${peer}: ${ratio}`);
      }
    }
  }
});

test('a calls chart draws, per situation, our API first, then each peer', () => {
  const bars = callsBars(CALLS.sections.chromium.summary[0], CALLS.sections.chromium.labels);
  assert.deepEqual(bars.map((b) => [b.label, b.ms, b.ours]), [
    ['ours, first call in a fresh page', 200, true], ['peer p, first call in a fresh page', 100, false], ['peer q, first call in a fresh page', 400, false],
    ['ours, after 10 s idle', 20, true], ['peer p, after 10 s idle', 40, false], ['peer q, after 10 s idle', 10, false],
    ['ours, in a row', 10, true], ['peer p, in a row', 10.2, false], ['peer q, in a row', 50, false],
  ]);
});

// The corpus as vaultNotes() made it in one go before the notes were made one at a time (commit d257339).
const CORPUS_SHA256 = '969cf5c378808583b0f71d11c15857fa79127b34fa48eb4fa9638ca317e98b19';

test('the vault notes made one at a time are the same 5,000 notes as before, the needle in its place', () => {
  const next = vaultNoteMaker();
  const oneByOne = Array.from({ length: 5000 }, () => next());
  assert.equal(createHash('sha256').update(JSON.stringify(oneByOne)).digest('hex'), CORPUS_SHA256);
  assert.deepEqual(vaultNotes(), oneByOne);
  assert.deepEqual(oneByOne[NEEDLE.index], { id: `note-${NEEDLE.index}`, title: NEEDLE.title, body: NEEDLE.body });
  assert.equal(new Set(oneByOne.map((note) => note.id)).size, 5000);
});
