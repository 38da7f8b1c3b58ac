// wrapKey / unwrapKey of the notes worker (crypto_secretbox over one 32-byte
// key) in both wasm builds and the libsodium fallback, against
// libsodium-wrappers: both directions, every tampered byte and a wrong key
// refused with a WrongKeyError, keys erased, no key bytes left in the heap.
// Run with --disallow-code-generation-from-strings (embind must not eval).
import test from 'node:test';
import assert from 'node:assert/strict';
import sodium from 'libsodium-wrappers';
import { createWasmNotes, notesOps } from '../../worker/notes-ops.js';
import { createSodiumNotes } from '../../worker/notes-sodium.js';
import { unwrapTransfer } from '../../common/protocol.js';
import { BUILDS, loadWasm } from './wasm-node.js';

await sodium.ready;

/** The op's value (ops mark transferable results with withTransfer). */
const value = (reply) => unwrapTransfer(reply).result;

const backends = [];
for (const [name, simd] of BUILDS) {
  const wasm = await loadWasm('notes', simd);
  backends.push([`${name} build`, createWasmNotes(wasm), wasm]);
}
backends.push(['libsodium fallback', await createSodiumNotes(), null]);

function libsodiumWrap(key, wrappingKey, nonce) {
  const out = new Uint8Array(72);
  out.set(nonce);
  out.set(sodium.crypto_secretbox_easy(key, nonce, wrappingKey), 24);
  return out;
}

function contains(haystack, needle) {
  outer: for (let i = 0; i + needle.length <= haystack.length; i++) {
    for (let j = 0; j < needle.length; j++) if (haystack[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

for (const [name, backend, wasm] of backends) {
  const ops = notesOps(backend);

  test(`${name}: wrapKey output (nonce || tag || ciphertext) opens with libsodium-wrappers to the key`, () => {
    for (let i = 0; i < 20; i++) {
      const key = sodium.randombytes_buf(32);
      const wrappingKey = sodium.randombytes_buf(32);
      const wrapped = value(ops.wrapKey({ key: key.slice(), wrappingKey: wrappingKey.slice() }));
      assert.ok(wrapped instanceof Uint8Array);
      assert.equal(wrapped.length, 72);
      const opened = sodium.crypto_secretbox_open_easy(wrapped.subarray(24), wrapped.subarray(0, 24), wrappingKey);
      assert.deepEqual(opened, key);
    }
  });

  test(`${name}: wrapKey draws a fresh nonce each call`, () => {
    const key = sodium.randombytes_buf(32);
    const wrappingKey = sodium.randombytes_buf(32);
    const a = value(ops.wrapKey({ key: key.slice(), wrappingKey: wrappingKey.slice() }));
    const b = value(ops.wrapKey({ key: key.slice(), wrappingKey: wrappingKey.slice() }));
    assert.notDeepEqual(a.subarray(0, 24), b.subarray(0, 24));
    assert.notDeepEqual(a.subarray(24), b.subarray(24));
  });

  test(`${name}: the seal matches libsodium-wrappers byte for byte for a given nonce`, () => {
    for (const length of [0, 1, 31, 32, 33, 63, 64, 65, 200]) {
      const message = sodium.randombytes_buf(length);
      const nonce = sodium.randombytes_buf(24);
      const key = sodium.randombytes_buf(32);
      assert.deepEqual(backend.secretboxEasy({ message, nonce, key }), sodium.crypto_secretbox_easy(message, nonce, key), `length ${length}`);
    }
  });

  test(`${name}: unwrapKey opens a libsodium-wrappers wrapped key`, () => {
    for (let i = 0; i < 20; i++) {
      const key = sodium.randombytes_buf(32);
      const wrappingKey = sodium.randombytes_buf(32);
      const wrapped = libsodiumWrap(key, wrappingKey, sodium.randombytes_buf(24));
      assert.deepEqual(value(ops.unwrapKey({ wrapped, wrappingKey: wrappingKey.slice() })), key);
    }
  });

  test(`${name}: unwrapKey refuses every single-bit flip of the wrapped key with a WrongKeyError`, () => {
    const key = sodium.randombytes_buf(32);
    const wrappingKey = sodium.randombytes_buf(32);
    const wrapped = libsodiumWrap(key, wrappingKey, sodium.randombytes_buf(24));
    for (let bit = 0; bit < 72 * 8; bit++) {
      const tampered = wrapped.slice();
      tampered[bit >> 3] ^= 1 << (bit & 7);
      assert.throws(() => ops.unwrapKey({ wrapped: tampered, wrappingKey: wrappingKey.slice() }),
        (error) => error.name === 'WrongKeyError' && !('result' in error), `bit ${bit}`);
    }
  });

  test(`${name}: unwrapKey refuses a wrong wrapping key with a WrongKeyError and returns nothing`, () => {
    const key = sodium.randombytes_buf(32);
    const wrappingKey = sodium.randombytes_buf(32);
    const wrapped = value(ops.wrapKey({ key: key.slice(), wrappingKey: wrappingKey.slice() }));
    const wrong = wrappingKey.slice();
    wrong[31] ^= 0x80;
    let returned;
    assert.throws(() => { returned = ops.unwrapKey({ wrapped, wrappingKey: wrong }); }, { name: 'WrongKeyError' });
    assert.equal(returned, undefined);
    assert.deepEqual(wrong, new Uint8Array(32), 'the wrapping key is erased on refusal too');
    if (wasm) assert.ok(!contains(wasm.HEAPU8, key), 'no copy of the key left in the heap');
  });

  test(`${name}: wrapKey erases both keys it was given, unwrapKey the wrapping key`, () => {
    const key = sodium.randombytes_buf(32);
    const wrappingKey = sodium.randombytes_buf(32);
    const k = key.slice();
    const w = wrappingKey.slice();
    const wrapped = value(ops.wrapKey({ key: k, wrappingKey: w }));
    assert.deepEqual(k, new Uint8Array(32));
    assert.deepEqual(w, new Uint8Array(32));
    const w2 = wrappingKey.slice();
    const opened = value(ops.unwrapKey({ wrapped, wrappingKey: w2 }));
    assert.deepEqual(opened, key);
    assert.deepEqual(w2, new Uint8Array(32));
    if (wasm) {
      assert.ok(!contains(wasm.HEAPU8, key), 'no copy of the key left in the heap');
      assert.ok(!contains(wasm.HEAPU8, wrappingKey), 'no copy of the wrapping key left in the heap');
    }
  });

  test(`${name}: wrong sizes are refused naming the argument`, () => {
    assert.throws(() => ops.wrapKey({ key: new Uint8Array(31), wrappingKey: new Uint8Array(32) }), { name: 'RangeError', message: /^key/ });
    assert.throws(() => ops.unwrapKey({ wrapped: new Uint8Array(71), wrappingKey: new Uint8Array(32) }), { name: 'RangeError', message: /^wrapped/ });
    assert.throws(() => ops.unwrapKey({ wrapped: new Uint8Array(72), wrappingKey: 'k' }), { name: 'TypeError', message: /^wrappingKey/ });
  });
}

test('the plain API checks wrapKey / unwrapKey arguments before any worker starts, naming them', async () => {
  const { unwrapKey, wrapKey } = await import('../../api/notes.js');
  await assert.rejects(wrapKey('key', new Uint8Array(32)), { name: 'TypeError', message: /^key must be a Uint8Array/ });
  await assert.rejects(wrapKey(new Uint8Array(32), new Uint8Array(16)), { name: 'RangeError', message: /^wrappingKey must be 32 bytes/ });
  await assert.rejects(unwrapKey(new Uint8Array(70), new Uint8Array(32)), { name: 'RangeError', message: /^wrapped must be 72 bytes/ });
  await assert.rejects(unwrapKey(new Uint8Array(72)), { name: 'TypeError', message: /^wrappingKey is required/ });
});
