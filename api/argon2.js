// argon2id(), pwhashStr(), pwhashVerify(): each runs in an Argon2id worker of
// its own that is terminated when the job ends, so its memory is returned.
// Ranges (t, m, p, length, salt) are checked by the kernel, which names the
// parameter; here we check types and make private copies that are transferred
// (the page keeps no copy of what we hash).
import { runOnce } from '../worker/runtime/client.js';
import { buffersOf, byteArray, bytesOf, integer, string } from './arguments.js';

const U32 = 0xffffffff;

/**
 * RFC 9106 Argon2id v1.3. `password` is a string (its UTF-8 bytes) or Uint8Array.
 * With p > 1 on a crossOriginIsolated page the lanes run in parallel workers
 * (same tag); `parallel: false` keeps them sequential.
 * `options`: {onProgress(fraction), signal}.
 * @returns {Promise<Uint8Array>} the tag, `length` bytes
 */
export function argon2id({ password, salt, t = 3, m = 65536, p = 1, length = 32, secret, ad, parallel = true } = {}, options = {}) {
  return Promise.resolve().then(() => {
    const args = {
      password: bytesOf(password, 'password'),
      salt: byteArray(salt, 'salt'),
      t: integer(t, 't', 0, U32),
      m: integer(m, 'm', 0, U32),
      p: integer(p, 'p', 0, U32),
      length: integer(length, 'length', 0, U32),
      secret: byteArray(secret, 'secret', { optional: true }),
      ad: byteArray(ad, 'ad', { optional: true }),
      parallel: Boolean(parallel),
    };
    return runOnce('argon2', 'argon2id', args, { ...options, transfer: buffersOf(args.password, args.salt, args.secret, args.ad) },
      { hints: { lanes: args.p, parallel: args.parallel } });
  });
}

/**
 * A libsodium-compatible `$argon2id$v=19$m=..,t=..,p=..$salt$hash` string with a fresh random salt.
 * @returns {Promise<string>}
 */
export function pwhashStr(password, { t = 3, m = 65536, p = 1 } = {}, options = {}) {
  return Promise.resolve().then(() => {
    const args = { password: bytesOf(password, 'password'), t: integer(t, 't', 0, U32), m: integer(m, 'm', 0, U32), p: integer(p, 'p', 0, U32) };
    return runOnce('argon2', 'pwhashStr', args, { ...options, transfer: buffersOf(args.password) });
  });
}

/**
 * Checks `password` against a `$argon2id$` string, in constant time.
 * Resolves false for a wrong password; rejects with TypeError for a malformed string.
 * @returns {Promise<boolean>}
 */
export function pwhashVerify(hash, password, options = {}) {
  return Promise.resolve().then(() => {
    const args = { hash: string(hash, 'hash'), password: bytesOf(password, 'password') };
    return runOnce('argon2', 'pwhashVerify', args, { ...options, transfer: buffersOf(args.password) });
  });
}
