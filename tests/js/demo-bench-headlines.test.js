// The demo's benchmark headlines (demo/bench-headlines.js, demo/bench.js):
// ratios read as a person reads them, each headline compares our API's row
// with the peers' rows of the recorded results, and the vault's notes made one
// at a time are the notes made in one go.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { formatRatio, ratioText } from '../../demo/bench.js';
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

test('a headline compares our API row with each peer row of the recorded Chromium results', () => {
  const argon2 = results('argon2');
  const line = headlineOf(argon2, ['argon2', 'chromium', 't3-m64MiB-p1', 'ours-api', ['libsodium-wrappers', 'hash-wasm'], 'what']);
  const rows = argon2.sections.chromium.cases.find((c) => c.id === 't3-m64MiB-p1').contenders;
  const ms = (id) => rows.find((c) => c.id === id).medianMs;
  assert.deepEqual(line.ratios, [
    { peer: 'libsodium-wrappers', ratio: ms('libsodium-wrappers') / ms('ours-api') },
    { peer: 'hash-wasm', ratio: ms('hash-wasm') / ms('ours-api') },
  ]);
  assert.notEqual(ms('ours-api'), ms('ours-simd'), 'the API row, not the kernel row');
  const search = headlineOf(results('search'), ['search', 'keystrokes-chromium', 'type-two-words-typo', 'ours-wasm', ['minisearch', 'ufuzzy'], 'w']);
  assert.deepEqual(search.ratios.map((r) => r.peer), ['MiniSearch', 'uFuzzy']);
});

test('a headline whose row is missing or unavailable is left out', () => {
  const argon2 = results('argon2');
  assert.equal(headlineOf(argon2, ['argon2', 'chromium', 'no-such-case', 'ours-api', ['hash-wasm'], 'w']), null);
  assert.equal(headlineOf(argon2, ['argon2', 'firefox', 't3-m64MiB-p1', 'ours-api', ['hash-wasm'], 'w']), null);
  // Node has no API-warm row (browser only): unavailable rows are not compared.
  assert.equal(headlineOf(argon2, ['argon2', 'node', 't3-m64MiB-p1', 'ours-api-warm', ['hash-wasm'], 'w']), null);
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
