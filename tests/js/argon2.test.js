// The Argon2id wasm builds (SIMD and scalar) through the worker's own ops
// layer, against libsodium-wrappers-sumo in the same process.
import { before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import sodium from 'libsodium-wrappers-sumo';
import { argon2id as hashWasmArgon2id } from 'hash-wasm';
import { argon2Ops, createWasmArgon2 } from '../../worker/argon2-ops.js';
import { BUILDS, loadWasm } from './wasm-node.js';

const hex = (bytes) => Buffer.from(bytes).toString('hex');
const utf8 = (text) => new TextEncoder().encode(text);

// A small seeded generator so a failure names a reproducible case.
function random(seed) {
  let x = seed >>> 0 || 1;
  const next = () => { x ^= x << 13; x >>>= 0; x ^= x >>> 17; x ^= x << 5; x >>>= 0; return x; };
  return { int: (n) => next() % n, bytes: (n) => Uint8Array.from({ length: n }, next) };
}

before(async () => { await sodium.ready; });

for (const [variant, simd] of BUILDS) {
  describe(`argon2 ${variant} build`, () => {
    let wasm, argon2, ops;
    before(async () => {
      wasm = await loadWasm('argon2', simd);
      argon2 = createWasmArgon2(wasm);
      ops = argon2Ops(argon2);
    });

    test('passes its known-answer self-test', () => {
      assert.equal(wasm.self_test(), true);
    });

    test('gives the RFC 9106 section 5.3 Argon2id tag (p = 4, secret, associated data)', () => {
      const tag = argon2.hash({ password: new Uint8Array(32).fill(1), salt: new Uint8Array(16).fill(2),
        secret: new Uint8Array(8).fill(3), ad: new Uint8Array(12).fill(4), t: 3, m: 32, p: 4, length: 32 });
      assert.equal(hex(tag), '0d640df58d78766c08c037a34a8b53c9d01ef0452d75b65eb52520e96b01e659');
    });

    test('equals libsodium crypto_pwhash on 200 random cases', () => {
      const rng = random(variant === 'simd' ? 17 : 29);
      for (let i = 0; i < 200; i++) {
        const password = rng.bytes(rng.int(129));
        const salt = rng.bytes(16);
        const t = 1 + rng.int(4);
        const m = 8 + rng.int(1024);
        const length = 16 + rng.int(113);
        const ours = argon2.hash({ password, salt, t, m, p: 1, length });
        const theirs = sodium.crypto_pwhash(length, password, salt, t, m * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13);
        assert.equal(hex(ours), hex(theirs), `case ${i}: t=${t} m=${m} length=${length}`);
      }
    });

    // libsodium has p = 1, 16-byte salts and no secret: hash-wasm, an independent
    // implementation, checks the rest (it wants a password of 1 byte or more and has no
    // associated data: the RFC vector covers that).
    test('equals hash-wasm on 60 random cases with a secret, p = 1..8, salts of 8..64 bytes, tags up to 1024 bytes', async () => {
      const rng = random(variant === 'simd' ? 41 : 43);
      for (let i = 0; i < 60; i++) {
        const p = 1 + rng.int(8);
        const params = { password: rng.bytes(1 + rng.int(80)), salt: rng.bytes(8 + rng.int(57)), secret: rng.bytes(rng.int(65)),
          t: 1 + rng.int(3), m: 8 * p + rng.int(256), p, length: 16 + rng.int(1009) };
        const ours = argon2.hash(params);
        const theirs = await hashWasmArgon2id({ password: params.password, salt: params.salt, secret: params.secret,
          parallelism: p, iterations: params.t, memorySize: params.m, hashLength: params.length, outputType: 'binary' });
        assert.equal(hex(ours), hex(theirs), `case ${i}: t=${params.t} m=${params.m} p=${p} salt=${params.salt.length} `
          + `secret=${params.secret.length} length=${params.length}`);
      }
    });

    test('hashes a text password as its exact UTF-8 bytes (accents, emoji, combining marks, NUL)', () => {
      const salt = new Uint8Array(16).fill(9);
      for (const text of ['café', 'cafe\u0301', '🔐 vault', 'a\u0000b', 'Ελληνικά', '']) {
        const ours = argon2.hash({ password: utf8(text), salt, t: 1, m: 64, p: 1, length: 32 });
        const theirs = sodium.crypto_pwhash(32, utf8(text), salt, 1, 64 * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13);
        assert.equal(hex(ours), hex(theirs), JSON.stringify(text));
      }
    });

    test('refuses each out-of-range parameter with a RangeError naming it', () => {
      const base = { password: utf8('pw'), salt: new Uint8Array(16), t: 1, m: 64, p: 1, length: 32 };
      for (const [change, name] of [[{ t: 0 }, /\bt\b/], [{ p: 0 }, /\bp\b/], [{ p: 17 }, /\bp\b/],
        [{ m: 7 }, /\bm\b/], [{ m: 15, p: 2 }, /\bm\b/], [{ length: 15 }, /length/], [{ length: 1025 }, /length/],
        [{ salt: new Uint8Array(7) }, /salt/]]) {
        assert.throws(() => argon2.hash({ ...base, ...change }), (e) => e instanceof RangeError && name.test(e.message),
          JSON.stringify(Object.keys(change)));
      }
    });

    test('reports progress up to 1 and returns the tag as a transferable buffer', async () => {
      const seen = [];
      const reply = await ops.argon2id({ password: utf8('pw'), salt: new Uint8Array(16), t: 2, m: 64, p: 1, length: 32 },
        { progress: (v) => seen.push(v) });
      assert.equal(seen.length, 8);
      assert.equal(seen.at(-1), 1);
      assert.equal(reply.transfer[0], reply.result.buffer);
    });

    test('erases the password buffer it was handed', async () => {
      const password = utf8('secret password');
      await ops.argon2id({ password, salt: new Uint8Array(16), t: 1, m: 16, p: 1, length: 16 });
      assert.ok(password.every((b) => b === 0));
    });

    // A worker on a page lingers 500 ms after its job (api/runtime/platform.js): nothing the hash put on the wasm
    // stack (fill_block's work blocks, BLAKE2b states, H0) may stay there. The top 4 KiB hold the frames of the
    // calls from JS, whose bytes are addresses and lengths.
    test('a hash leaves nothing on the stack: the segmented job, the string hash and its verification', () => {
      const stackLeft = () => {
        const end = wasm.stack_end();
        const base = wasm.stack_base();
        assert.ok(base - end >= 64 * 1024, `a stack of ${base - end} bytes`);
        return wasm.HEAPU8.subarray(end, base - 4096).reduce((count, byte) => count + (byte !== 0), 0);
      };
      const password = utf8('correct horse battery staple');
      const salt = new Uint8Array(16).fill(7);
      argon2.hash({ password, salt, t: 2, m: 64, p: 2, length: 32 });
      assert.equal(stackLeft(), 0, 'bytes left on the stack after the segmented hash');
      const hash = argon2.hashString({ password, salt, t: 1, m: 64, p: 1 });
      assert.equal(stackLeft(), 0, 'bytes left on the stack after pwhash_str');
      assert.equal(argon2.verifyString({ hash, password }), true);
      assert.equal(stackLeft(), 0, 'bytes left on the stack after pwhash_str_verify');
    });

    test('writes strings libsodium verifies and verifies strings libsodium writes', () => {
      const ourString = argon2.hashString({ password: utf8('hunter2'), salt: new Uint8Array(16).fill(5), t: 2, m: 64, p: 1 });
      assert.match(ourString, /^\$argon2id\$v=19\$m=64,t=2,p=1\$/);
      assert.equal(sodium.crypto_pwhash_str_verify(ourString, 'hunter2'), true);
      assert.equal(sodium.crypto_pwhash_str_verify(ourString, 'hunter3'), false);
      const theirs = sodium.crypto_pwhash_str('hunter2', 2, 64 * 1024);
      assert.equal(argon2.verifyString({ hash: theirs, password: utf8('hunter2') }), true);
      assert.equal(argon2.verifyString({ hash: theirs, password: utf8('hunter2 ') }), false);
    });

    test('refuses malformed strings with a TypeError naming the hash', () => {
      const good = argon2.hashString({ password: utf8('pw'), salt: new Uint8Array(16), t: 1, m: 8, p: 1 });
      for (const bad of ['', '$argon2i$v=19$m=8,t=1,p=1$AAAAAAAAAAAAAAAAAAAAAA$AAAA', good.slice(0, -1) + '*',
        good.replace('v=19', 'v=16'), good.replace('m=8', 'm=08'), good + '$', good.slice(0, 20)]) {
        assert.throws(() => argon2.verifyString({ hash: bad, password: utf8('pw') }),
          (e) => e instanceof TypeError && /^hash/.test(e.message), JSON.stringify(bad));
      }
    });

    test('warm takes a job\'s memory ahead: the hash or verification after it grows no memory and stays exact', async () => {
      const m = 16 * 1024;
      const salt = new Uint8Array(16).fill(7);
      const theirs = sodium.crypto_pwhash(32, utf8('warm start'), salt, 2, m * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13);
      // Control: on a fresh instance the first 16 MiB hash grows the memory.
      const cold = await loadWasm('argon2', simd);
      const coldBefore = cold.HEAPU8.length;
      assert.equal(hex(createWasmArgon2(cold).hash({ password: utf8('warm start'), salt, t: 2, m, p: 1, length: 32 })), hex(theirs));
      assert.ok(coldBefore < m * 1024 && cold.HEAPU8.length > m * 1024, 'a cold instance grows to the job\'s memory');

      const fresh = await loadWasm('argon2', simd);
      const warmOps = argon2Ops(createWasmArgon2(fresh));
      assert.equal(warmOps.warm({ m, p: 1, parallel: true }), true);
      const warmed = fresh.HEAPU8.length;
      assert.ok(warmed > m * 1024, 'warm grew the memory to the job\'s size');
      const { result } = await warmOps.argon2id({ password: utf8('warm start'), salt, t: 2, m, p: 1, length: 32 });
      assert.equal(hex(result), hex(theirs));
      assert.equal(fresh.HEAPU8.length, warmed, 'the job reused the warmed memory');
      const string = sodium.crypto_pwhash_str('warm start', 1, m * 1024);
      assert.equal(warmOps.pwhashVerify({ hash: string, password: utf8('warm start') }), true);
      assert.equal(fresh.HEAPU8.length, warmed, 'so did the verification');
      assert.throws(() => warmOps.warm({ m: 4, p: 1 }), (e) => e instanceof RangeError && /\bm\b/.test(e.message));
    });

    test('memory does not grow across a hundred hashes', () => {
      const job = () => argon2.hash({ password: utf8('pw'), salt: new Uint8Array(16), t: 1, m: 256, p: 2, length: 32 });
      job();
      const before = wasm.HEAPU8.length;
      for (let i = 0; i < 100; i++) job();
      assert.equal(wasm.HEAPU8.length, before);
    });
  });
}
