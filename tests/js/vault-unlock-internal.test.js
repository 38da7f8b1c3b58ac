// The small pure helpers behind <vault-unlock>: the $argon2id$ string check
// and the strength hint (the salt's strict base64 is in base64.test.js).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sodium from 'libsodium-wrappers-sumo';
import { parseArgon2idString } from '../../components/internal/argon2-string.js';
import { passwordStrength } from '../../components/internal/password-strength.js';

test('an $argon2id$ string from libsodium parses to its parameters', async () => {
  await sodium.ready;
  const hash = sodium.crypto_pwhash_str('x', 2, 1024 * 1024);
  assert.deepEqual(parseArgon2idString(hash), { m: 1024, t: 2, p: 1 });
});

test('malformed or foreign hash strings are refused with a message for a person', () => {
  const good = '$argon2id$v=19$m=65536,t=3,p=1$aKgOUUv0eWUqIQ3cEbUR3g$FmckLipn5dmxcvWtLxlQpWTOIhdjOJOkBg1w+lC8ZqM';
  assert.deepEqual(parseArgon2idString(good), { m: 65536, t: 3, p: 1 });
  const cases = [
    ['', /^hash is missing/],
    [undefined, /^hash is missing/],
    ['$argon2i$v=19$m=65536,t=3,p=1$aKgOUUv0eWUqIQ3cEbUR3g$FmckLipn5dmxcvWtLxlQpWTOIhdjOJOkBg1w+lC8ZqM', /^hash is not an \$argon2id\$ string/],
    ['$2b$10$abcdefghijklmnopqrstuv', /^hash is not an \$argon2id\$ string/],
    [good.replace('v=19', 'v=16'), /version 16/],
    [good.replace('m=65536,t=3', 't=3,m=65536'), /^hash is malformed/],
    [`${good}=`, /^hash is malformed/],
    [`${good} `, /^hash is malformed/],
    [good.replace('$FmckLipn5dmxcvWtLxlQpWTOIhdjOJOkBg1w+lC8ZqM', '$Fmck'), /too short/],
  ];
  for (const [text, message] of cases) {
    assert.throws(() => parseArgon2idString(text), { name: 'TypeError', message }, JSON.stringify(text));
  }
});

test('the strength hint grows with length and variety and sees through common passwords', () => {
  const score = (p) => passwordStrength(p).score;
  assert.equal(score(''), 0);
  assert.equal(score('aaaaaaaaaaaaaaaa'), 0, 'one letter repeated');
  assert.equal(score('password123'), 0, 'a common password');
  assert.ok(score('Tr0ub4dor&3') >= 2);
  assert.equal(score('correct horse battery staple moon'), 4);
  assert.ok(score('nächtlicher Garten 🌿') > score('garten'));
  assert.deepEqual(Object.keys(passwordStrength('x')), ['score', 'label', 'bits']);
});
