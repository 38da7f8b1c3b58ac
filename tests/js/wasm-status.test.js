// The one embind convention for results and errors (worker/wasm-status.js,
// cpp/<module>/status.h): every module's status codes fall in the shared
// ranges, every module exports error_message, a failed heap allocation is an
// OutOfMemoryError, and internal faults are never RangeErrors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { checkStatus, statusError, statusErrorName } from '../../worker/wasm-status.js';
import { heapAlloc, heapCopyIn, withHeap } from '../../worker/wasm-heap.js';
import { createWasmNotes } from '../../worker/notes-ops.js';
import { WasmSearchIndex } from '../../worker/search-ops.js';
import { createWasmArgon2 } from '../../worker/argon2-ops.js';
import { loadWasm } from './wasm-node.js';

const modules = JSON.parse(readFileSync(new URL('../../modules.json', import.meta.url))).modules.map((m) => m.name);
const wasm = Object.fromEntries(await Promise.all(modules.map(async (name) => [name, await loadWasm(name, false)])));

test('status ranges map to stable error names', () => {
  assert.equal(statusErrorName(0), 'ok');
  for (const code of [1, 63]) assert.ok(statusError(code, 'm') instanceof RangeError);
  for (const code of [64, 127]) assert.ok(statusError(code, 'm') instanceof TypeError);
  assert.equal(statusError(128, 'm').name, 'OutOfMemoryError');
  for (const code of [129, 255, -1, 256]) {
    const error = statusError(code, 'm');
    assert.equal(error.name, 'InternalError');
    assert.ok(!(error instanceof RangeError) && !(error instanceof TypeError));
  }
});

test('every module exports error_message, and checkStatus uses it', () => {
  for (const name of modules) {
    assert.equal(typeof wasm[name].error_message, 'function', name);
    assert.equal(wasm[name].error_message(0), 'ok', name);
    assert.doesNotThrow(() => checkStatus(wasm[name], 0));
    assert.throws(() => checkStatus(wasm[name], 129, 'what'), { name: 'InternalError', message: /^what: / }, name);
  }
});

test('a failed heap allocation is an OutOfMemoryError, and withHeap releases what came before', () => {
  const failing = { ...wasm.notes, _malloc: () => 0, HEAPU8: wasm.notes.HEAPU8 };
  assert.throws(() => heapAlloc(failing, 8), { name: 'OutOfMemoryError' });
  assert.throws(() => heapCopyIn(failing, new Uint8Array(8)), { name: 'OutOfMemoryError' });
  const w = wasm.notes;
  let calls = 0;
  const freed = [];
  const flaky = { HEAPU8: w.HEAPU8, _malloc: (n) => (++calls === 2 ? 0 : w._malloc(n)), _free: (p) => { freed.push(p); w._free(p); } };
  assert.throws(() => withHeap(flaky, (heap) => { heap.copyIn(new Uint8Array([1, 2, 3])); heap.alloc(4); }), { name: 'OutOfMemoryError' });
  assert.equal(freed.length, 1);
});

test('internal faults are named errors, not RangeErrors', () => {
  // seal_batch with a layout whose offsets point outside the input.
  const notes = createWasmNotes(wasm.notes);
  assert.throws(() => notes.sealBatch({ input: new Uint8Array(4), fields: Uint32Array.of(0, 2, 0, 2, 0, 99), count: 1,
    deviceKey: new Uint8Array(32), outCapacity: 1024, random: new Uint8Array(104) }), (e) => e.name === 'InternalError' && !(e instanceof RangeError));
  // A destroyed search index reached through the low-level class.
  const index = new WasmSearchIndex(wasm.search, ['a']);
  index.destroy();
  assert.throws(() => index.search('a'), { name: 'InternalError' });
  assert.throws(() => index.remove(0, 1), { name: 'InternalError' });
});

test('caller faults stay RangeError / TypeError, and verdicts are results', () => {
  const index = new WasmSearchIndex(wasm.search, ['a', 'b']);
  assert.throws(() => index.insert(3, ['x']), { name: 'RangeError', message: /^position/ });
  assert.throws(() => index.remove(1, 2), { name: 'RangeError', message: /^count/ });
  index.destroy();
  const argon2 = createWasmArgon2(wasm.argon2);
  assert.throws(() => argon2.hash({ password: new Uint8Array(1), salt: new Uint8Array(16), t: 0, m: 8, p: 1, length: 32 }),
    { name: 'RangeError', message: /^t / });
  assert.throws(() => argon2.verifyString({ hash: '$argon2i$', password: new Uint8Array(1) }), { name: 'TypeError', message: /^hash: / });
  const hash = argon2.hashString({ password: new Uint8Array(1), salt: new Uint8Array(16), t: 1, m: 8, p: 1 });
  assert.equal(argon2.verifyString({ hash, password: new Uint8Array(1) }), true);
  assert.equal(argon2.verifyString({ hash, password: new Uint8Array(2) }), false);
  const notes = createWasmNotes(wasm.notes);
  const key = new Uint8Array(32).fill(7);
  const nonce = new Uint8Array(24).fill(1);
  const box = notes.secretboxEasy({ message: new Uint8Array([1, 2, 3]), nonce, key });
  assert.deepEqual(Array.from(notes.secretboxOpenEasy({ box, nonce, key })), [1, 2, 3]);
  box[0] ^= 1;
  assert.equal(notes.secretboxOpenEasy({ box, nonce, key }), null);
});
