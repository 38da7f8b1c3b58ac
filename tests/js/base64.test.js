// common/base64.js, the one JS base64: strict RFC 4648 as the notes format
// defines it (padding required, no whitespace, the bits padding drops zero),
// the same verdict as libsodium's strict decoder on every short text, and the
// same problem codes and messages as the kernel reports.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sodium from 'libsodium-wrappers';
import { BASE64_PROBLEM, base64ByteLength, base64Decode, base64Encode, base64Problem } from '../../common/base64.js';
import { PROBLEM, noteError, statusOf, FIELD } from '../../common/notes-format.js';

await sodium.ready;

test('round-trips every length from 0 to 40 bytes and matches Node', () => {
  for (let n = 0; n <= 40; n++) {
    const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + n) & 255);
    const text = base64Encode(bytes);
    assert.equal(text, Buffer.from(bytes).toString('base64'));
    assert.deepEqual(base64Decode(text), bytes);
    assert.equal(base64ByteLength(text), n);
  }
});

test('refuses a missing padding, spaces, URL-safe letters, stray padding, bad lengths and non-zero dropped bits, naming the value', () => {
  const cases = [
    ['c2FsdA', BASE64_PROBLEM.length], ['QUI', BASE64_PROBLEM.length], ['a', BASE64_PROBLEM.length], ['abcde', BASE64_PROBLEM.length],
    ['c2Fs dA=', BASE64_PROBLEM.character], ['QUJD\n   ', BASE64_PROBLEM.character], ['ab-_', BASE64_PROBLEM.character], ['é===', BASE64_PROBLEM.character],
    ['====', BASE64_PROBLEM.padding], ['ab=c', BASE64_PROBLEM.padding], ['Q===', BASE64_PROBLEM.padding], ['=QUJ', BASE64_PROBLEM.padding],
    ['QR==', BASE64_PROBLEM.nonCanonical], ['QUJ=', BASE64_PROBLEM.nonCanonical],
  ];
  for (const [bad, problem] of cases) {
    assert.equal(base64Problem(bad), problem, JSON.stringify(bad));
    assert.equal(base64ByteLength(bad), -1, JSON.stringify(bad));
    assert.throws(() => base64Decode(bad, 'salt'), { name: 'TypeError', message: /^salt is not valid base64: / }, JSON.stringify(bad));
  }
  assert.throws(() => base64Decode('c2FsdA', 'salt'), { message: 'salt is not valid base64: its length is not a multiple of 4' });
  assert.throws(() => base64Decode(42, 'salt'), { name: 'TypeError', message: /^salt is not valid base64/ });
  assert.equal(base64ByteLength(42), -1);
  assert.equal(base64ByteLength(''), 0);
});

test('accepts exactly what libsodium\'s strict decoder accepts, on every text of up to 4 characters over a mixed alphabet', () => {
  const ORIGINAL = sodium.base64_variants.ORIGINAL;
  const letters = ['A', 'B', 'Q', 'w', '/', '=', ' ', '-'];
  let texts = [''];
  let checked = 0;
  for (let length = 1; length <= 4; length++) {
    texts = texts.flatMap((t) => letters.map((c) => t + c));
    for (const text of texts) {
      let theirs;
      try { theirs = sodium.from_base64(text, ORIGINAL); } catch { theirs = null; }
      const ours = base64Problem(text) === 0;
      assert.equal(ours, theirs !== null, JSON.stringify(text));
      if (ours) assert.deepEqual(base64Decode(text), theirs, JSON.stringify(text));
      checked++;
    }
  }
  assert.ok(checked > 4000);
});

test('the notes format reports its base64 problems with these codes and messages', () => {
  assert.deepEqual([PROBLEM.base64Length, PROBLEM.base64Character, PROBLEM.base64Padding, PROBLEM.base64NonCanonical],
    [BASE64_PROBLEM.length, BASE64_PROBLEM.character, BASE64_PROBLEM.padding, BASE64_PROBLEM.nonCanonical]);
  assert.deepEqual(noteError(statusOf(FIELD.title, base64Problem('QR=='))),
    { name: 'MalformedNoteError', message: 'title is not valid base64: the bits its padding drops are not zero' });
});
