// The notes wasm builds (SIMD and scalar) in Node, against libsodium-wrappers:
// both directions byte for byte, tampered and malformed notes flagged one by
// one, no memory growth, and the libsodium fallback behaving the same.
// Run with --disallow-code-generation-from-strings (embind must not eval).
import test from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import sodium from 'libsodium-wrappers';
import { createWasmNotes, notesOps } from '../../worker/notes-ops.js';
import { createSodiumNotes } from '../../worker/notes-sodium.js';
import { jointText, packNotes, packSeal, startPacking, unpackOpened, unpackRange, unpackSealed } from '../../common/notes-format.js';
import { ILL_FORMED, illFormed, perFieldStrings, sealBytes, wellFormed } from '../../fixtures/notes-plaintexts.js';

const OUT = new URL('../../build/wasm/out/', import.meta.url);

async function instantiate(simd) {
  const name = simd ? 'notes.simd' : 'notes';
  const { default: create } = await import(new URL(`${name}.mjs`, OUT));
  return create({ wasmBinary: readFileSync(new URL(`${name}.wasm`, OUT)) });
}

await sodium.ready;
const B64 = sodium.base64_variants.ORIGINAL;
const builds = { simd: await instantiate(true), scalar: await instantiate(false) };

// A deterministic generator so failures reproduce.
function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}
const WORDS = ['vault', 'note', 'caf\u00e9', 'key', '\u20ac', '\u{1F511}', 'garden', 'night', 'x', '\u00fcber', 'the'];
function sentence(next, maxWords) {
  const n = Math.floor(next() * maxWords);
  return Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
}

function libsodiumSeal({ id, title, body }, deviceKey, random) {
  const noteKey = random.subarray(0, 32);
  const nonce = (k) => random.subarray(32 + 24 * k, 56 + 24 * k);
  const join = (a, b) => { const o = new Uint8Array(a.length + b.length); o.set(a); o.set(b, a.length); return o; };
  const aead = (prefix, text, k) => join(nonce(k), sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(
    sodium.from_string(text), sodium.from_string(prefix + id), null, nonce(k), noteKey));
  return {
    id,
    key: sodium.to_base64(join(nonce(0), sodium.crypto_secretbox_easy(noteKey, nonce(0), deviceKey)), B64),
    title: sodium.to_base64(aead('title:', title, 1), B64),
    body: sodium.to_base64(aead('body:', body, 2), B64),
  };
}

function makeVault(count, seed = 1) {
  const next = rng(seed);
  const deviceKey = sodium.randombytes_buf(32);
  const plain = Array.from({ length: count }, (_, i) => ({ id: `note-${i}`, title: sentence(next, 8), body: sentence(next, 300) }));
  const notes = plain.map((p) => libsodiumSeal(p, deviceKey, sodium.randombytes_buf(104)));
  return { deviceKey, plain, notes };
}

function open(backend, notes, deviceKey) {
  const packed = packNotes(notes);
  const opened = backend.openBatch({ ...packed, deviceKey, utf16: true });
  return unpackOpened(notes, opened, packed.preset);
}

for (const [path, wasm] of Object.entries(builds)) {
  test(`${path} build passes its known-answer self-test`, () => {
    assert.equal(wasm.self_test(), true);
  });

  test(`${path} build opens 300 libsodium-wrappers notes to the exact texts`, () => {
    const { deviceKey, plain, notes } = makeVault(300, 2);
    const result = open(createWasmNotes(wasm), notes, deviceKey);
    assert.deepEqual(result, plain);
  });

  test(`${path} build seals with fixed randomness exactly as libsodium-wrappers`, () => {
    const { deviceKey, plain } = makeVault(100, 3);
    const random = sodium.randombytes_buf(100 * 104);
    const packed = packSeal(plain);
    const sealed = unpackSealed(plain, createWasmNotes(wasm).sealBatch({ ...packed, deviceKey, random }));
    const expected = plain.map((p, i) => libsodiumSeal(p, deviceKey, random.subarray(i * 104, (i + 1) * 104)));
    assert.deepEqual(sealed, expected);
  });

  test(`${path} build seals with fresh random nonces that libsodium-wrappers opens`, () => {
    const deviceKey = sodium.randombytes_buf(32);
    const note = { id: 'n1', title: 'Groceries', body: 'milk, \u{1F95A}, bread' };
    const packed = packSeal([note]);
    const ops = notesOps(createWasmNotes(wasm));
    const reply = ops.sealNotes({ ...packed, deviceKey: deviceKey.slice() });
    const [sealed] = unpackSealed([note], reply.result);
    const again = unpackSealed([note], notesOps(createWasmNotes(wasm)).sealNotes({ ...packSeal([note]), deviceKey: deviceKey.slice() }).result)[0];
    assert.notEqual(sealed.title, again.title, 'two seals of one note share no nonce');
    const key = sodium.from_base64(sealed.key, B64);
    const noteKey = sodium.crypto_secretbox_open_easy(key.subarray(24), key.subarray(0, 24), deviceKey);
    const body = sodium.from_base64(sealed.body, B64);
    const text = sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(null, body.subarray(24), sodium.from_string('body:n1'),
      body.subarray(0, 24), noteKey);
    assert.equal(sodium.to_string(text), note.body);
  });

  test(`${path} build flags tampered and malformed notes one by one and opens the rest`, () => {
    const { deviceKey, plain, notes } = makeVault(10, 4);
    const bad = notes.map((n) => ({ ...n }));
    const flip = (s, at) => s.slice(0, at) + (s[at] === 'A' ? 'B' : 'A') + s.slice(at + 1);
    bad[1].title = flip(bad[1].title, 40);       // ciphertext byte changed
    bad[2].key = flip(bad[2].key, 10);           // wrapped key changed
    bad[3].id = 'note-4';                        // moved to another id
    bad[4].body = `${bad[4].body.slice(0, 8)} ${bad[4].body.slice(9)}`;  // whitespace
    bad[5].title = bad[5].title.slice(0, -1);    // padding or a character missing
    bad[6].body = undefined;                     // not a string
    bad[7].key = `\u00e9${bad[7].key.slice(1)}`;  // non-ASCII
    const result = open(createWasmNotes(wasm), bad, deviceKey);
    const names = result.map((r) => r.error?.name ?? 'ok');
    assert.deepEqual(names, ['ok', 'AuthenticationError', 'AuthenticationError', 'AuthenticationError', 'MalformedNoteError',
      'MalformedNoteError', 'MalformedNoteError', 'MalformedNoteError', 'ok', 'ok']);
    assert.match(result[1].error.message, /^title failed authentication/);
    assert.match(result[2].error.message, /^key failed authentication/);
    assert.match(result[4].error.message, /^body is not valid base64: it has a character outside/);
    assert.match(result[5].error.message, /^title is not valid base64: its length/);
    assert.match(result[6].error.message, /^body is missing or not a string/);
    for (const i of [0, 8, 9]) assert.deepEqual(result[i], plain[i]);
    for (const i of [1, 2, 3, 4, 5, 6, 7]) assert.equal(result[i].title, undefined);
  });

  test(`${path} build fails every note on its key with a wrong device key`, () => {
    const { notes } = makeVault(20, 5);
    const result = open(createWasmNotes(wasm), notes, sodium.randombytes_buf(32));
    assert.ok(result.every((r) => r.error?.name === 'AuthenticationError' && r.error.message.startsWith('key ')));
  });

  test(`${path} build memory does not grow across 100 batch opens`, () => {
    const { deviceKey, notes } = makeVault(200, 6);
    const backend = createWasmNotes(wasm);
    open(backend, notes, deviceKey);
    const size = wasm.HEAPU8.length;
    for (let i = 0; i < 100; i++) open(backend, notes, deviceKey);
    assert.equal(wasm.HEAPU8.length, size);
  });
}

// The packing as one encodeInto per field (the layout every fast path must give).
function referencePack(notes) {
  const enc = new TextEncoder();
  const chunks = [];
  const fields = new Uint32Array(notes.length * 8);
  const preset = new Map();
  let at = 0;
  let outCapacity = 0;
  notes.forEach((note, i) => {
    const id = typeof note?.id === 'string' ? note.id : typeof note?.id === 'number' ? String(note.id) : undefined;
    if (id === undefined) preset.set(i, 9);
    else { const b = enc.encode(id); chunks.push(b); fields.set([at, b.length], i * 8); at += b.length; }
    ['key', 'title', 'body'].forEach((name, k) => {
      const value = note?.[name];
      if (typeof value !== 'string') { if (!preset.has(i)) preset.set(i, ((k + 1) << 4) | 9); return; }
      if (/[^\p{ASCII}]/u.test(value)) { if (!preset.has(i)) preset.set(i, ((k + 1) << 4) | 2); return; }
      const b = enc.encode(value);
      chunks.push(b);
      fields.set([at, b.length], i * 8 + 2 + 2 * k);
      at += b.length;
      if (k > 0) outCapacity += (b.length >>> 2) * 3;
    });
  });
  const input = new Uint8Array(at);
  let o = 0;
  for (const c of chunks) { input.set(c, o); o += c.length; }
  return { input, fields, count: notes.length, outCapacity, preset };
}

test('packing a group of notes with one encodeInto gives the per-field layout, across group boundaries and odd notes', () => {
  const { deviceKey, plain, notes } = makeVault(300, 11);
  const odd = notes.map((n) => ({ ...n }));
  odd[130].title = `\u00e9${odd[130].title.slice(1)}`;   // non-ASCII base64: its group is packed note by note
  odd[200].body = 42;                                     // not a string: the same
  const cafe = libsodiumSeal({ id: 'caf\u00e9 7', title: 'accents', body: '\u00fcber' }, deviceKey, sodium.randombytes_buf(104));
  odd[260] = cafe;                                        // a non-ASCII id that opens
  const expected = referencePack(odd);
  const whole = packNotes(odd);
  for (const key of ['fields', 'count', 'outCapacity', 'preset']) assert.deepEqual(whole[key], expected[key], key);
  assert.deepEqual(whole.input, expected.input);
  // In slices of any size (as api/notes.js packs on the main thread): the same bytes.
  const packing = startPacking(odd);
  for (const [from, to] of [[0, 5], [5, 129], [129, 131], [131, 300]]) packing.pack(from, to);
  const sliced = packing.finish();
  assert.deepEqual(sliced.input, expected.input);
  assert.deepEqual(sliced.fields, expected.fields);
  const result = unpackOpened(odd, createWasmNotes(builds.simd).openBatch({ ...whole, deviceKey }), whole.preset);
  assert.equal(result[130].error.name, 'MalformedNoteError');
  assert.equal(result[200].error.name, 'MalformedNoteError');
  assert.deepEqual(result[260], { id: 'caf\u00e9 7', title: 'accents', body: '\u00fcber' });
  for (const i of [0, 127, 128, 129, 131, 255, 256, 299]) assert.deepEqual(result[i], plain[i]);
});

test('opening into the input buffer (the worker op) gives the same notes, and a fresh buffer when offsets overlap', () => {
  const { deviceKey, plain, notes } = makeVault(50, 12);
  const backend = createWasmNotes(builds.simd);
  const fresh = packNotes(notes);
  const expected = unpackOpened(notes, backend.openBatch({ ...fresh, deviceKey }), fresh.preset);
  assert.deepEqual(expected, plain);
  const packed = packNotes(notes);
  const opened = backend.openBatch({ ...packed, deviceKey, reuseInput: true });
  assert.equal(opened.out.buffer, packed.input.buffer, 'the plaintexts sit in the input buffer');
  assert.deepEqual(unpackOpened(notes, opened, packed.preset), plain);
  // Through the worker op: the same, and the device key is erased.
  const viaOp = packNotes(notes);
  const key = deviceKey.slice();
  const reply = notesOps(backend).openNotes({ ...viaOp, deviceKey: key });
  assert.deepEqual(unpackOpened(notes, reply.result, viaOp.preset), plain);
  assert.equal(reply.result.out.buffer, viaOp.input.buffer);
  assert.deepEqual(key, new Uint8Array(32));
  // Asking for UTF-16 (the page in Node): the UTF-8 is not copied out, the strings are the same.
  const viaUtf16 = packNotes(notes);
  const utf16Reply = notesOps(backend).openNotes({ ...viaUtf16, deviceKey: deviceKey.slice(), utf16: true });
  assert.equal(utf16Reply.result.out.length, 0);
  assert.ok(utf16Reply.result.utf16.length > 0);
  assert.deepEqual(unpackOpened(notes, utf16Reply.result, viaUtf16.preset), plain);
  // Many notes over the same bytes: more plaintext than input, so a fresh buffer.
  const one = packNotes([notes[1]]);
  const plainBytes = new TextEncoder().encode(plain[1].title + plain[1].body).length;
  const n = Math.ceil(one.input.length / plainBytes) + 1;
  const fields = new Uint32Array(8 * n);
  for (let i = 0; i < n; i++) fields.set(one.fields, i * 8);
  const copies = Array.from({ length: n }, () => notes[1]);
  const overlapping = backend.openBatch({ input: one.input, fields, count: n, deviceKey, outCapacity: n * one.outCapacity, reuseInput: true });
  assert.ok(overlapping.out.length > one.input.length);
  assert.notEqual(overlapping.out.buffer, one.input.buffer);
  assert.deepEqual(unpackOpened(copies, overlapping), copies.map(() => plain[1]));
});

test('strings made per note equal one TextDecoder call per field, byte order marks and invalid UTF-8 included', () => {
  const enc = new TextEncoder();
  const BOM = [0xef, 0xbb, 0xbf];
  const cases = [
    [enc.encode('plain title'), enc.encode('caf\u00e9 body \u{1F511}')],
    [enc.encode('ascii'), new Uint8Array([...BOM, 0x61, 0x62])],          // a BOM the body's own decode drops
    [new Uint8Array(BOM), enc.encode('body')],                             // a BOM opening the title
    [enc.encode('t'), new Uint8Array([0x80, 0x61, 0xc3])],                 // invalid UTF-8 right after an ASCII title
    [new Uint8Array([0x61, 0xe2, 0x82]), new Uint8Array([0xac, 0x62])],    // a title cut mid-sequence: not joined
    [new Uint8Array(0), enc.encode('no title')],
    [enc.encode('no body'), new Uint8Array(0)],
    [enc.encode('\u00fcber title'), enc.encode('x')],
  ];
  const bytes = [];
  const outFields = new Uint32Array(cases.length * 4);
  cases.forEach(([title, body], i) => {
    outFields.set([bytes.length, title.length, bytes.length + title.length, body.length], i * 4);
    bytes.push(...title, ...body);
  });
  const out = new Uint8Array(bytes);
  const notes = cases.map((_, i) => ({ id: `n${i}` }));
  const result = unpackOpened(notes, { out, outFields, status: new Uint8Array(cases.length) });
  const decoder = new TextDecoder();
  const expected = cases.map(([title, body], i) => ({ id: `n${i}`, title: decoder.decode(title), body: decoder.decode(body) }));
  assert.deepEqual(result, expected);
  assert.equal(result[1].body, 'ab');
});

for (const [path, wasm] of Object.entries(builds)) {
  test(`${path} build: strings cut from one decode per batch equal one TextDecoder call per field`, () => {
    const backend = createWasmNotes(wasm);
    const deviceKey = sodium.randombytes_buf(32);
    const next = rng(31);
    const keepBom = new TextDecoder('utf-8', { ignoreBOM: true });
    for (let round = 0; round < 40; round++) {
      // Even rounds are well-formed throughout; odd rounds hold one ill-formed field.
      const plain = Array.from({ length: 60 }, (_, i) => ({ id: `r${round}-${i}`, title: wellFormed(next, 6), body: wellFormed(next, 400) }));
      const bad = Math.floor(next() * plain.length);
      if (round % 2 === 1) plain[bad][next() < 0.5 ? 'title' : 'body'] = illFormed(next, 50);
      const notes = sealBytes(backend, plain, deviceKey);
      const damaged = (bad + 7) % plain.length;
      notes[damaged].body = `${notes[damaged].body[0] === 'A' ? 'B' : 'A'}${notes[damaged].body.slice(1)}`;
      const packed = packNotes(notes);
      const opened = backend.openBatch({ ...packed, deviceKey, utf16: true });
      const expected = plain.map(perFieldStrings);
      expected[damaged] = unpackOpened(notes, { ...opened, utf16: undefined }, packed.preset)[damaged];
      assert.equal(expected[damaged].error.name, 'AuthenticationError');
      if (round % 2 === 0) {
        // The kernel's lengths are a decoder's (a BOM counted: the page drops it), so the joint way is taken.
        plain.forEach(({ title, body }, i) => {
          if (i === damaged) return;
          assert.equal(opened.utf16Lengths[2 * i], keepBom.decode(title).length, `round ${round} title ${i}`);
          assert.equal(opened.utf16Lengths[2 * i + 1], keepBom.decode(body).length, `round ${round} body ${i}`);
        });
        assert.notEqual(jointText(opened), null, `round ${round}: one decode`);
      } else {
        assert.equal(jointText(opened), null, `round ${round}: field by field`);
      }
      assert.deepEqual(unpackOpened(notes, opened, packed.preset), expected, `round ${round}`);
    }
  });
}

// Counts the TextDecoder calls `body` makes.
function countingDecodes(body) {
  const decode = TextDecoder.prototype.decode;
  let calls = 0;
  TextDecoder.prototype.decode = function counted(...args) { calls++; return decode.apply(this, args); };
  try {
    return { value: body(), calls };
  } finally {
    TextDecoder.prototype.decode = decode;
  }
}

for (const [path, wasm] of Object.entries(builds)) {
  test(`${path} build: strings cut from one decode per 16 notes at the kernel's lengths equal one TextDecoder call per field`, () => {
    // The browsers' way: `utf16Lengths` only, the page decodes the UTF-8 of
    // several notes at once. Batches of 1..9 notes and 40, each with BOMs,
    // empty fields, a damaged note in the middle, a note the page refuses
    // (not a string), and in odd rounds an ill-formed field (then a call per field).
    const backend = createWasmNotes(wasm);
    const deviceKey = sodium.randombytes_buf(32);
    const next = rng(37);
    const keepBom = new TextDecoder('utf-8', { ignoreBOM: true });
    for (let round = 0; round < 40; round++) {
      const count = round < 18 ? 1 + (round % 9) : 40;
      const plain = Array.from({ length: count }, (_, i) => ({ id: `g${round}-${i}`, title: wellFormed(next, 6), body: wellFormed(next, 200) }));
      const bad = Math.floor(next() * count);
      if (round % 2 === 1) plain[bad][next() < 0.5 ? 'title' : 'body'] = illFormed(next, 50);
      const notes = sealBytes(backend, plain, deviceKey);
      const expected = plain.map(perFieldStrings);
      const damaged = Math.floor(count / 2);
      if (count > 2) {
        notes[damaged].title = `${notes[damaged].title[0] === 'A' ? 'B' : 'A'}${notes[damaged].title.slice(1)}`;
        expected[damaged] = { id: notes[damaged].id, error: { name: 'AuthenticationError', message: 'title failed authentication: a wrong key, a tampered note, or a note moved to another id' } };
      }
      if (count > 4) {
        notes[1] = { ...notes[1], body: 42 };
        expected[1] = { id: notes[1].id, error: { name: 'MalformedNoteError', message: 'body is missing or not a string' } };
      }
      const packed = packNotes(notes);
      const opened = backend.openBatch({ ...packed, deviceKey, utf16Lengths: true });
      assert.equal(opened.utf16, undefined);
      // The ill-formed field counts only in a note that opens.
      const wellFormedRound = round % 2 === 0 || Boolean(expected[bad].error);
      if (wellFormedRound) {
        plain.forEach(({ title, body }, i) => {
          if (expected[i].error) return;
          assert.equal(opened.utf16Lengths[2 * i], keepBom.decode(title).length, `round ${round} title ${i}`);
          assert.equal(opened.utf16Lengths[2 * i + 1], keepBom.decode(body).length, `round ${round} body ${i}`);
        });
      } else {
        assert.equal(opened.utf16Lengths, undefined, `round ${round}: field by field`);
      }
      const { value, calls } = countingDecodes(() => unpackOpened(notes, opened, packed.preset));
      assert.deepEqual(value, expected, `round ${round}`);
      if (wellFormedRound) assert.equal(calls, Math.ceil(count / 16), `round ${round}: one decode per 16 notes`);
      // In slices of 3 into a longer list, as openNotes() makes them.
      const sliced = new Array(count + 5);
      for (let from = 0; from < count; from += 3) unpackRange(notes, opened, packed.preset, sliced, from, Math.min(count, from + 3), 5);
      assert.deepEqual(sliced.slice(5), expected, `round ${round} in slices`);
    }
  });
}

test('a code point split across two fields, or any ill-formed field, sends the batch field by field', () => {
  const backend = createWasmNotes(builds.simd);
  const deviceKey = sodium.randombytes_buf(32);
  const enc = new TextEncoder();
  const cases = [
    // "\u20ac" cut after two bytes: one decode of the batch would join it whole again.
    [{ title: new Uint8Array([0x61, 0xe2, 0x82]), body: new Uint8Array([0xac, 0x62]) }],
    // ... across two notes (body of one, title of the next).
    [{ title: enc.encode('t'), body: new Uint8Array([0x62, 0xf0, 0x9f]) }, { title: new Uint8Array([0x94, 0x91]), body: enc.encode('b') }],
    // ... across an empty field and a damaged note in between.
    [{ title: enc.encode('t'), body: new Uint8Array([0xc3]) }, { title: enc.encode('damaged'), body: enc.encode('x') },
      { title: new Uint8Array(0), body: new Uint8Array([0xa9, 0x21]) }],
    ...ILL_FORMED.map((bytes) => [{ title: enc.encode('\u00fcber'), body: new Uint8Array([0x61, ...bytes, 0x62]) }]),
  ];
  cases.forEach((plainCase, c) => {
    const plain = plainCase.map((note, i) => ({ id: `s${c}-${i}`, ...note }));
    const notes = sealBytes(backend, plain, deviceKey);
    const expected = plain.map(perFieldStrings);
    if (c === 2) {
      notes[1].title = notes[0].title;   // moved from another note: fails
      expected[1] = { id: 's2-1', error: { name: 'AuthenticationError', message: 'title failed authentication: a wrong key, a tampered note, or a note moved to another id' } };
    }
    const packed = packNotes(notes);
    const opened = backend.openBatch({ ...packed, deviceKey, utf16: true });
    assert.equal(jointText(opened), null, `case ${c}`);
    assert.deepEqual(unpackOpened(notes, opened, packed.preset), expected, `case ${c}`);
    const lengthsOnly = backend.openBatch({ ...packed, deviceKey, utf16Lengths: true });
    assert.equal(lengthsOnly.utf16Lengths, undefined, `case ${c}: lengths only`);
    assert.deepEqual(unpackOpened(notes, lengthsOnly, packed.preset), expected, `case ${c}: lengths only`);
  });
});

test('invalid UTF-8 plaintext decodes field by field like TextDecoder', () => {
  const deviceKey = sodium.randombytes_buf(32);
  const random = sodium.randombytes_buf(104);
  const note = libsodiumSeal({ id: 'u', title: 'ok', body: 'fine' }, deviceKey, random);
  const noteKey = random.subarray(0, 32);
  const nonce = random.subarray(80, 104);
  const invalid = new Uint8Array([0x61, 0xff, 0x62, 0xc3]);
  const sealed = sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(invalid, sodium.from_string('body:u'), null, nonce, noteKey);
  const withNonce = new Uint8Array(24 + sealed.length);
  withNonce.set(nonce);
  withNonce.set(sealed, 24);
  note.body = sodium.to_base64(withNonce, B64);
  const good = libsodiumSeal({ id: 'v', title: 'after', body: 'still right' }, deviceKey, sodium.randombytes_buf(104));
  const result = open(createWasmNotes(builds.simd), [note, good], deviceKey);
  assert.equal(result[0].body, new TextDecoder().decode(invalid));
  assert.deepEqual(result[1], { id: 'v', title: 'after', body: 'still right' });
});

test('the libsodium fallback gives the same results and errors as the wasm build', async () => {
  const fallback = await createSodiumNotes();
  const { deviceKey, notes } = makeVault(30, 7);
  notes[3].title = notes[3].title.replace(/.$/, '');
  notes[4].body = `A${notes[4].body.slice(1)}`;
  notes[5].key = `${notes[5].key.slice(0, -4)}QR==`;
  const ours = open(createWasmNotes(builds.scalar), notes, deviceKey);
  const theirs = open(fallback, notes, deviceKey);
  assert.deepEqual(theirs, ours);
  const plain = [{ id: 'a', title: 't', body: 'b' }];
  const random = sodium.randombytes_buf(104);
  const packed = packSeal(plain);
  assert.deepEqual(unpackSealed(plain, fallback.sealBatch({ ...packed, deviceKey, random })),
    unpackSealed(plain, createWasmNotes(builds.simd).sealBatch({ ...packed, deviceKey, random })));
});

test('both builds seal every body length 0..1100 exactly as libsodium-wrappers and open it back', () => {
  const deviceKey = sodium.randombytes_buf(32);
  const next = rng(8);
  const plain = Array.from({ length: 1101 }, (_, n) => ({
    id: `len-${n}`,
    title: 'T',
    body: Array.from({ length: n }, () => String.fromCharCode(32 + Math.floor(next() * 95))).join(''),
  }));
  const random = sodium.randombytes_buf(plain.length * 104);
  const expected = plain.map((p, i) => libsodiumSeal(p, deviceKey, random.subarray(i * 104, (i + 1) * 104)));
  for (const wasm of Object.values(builds)) {
    const backend = createWasmNotes(wasm);
    const sealed = unpackSealed(plain, backend.sealBatch({ ...packSeal(plain), deviceKey, random }));
    assert.deepEqual(sealed, expected);
    assert.deepEqual(open(backend, expected, deviceKey), plain);
  }
});
