// Reads the parameters of a libsodium `$argon2id$v=19$m=..,t=..,p=..$salt$hash`
// string so the element can refuse a malformed one before starting a worker and
// say what it will cost. The kernel parses it again and stays the authority.

const PATTERN = /^\$argon2id\$v=(\d+)\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/;

/** {m, t, p} of an $argon2id$ string; throws TypeError with a message for a person. */
export function parseArgon2idString(text) {
  if (typeof text !== 'string' || text === '') throw new TypeError('hash is missing: set it to an $argon2id$ string');
  if (!text.startsWith('$argon2id$')) throw new TypeError('hash is not an $argon2id$ string');
  const match = PATTERN.exec(text);
  if (!match) throw new TypeError('hash is malformed: expected $argon2id$v=19$m=..,t=..,p=..$salt$hash');
  const [, v, m, t, p, salt, tag] = match;
  if (v !== '19') throw new TypeError(`hash has Argon2 version ${v}; only v=19 (1.3) is supported`);
  if (salt.length < 11 || tag.length < 22) throw new TypeError('hash is malformed: its salt or tag is too short');
  return { m: Number(m), t: Number(t), p: Number(p) };
}
