// argon2id(), pwhashStr(), pwhashVerify(): each runs in an Argon2id worker of
// its own that is terminated when the job ends, so its memory is returned.
// warmArgon2() readies that worker ahead of the job (while a user types).
// Ranges (t, m, p, length, salt) are checked by the kernel, which names the
// parameter; here we check types and make private copies that are transferred
// (the page keeps no copy of what we hash).
import { WorkerClient } from './runtime/client.js';
import { runOnce, takeLingeringWorker, takeStandby } from './runtime/run-once.js';
import { argon2Module } from './modules/argon2.js';
import { ARGON2_DEFAULTS, PWHASH_VERIFY_LIMITS } from '../common/constants.js';
import { buffersOf, byteArray, bytesOf, integer, string } from './arguments.js';
import { paramsOfHashString, readyNextWorker, takeNextWorker } from './argon2-next.js';
import { argon2LingerMs, readiesNextArgon2Worker } from './runtime/platform.js';

// Which build ran the last job, for <vault-unlock>'s `path` (importing it from
// api/index.js brought every module's code into memento-elements/vault-unlock).
export { enginePath } from './runtime/client.js';

const U32 = 0xffffffff;

// What the worker of a job with p lanes is told at its start: the lane workers
// to start while it instantiates. Jobs whose lanes run one after another
// (p = 1, parallel: false, the $argon2id$ strings) say the same, so that they
// all fit one standby worker.
const laneHints = (p, parallel) => (p > 1 && parallel ? { lanes: p, parallel: true } : { lanes: 1, parallel: false });

/**
 * What argon2id() hashes, and how (docs/api.md).
 * @typedef {object} Argon2idParams
 * @property {string | Uint8Array} password a string is hashed as its UTF-8 bytes
 * @property {Uint8Array} salt at least 8 bytes
 * @property {number} [t] passes, at least 1 (default 3)
 * @property {number} [m] memory in KiB, 8p .. 2097152 (default 65536)
 * @property {number} [p] lanes, 1..16 (default 1)
 * @property {number} [length] tag bytes, 16..1024 (default 32)
 * @property {Uint8Array} [secret] an optional key
 * @property {Uint8Array} [ad] optional associated data
 * @property {boolean} [parallel] `false` keeps the lanes sequential on an isolated page (default true)
 */

/**
 * The cost of a pwhashStr() hash.
 * @typedef {object} PwhashParams
 * @property {number} [t] passes (default 3)
 * @property {number} [m] memory in KiB (default 65536)
 * @property {number} [p] lanes (default 1)
 */

/**
 * What warmArgon2() readies: the m and p of the job to come.
 * @typedef {object} WarmArgon2Params
 * @property {number} [m] memory in KiB (default 65536)
 * @property {number} [p] lanes (default 1)
 * @property {boolean} [parallel] as argon2id()'s (default true)
 */

/**
 * A worker readied by warmArgon2(), for one Argon2id job.
 * @typedef {object} Argon2Warm
 * @property {Promise<void>} ready settles once the worker has its memory; never rejects
 * @property {boolean} used true once a job took the worker or it was released
 * @property {() => WorkerClient | undefined} take the worker, once (the API calls it for `options.warm`)
 * @property {() => void} release ends the worker unused
 */

/**
 * The options of argon2id(), pwhashStr() and pwhashVerify().
 * @typedef {object} Argon2Options
 * @property {AbortSignal} [signal] aborting terminates the job's worker
 * @property {(fraction: number) => void} [onProgress] called with 0..1 while the job runs
 * @property {Argon2Warm} [warm] a handle from warmArgon2() readied for this job (same m and p)
 */

/**
 * The options of pwhashVerify(): those of every Argon2id call, and the limits on the hash string's cost.
 * @typedef {Argon2Options & {limits?: {t?: number, m?: number, p?: number}}} PwhashVerifyOptions
 */

/**
 * Readies the worker of a coming Argon2id job: it starts, instantiates and
 * self-tests its module, and takes the memory of an `m` KiB job (touching every
 * page once, which costs ~15-25 % of a 256 MiB hash in a fresh worker), while the
 * page does something else, such as a person typing the password. Give it as
 * `options.warm` to the one argon2id(), pwhashStr() or pwhashVerify() call it
 * was readied for (same m and p): that job starts at once on warm memory, and
 * the worker ends with it as usual. `release()` ends it unused. Holds no secret.
 * `ready` settles once the worker has its memory (it never rejects: a failure
 * shows in the job).
 * @param {WarmArgon2Params} [params]
 * @returns {Argon2Warm}
 */
export function warmArgon2({ m = ARGON2_DEFAULTS.m, p = ARGON2_DEFAULTS.p, parallel = true } = {}) {
  const args = { m: integer(m, 'm', 0, U32), p: integer(p, 'p', 0, U32), parallel: Boolean(parallel) };
  const hints = laneHints(args.p, args.parallel);
  // The module's standby worker when it has these lanes (instantiated, warmed up): only the memory is left to take.
  const client = takeStandby(argon2Module, hints) ?? new WorkerClient(argon2Module, { idleMs: Infinity, hints });
  // A failure here is not reported: the job that takes this worker meets it again and says so.
  // Posted with the worker's init (as every job is): the warm runs as soon as the worker is up, even
  // while this thread is busy (in Node a server's main thread hashing or serving
  // would otherwise hold it back until the next job, which then waited for it).
  const ready = client.call('warm', args, { warmUp: true }).then(() => {}, () => {});
  let used = false;
  return {
    ready,
    get used() { return used; },
    /** The worker for the job (once). */
    take() {
      if (used) return undefined;
      used = true;
      return client;
    },
    release() {
      used = true;
      client.terminate('released');
    },
  };
}

// The readied worker of options.warm, if it is still free; else the worker of the last job of the same shape
// while it lingers (its memory is taken already: a job in a row); else, in Node, the one readied when the last job
// of the same m and p ended; else the standby or a new one (runOnce).
/**
 * @param {Argon2Options} options @param {{m: number, p: number, parallel?: boolean} | undefined} params
 * @param {object} hints @param {string | undefined} reuse
 * @returns {{client?: WorkerClient}}
 */
function jobClient(options, params, hints, reuse) {
  const client = options.warm?.take?.() ?? (reuse && takeLingeringWorker(argon2Module, hints, reuse))
    ?? (params && takeNextWorker(params)?.take());
  return client ? { client } : {};
}

// The standby worker readied after a job (api/runtime/run-once.js) runs the
// warm-up hash of warm() at its smallest memory, so that V8 has optimized the
// block fill before the next job; its heap stays at about 1 MiB. In Node the
// worker of a next job readies that job's memory as well (api/argon2-next.js),
// so it stands in for the standby there. The standby starts after the job,
// not beside it: a hash keeps its core busy to the end, and a page hashes
// once per unlock (bench/ab/calls.mjs under load 30-43: 64 MiB p=1 after
// idle 1.19x the old build with the standby started after the job, 0.92x
// with it started during the job).
const standby = readiesNextArgon2Worker ? false
  : { prime: (client) => client.call('warm', { m: 256, p: 1, parallel: false }, { warmUp: true }).catch(() => {}), afterJob: true };

/**
 * Runs a job of `m` KiB on its own worker; in Node, once it succeeds, readies the worker of a next job like it.
 * The worker lingers argon2LingerMs after the job, and a next job of the same m and lane hints runs on it: its heap
 * still has the job's pages (a fresh worker takes them again: 0.4-3.6 ms per MiB on this host kind, up to more than
 * the hash, bench/calls/fresh-memory.mjs; in Node the readied next worker is still taking them when a call comes at
 * once), and with parallel lanes it kept the job's shared memory and lane workers (worker/argon2-ops.js) for as long.
 */
async function runJob(op, args, options, transfer, params, hints, m) {
  // A verify of a hash string made elsewhere (no params) keeps nothing for a next job, as it readies nothing.
  const reuse = op === 'pwhashVerify' && !params ? undefined : `m=${m}`;
  // In Node the worker lingers only to be reused; on a page also so that its teardown waits (see argon2LingerMs).
  const lingerMs = reuse === undefined && readiesNextArgon2Worker ? 0 : argon2LingerMs;
  const result = await runOnce(argon2Module, op, args, { ...options, transfer },
    { hints, lingerMs, reuse, standby, ...jobClient(options, params, hints, reuse) });
  if (params) readyNextWorker(params, warmArgon2);
  return result;
}

/**
 * RFC 9106 Argon2id v1.3. `password` is a string (its UTF-8 bytes) or Uint8Array.
 * With p > 1 on a crossOriginIsolated page the lanes run in parallel workers
 * (same tag); `parallel: false` keeps them sequential.
 * `options`: {onProgress(fraction), signal, warm (from warmArgon2)}.
 * @param {Argon2idParams} params
 * @param {Argon2Options} [options]
 * @returns {Promise<Uint8Array>} the tag, `length` bytes
 */
export function argon2id({ password, salt, t = ARGON2_DEFAULTS.t, m = ARGON2_DEFAULTS.m, p = ARGON2_DEFAULTS.p,
  length = ARGON2_DEFAULTS.length, secret, ad, parallel = true } = {}, options = {}) {
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
      // The lane workers end as late as the job's worker (runJob).
      ...(argon2LingerMs > 0 ? { lingerMs: argon2LingerMs } : {}),
    };
    return runJob('argon2id', args, options, buffersOf(args.password, args.salt, args.secret, args.ad),
      { m: args.m, p: args.p, parallel: args.parallel }, laneHints(args.p, args.parallel), args.m);
  });
}

/**
 * A libsodium-compatible `$argon2id$v=19$m=..,t=..,p=..$salt$hash` string with a fresh random salt.
 * @param {string | Uint8Array} password a string is hashed as its UTF-8 bytes
 * @param {PwhashParams} [params]
 * @param {Argon2Options} [options]
 * @returns {Promise<string>}
 */
export function pwhashStr(password, { t = ARGON2_DEFAULTS.t, m = ARGON2_DEFAULTS.m, p = ARGON2_DEFAULTS.p } = {}, options = {}) {
  return Promise.resolve().then(() => {
    const args = { password: bytesOf(password, 'password'), t: integer(t, 't', 0, U32), m: integer(m, 'm', 0, U32), p: integer(p, 'p', 0, U32) };
    createdShapes.add(`${args.m}/${args.p}`);
    return runJob('pwhashStr', args, options, buffersOf(args.password), { m: args.m, p: args.p, parallel: false }, laneHints(1, false), args.m);
  });
}

// The m/p of the hashes pwhashStr() made here: pwhashVerify() readies a next
// worker (Node) only for those, never for the cost a string from elsewhere names.
const createdShapes = new Set();
const LIMIT_NAMES = { t: 'passes', m: 'KiB of memory', p: 'lanes' };

/** The hash string's {t, m, p}, checked against the limits (docs/api.md); throws TypeError or RangeError. */
function verifyParams(hash, limits = {}) {
  if (!limits || typeof limits !== 'object') throw new TypeError('options.limits must be an object {t, m, p}');
  const max = {};
  for (const name of ['t', 'm', 'p']) max[name] = integer(limits[name] ?? PWHASH_VERIFY_LIMITS[name], `options.limits.${name}`, 1, U32);
  const params = paramsOfHashString(hash);
  if (!params) throw new TypeError('hash: not an `$argon2id$v=19$m=<m>,t=<t>,p=<p>$<salt>$<hash>` string');
  for (const name of ['t', 'm', 'p']) {
    if (params[name] > max[name]) {
      throw new RangeError(`hash: ${name}=${params[name]} is over the limit of ${max[name]} ${LIMIT_NAMES[name]} `
        + `(options.limits.${name} raises it; the default limits are t ${PWHASH_VERIFY_LIMITS.t}, m ${PWHASH_VERIFY_LIMITS.m}, p ${PWHASH_VERIFY_LIMITS.p})`);
    }
  }
  return params;
}

/**
 * Checks `password` against a `$argon2id$` string, in constant time.
 * Resolves false for a wrong password; rejects with TypeError for a malformed
 * string, and with RangeError, before any worker starts, when the string's t,
 * m or p is over `options.limits` (default PWHASH_VERIFY_LIMITS: t 10, m 524288 KiB, p 4).
 * @param {string} hash a `$argon2id$` string from pwhashStr() (or libsodium)
 * @param {string | Uint8Array} password
 * @param {PwhashVerifyOptions} [options]
 * @returns {Promise<boolean>}
 */
export function pwhashVerify(hash, password, options = {}) {
  return Promise.resolve().then(() => {
    const args = { hash: string(hash, 'hash'), password: bytesOf(password, 'password') };
    const { m, p } = verifyParams(args.hash, options.limits);
    // $argon2id$ strings are hashed with sequential lanes in the main build: a next worker is readied for
    // that, only when pwhashStr() made hashes of this m and p here.
    const next = createdShapes.has(`${m}/${p}`) ? { m, p, parallel: false } : undefined;
    return runJob('pwhashVerify', args, options, buffersOf(args.password), next, laneHints(1, false), m);
  });
}
