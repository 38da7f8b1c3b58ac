import { test } from 'node:test';
import assert from 'node:assert/strict';
import { byteArray, bytesOf, choiceAttribute, integer, integerAttribute, oneOf } from '../../api/arguments.js';

test('a text password becomes its exact UTF-8 bytes, with no normalisation', () => {
  const composed = bytesOf('caf\u00e9', 'password');
  const decomposed = bytesOf('cafe\u0301', 'password');
  assert.deepEqual([...composed], [0x63, 0x61, 0x66, 0xc3, 0xa9]);
  assert.deepEqual([...decomposed], [0x63, 0x61, 0x66, 0x65, 0xcc, 0x81]);
  assert.deepEqual([...bytesOf('a\u0000b', 'password')], [0x61, 0x00, 0x62]);
  assert.deepEqual([...bytesOf('\u{1f510}', 'password')], [0xf0, 0x9f, 0x94, 0x90]);
});

test('byte arguments are private copies', () => {
  const salt = new Uint8Array(16).fill(7);
  const copy = byteArray(salt, 'salt');
  copy.fill(0);
  assert.equal(salt[0], 7);
});

test('bad arguments are refused with errors that name them', () => {
  assert.throws(() => bytesOf(42, 'password'), { name: 'TypeError', message: /^password/ });
  assert.throws(() => byteArray('salt', 'salt'), { name: 'TypeError', message: /^salt/ });
  assert.throws(() => byteArray(new Uint8Array(3), 'deviceKey', { length: 32 }), { name: 'RangeError', message: /^deviceKey must be 32 bytes/ });
  assert.throws(() => integer(1.5, 't', 1), { name: 'TypeError', message: /^t must be an integer/ });
  assert.throws(() => integer(-1, 'm', 0), { name: 'RangeError', message: /^m must be between/ });
  assert.throws(() => oneOf(1, 'kind', ['a', 'b']), { name: 'TypeError', message: /^kind must be one of a, b, got number/ });
  assert.throws(() => oneOf('c', 'kind', ['a', 'b']), { name: 'RangeError', message: /^kind must be one of a, b, got "c"/ });
  assert.equal(oneOf('b', 'kind', ['a', 'b']), 'b');
});

test('attribute texts are read by the same rules as arguments, and an absent attribute gives the default', () => {
  assert.equal(integerAttribute('512', 'size', 1, 4096, 256), 512);
  assert.equal(integerAttribute(' 7 ', 'size', 1, 4096, 256), 7);
  assert.equal(integerAttribute(null, 'size', 1, 4096, 256), 256);
  assert.throws(() => integerAttribute('5.5', 'size', 1, 4096), { name: 'TypeError', message: /^size must be an integer between 1 and 4096, got "5.5"$/ });
  assert.throws(() => integerAttribute('', 'size', 1, 4096), { name: 'TypeError', message: /^size must be an integer/ });
  assert.throws(() => integerAttribute('5000', 'size', 1, 4096), { name: 'RangeError', message: /^size must be between 1 and 4096, got 5000$/ });
  assert.throws(() => integerAttribute('-1', 'radius', 0, 255), { name: 'RangeError', message: /^radius must be between 0 and 255/ });
  assert.equal(choiceAttribute(null, 'map', ['albedo', 'orm'], 'albedo'), 'albedo');
  assert.equal(choiceAttribute('orm', 'map', ['albedo', 'orm'], 'albedo'), 'orm');
  assert.throws(() => choiceAttribute('height', 'map', ['albedo', 'orm']), { name: 'RangeError', message: /^map must be one of albedo, orm, got "height"$/ });
});
