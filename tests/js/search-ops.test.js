// The worker's search ops, run in Node without a worker: the wasm builds and
// the plain-JS fallback answer alike, heap memory stays flat across many
// calls, and misuse becomes a named error.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsSearchBackend, searchOps, wasmSearchBackend, WasmSearchIndex } from '../../worker/search-ops.js';
import { unwrapTransfer } from '../../common/protocol.js';
import { MAX_BUDGET, prefixBudget, termBudget } from '../../common/search-text.js';
import { referenceSearch, prefixBudget as specPrefixBudget, termBudget as specTermBudget } from '../../fixtures/search-reference.js';
import { loadWasm } from './wasm-node.js';

const TEXTS = ['Kubernetes cluster notes', 'Café crème', 'Straße und Weg', 'kubernetes', 'Ελληνικά κείμενα', 'поиск заметок'];

function plain(reply) {
  const { result } = unwrapTransfer(reply);
  return { indices: Array.from(result.indices), scores: Array.from(result.scores) };
}

const simd = await loadWasm('search', true);
const scalar = await loadWasm('search', false);

test('the shipped typo budgets (common/search-text.js) are the specification\'s', () => {
  for (let length = 0; length <= 80; length++) {
    assert.equal(termBudget(length), specTermBudget(length), `term of ${length}`);
    assert.equal(prefixBudget(length), specPrefixBudget(length), `prefix of ${length}`);
    assert.ok(termBudget(length) <= MAX_BUDGET && prefixBudget(length) <= MAX_BUDGET);
  }
  assert.equal(MAX_BUDGET, specTermBudget(1000));
});

test('both wasm builds pass their self-test and say which kernel they run', () => {
  assert.equal(simd.self_test(), true);
  assert.equal(scalar.self_test(), true);
  assert.equal(simd.kernel_variant(), 'simd');
  assert.equal(scalar.kernel_variant(), 'scalar');
});

test('search ops answer like the reference on the wasm builds and on the plain-JS fallback', () => {
  for (const backend of [simd, scalar, undefined]) {
    const ops = searchOps(backend ? wasmSearchBackend(backend) : jsSearchBackend);
    assert.equal(ops.create({ id: 1, texts: TEXTS }), TEXTS.length);
    for (const query of ['kubernets', 'kub clu', 'cafe', 'strasse', 'ελλην', 'поиск', 'zzz', '']) {
      assert.deepEqual(plain(ops.search({ id: 1, query })), referenceSearch(TEXTS, query), `query ${query}`);
    }
    ops.insert({ id: 1, position: 0, texts: ['new kubernetes note'] });
    ops.set({ id: 1, position: 4, texts: ['no longer the k word'] });
    ops.remove({ id: 1, position: 2, count: 1 });
    const texts = ['new kubernetes note', ...TEXTS];
    texts[4] = 'no longer the k word';
    texts.splice(2, 1);
    assert.deepEqual(plain(ops.search({ id: 1, query: 'kubernetes' })), referenceSearch(texts, 'kubernetes'));
    ops.destroy({ id: 1 });
  }
});

test('searching a destroyed or unknown index throws NotFoundError (the page rebuilds on it)', () => {
  const ops = searchOps(wasmSearchBackend(simd));
  assert.throws(() => ops.search({ id: 7, query: 'x' }), { name: 'NotFoundError' });
  ops.create({ id: 7, texts: ['x'] });
  ops.destroy({ id: 7 });
  assert.throws(() => ops.search({ id: 7, query: 'x' }), { name: 'NotFoundError' });
});

test('positions out of range are RangeErrors and leave the index unchanged', () => {
  const index = new WasmSearchIndex(simd, ['a b', 'c']);
  assert.throws(() => index.insert(5, ['x']), RangeError);
  assert.throws(() => index.remove(1, 5), RangeError);
  assert.throws(() => index.set(2, ['x']), RangeError);
  assert.equal(index.length, 2);
  assert.deepEqual(Array.from(index.search('c').indices), [1]);
  index.destroy();
});

test('wasm memory stays flat across 200 searches and 100 rebuilds of a 2,000-note index', () => {
  const texts = Array.from({ length: 2000 }, (_, i) => `note ${i} kubernetes cluster ${i % 7 ? 'café' : 'Straße'} word${i}`);
  const queries = (i) => ['kubernetes', 'kub clu', 'cafe', `word${i}`][i % 4];
  let index = new WasmSearchIndex(simd, texts);
  for (let i = 0; i < 20; i++) index.search(`kubernetes wor${i}`);
  // One round of searches and a rebuild first: a build into a fresh heap takes less than one among the blocks a
  // searched and freed index leaves, and a leak is growth from one rebuild to the next.
  for (let i = 0; i < 20; i++) index.search(queries(i));
  index.destroy();
  index = new WasmSearchIndex(simd, texts);
  for (let i = 0; i < 20; i++) index.search(queries(i));
  const before = simd.HEAPU8.length;
  for (let i = 0; i < 200; i++) index.search(queries(i));
  for (let i = 0; i < 100; i++) {
    index.destroy();
    index = new WasmSearchIndex(simd, texts);
  }
  index.destroy();
  assert.equal(simd.HEAPU8.length, before);
});
