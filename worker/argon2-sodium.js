// The last-resort Argon2id backend: libsodium-wrappers-sumo, loaded only when
// neither of our wasm builds passes its self-test. It covers what libsodium
// covers (one lane, no secret, no associated data) and says so otherwise.
import { zeroFreedMemory } from './sodium-zeroing.js';

export async function createSodiumArgon2() {
  const { default: sodium } = await import('libsodium-wrappers-sumo');
  await sodium.ready;
  zeroFreedMemory(sodium);   // the password's copy in libsodium's heap (and the tag's) is zeroed when freed
  const ALG = sodium.crypto_pwhash_ALG_ARGON2ID13;

  function unsupported({ p, secret, ad }) {
    if (p !== 1) throw new RangeError('p (lanes) must be 1 on the libsodium fallback path');
    if (secret?.length) throw new RangeError('secret is not supported on the libsodium fallback path');
    if (ad?.length) throw new RangeError('ad is not supported on the libsodium fallback path');
  }

  return {
    hash(args) {
      unsupported(args);
      const { password, salt, t, m, length } = args;
      if (salt.length !== sodium.crypto_pwhash_SALTBYTES) {
        throw new RangeError(`salt must be ${sodium.crypto_pwhash_SALTBYTES} bytes on the libsodium fallback path`);
      }
      return sodium.crypto_pwhash(length, password, salt, t, m * 1024, ALG);
    },
    hashString(args) {
      unsupported(args);
      return sodium.crypto_pwhash_str(args.password, args.t, args.m * 1024);
    },
    verifyString({ hash, password }) {
      if (!hash.startsWith('$argon2id$')) throw new TypeError('hash: not an $argon2id$ string');
      return sodium.crypto_pwhash_str_verify(hash, password);
    },
  };
}
