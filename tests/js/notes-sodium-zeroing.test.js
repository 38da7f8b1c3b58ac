// The libsodium fallback backends leave no key, password or plaintext in
// libsodium's wasm heap once a call is over: libsodium-wrappers frees its
// copies without erasing them, so worker/sodium-zeroing.js zeroes each block
// before it is freed. Found by scanning the whole heap for the secrets' bytes.
import test from 'node:test';
import assert from 'node:assert/strict';
import sodium from 'libsodium-wrappers';
import sodiumSumo from 'libsodium-wrappers-sumo';
import { createSodiumNotes } from '../../worker/notes-sodium.js';
import { createSodiumArgon2 } from '../../worker/argon2-sodium.js';
import { notesOps } from '../../worker/notes-ops.js';
import { packNotes, packSeal, unpackSealed } from '../../common/notes-format.js';
import { unwrapTransfer } from '../../common/protocol.js';

const value = (reply) => unwrapTransfer(reply).result;

/** Whether `needle` occurs anywhere in `haystack`. */
function holds(haystack, needle) {
  const first = needle[0];
  for (let at = haystack.indexOf(first); at >= 0 && at <= haystack.length - needle.length; at = haystack.indexOf(first, at + 1)) {
    let i = 1;
    while (i < needle.length && haystack[at + i] === needle[i]) i++;
    if (i === needle.length) return true;
  }
  return false;
}

test('notes fallback: after seal, open, wrap and rewrap, no device key, note key or plaintext is left in libsodium\'s heap', async () => {
  const ops = notesOps(await createSodiumNotes());
  const deviceKey = crypto.getRandomValues(new Uint8Array(32));
  const wrappingKey = crypto.getRandomValues(new Uint8Array(32));
  const secretText = `the lighthouse key hangs behind the tide chart ${'x'.repeat(40)}`;
  const notes = [{ id: 'n1', title: 'Lighthouse', body: secretText }];
  const packed = packSeal(notes);
  const sealed = unpackSealed(notes, value(ops.sealNotes({ ...packed, deviceKey: deviceKey.slice() })));
  const open = packNotes(sealed);
  const opened = value(ops.openNotes({ ...open, deviceKey: deviceKey.slice() }));
  assert.ok(holds(opened.out, new TextEncoder().encode(secretText)), 'the open worked');
  const wrapped = value(ops.wrapKey({ key: deviceKey.slice(), wrappingKey: wrappingKey.slice() }));
  assert.deepEqual(value(ops.unwrapKey({ wrapped, wrappingKey: wrappingKey.slice() })), deviceKey);
  const noteKey = sodium.crypto_secretbox_open_easy(Buffer.from(sealed[0].key, 'base64').subarray(24), Buffer.from(sealed[0].key, 'base64').subarray(0, 24), deviceKey);
  ops.rewrapKeys({ wrapped: Buffer.from(sealed[0].key, 'base64'), count: 1, fromKey: deviceKey.slice(), toKey: crypto.getRandomValues(new Uint8Array(32)) });
  const heap = sodium.libsodium.HEAPU8;
  for (const [what, secret] of [['the device key', deviceKey], ['the wrapping key', wrappingKey], ['the note key', noteKey],
    ['the text', new TextEncoder().encode(secretText.slice(0, 32))]]) {
    assert.ok(!holds(heap, secret), `${what} is not in libsodium's heap`);
  }
});

test('argon2 fallback: the password is not left in libsodium\'s heap after a hash, a string hash and a verify', async () => {
  const argon2 = await createSodiumArgon2();
  const password = new TextEncoder().encode('correct horse battery staple, heron willow 19');
  const salt = new Uint8Array(16).fill(3);
  const tag = argon2.hash({ password: password.slice(), salt, t: 1, m: 8, p: 1, length: 32 });
  const string = argon2.hashString({ password: password.slice(), t: 1, m: 8, p: 1 });
  assert.equal(argon2.verifyString({ hash: string, password: password.slice() }), true);
  const heap = sodiumSumo.libsodium.HEAPU8;
  assert.ok(!holds(heap, password.subarray(0, 24)), 'the password is not in the heap');
  assert.ok(!holds(heap, tag), 'the derived key is not in the heap');
});
