import { test } from 'node:test';
import assert from 'node:assert/strict';
import { deserializeError, serializeError, unwrapTransfer, withTransfer } from '../../common/protocol.js';
import { namedError } from '../../common/errors.js';

test('a RangeError crosses the protocol as a RangeError with its message', () => {
  const back = deserializeError(serializeError(new RangeError('t (iterations) must be at least 1')));
  assert.ok(back instanceof RangeError);
  assert.equal(back.message, 't (iterations) must be at least 1');
});

test('a named error keeps its stable name across the protocol', () => {
  const back = deserializeError(serializeError(namedError('AuthenticationError', 'tag mismatch')));
  assert.equal(back.name, 'AuthenticationError');
  assert.ok(back instanceof Error);
  assert.equal(back.message, 'tag mismatch');
});

test('a thrown non-error becomes an Error with its text', () => {
  assert.deepEqual(serializeError('boom'), { name: 'Error', message: 'boom' });
});

test('withTransfer splits result and transfer list; plain values have none', () => {
  const bytes = new Uint8Array(4);
  assert.deepEqual(unwrapTransfer(withTransfer(bytes, [bytes.buffer])), { result: bytes, transfer: [bytes.buffer] });
  assert.deepEqual(unwrapTransfer(42), { result: 42, transfer: [] });
});
