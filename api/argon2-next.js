// In Node a server hashes one password after another. When a job ends, the
// worker for a next job with the same m and p is readied at once (started,
// self-tested, its memory taken; it holds no secret), as warmArgon2() readies
// one in a page while a person types. A fresh worker per job keeps the rule
// that a job's memory dies with it; the next job just does not wait for the
// start. Unused, the readied worker ends after IDLE_MS.argon2Warm. Pages
// (platform.js) do not do this: they hash once per unlock.
import { readiesNextArgon2Worker } from './runtime/platform.js';
import { forcedPath } from './runtime/client.js';
import { IDLE_MS } from '../common/constants.js';

/** @type {{key: string, warm: import('./argon2.js').Argon2Warm, timer: ReturnType<typeof setTimeout>} | undefined} */
let next;

// Started under the forcePath() of its time: a job after forcePath('scalar') must not run on one readied before.
const keyOf = ({ m, p, parallel = true }) => `${m}/${p}/${parallel}/${forcedPath()}`;

/** The readied worker for a job of these m, p and parallel, if there is one (taken: used once). */
export function takeNextWorker(params) {
  if (!next || next.key !== keyOf(params)) return undefined;
  const { warm, timer } = next;
  next = undefined;
  clearTimeout(timer);
  return warm;
}

/**
 * After a job: readies a worker for another with the same m, p and parallel, replacing any other readied one.
 * @param {{m: number, p: number, parallel?: boolean}} params
 * @param {(params: object) => import('./argon2.js').Argon2Warm} warmArgon2
 */
export function readyNextWorker(params, warmArgon2) {
  if (!readiesNextArgon2Worker) return;
  const key = keyOf(params);
  if (next?.key === key) return;
  releaseNextWorker();
  const warm = warmArgon2(params);
  const timer = setTimeout(() => {
    if (next?.warm === warm) releaseNextWorker();
  }, IDLE_MS.argon2Warm);
  timer.unref?.();   // a readied worker never keeps a Node process alive
  next = { key, warm, timer };
}

/** Ends the readied worker, if any. */
export function releaseNextWorker() {
  if (!next) return;
  clearTimeout(next.timer);
  next.warm.release();
  next = undefined;
}

/** The m, t and p of a `$argon2id$` string, or undefined when it does not say them plainly. */
export function paramsOfHashString(hash) {
  const found = /^\$argon2id\$v=19\$m=(\d{1,10}),t=(\d{1,10}),p=(\d{1,10})\$/.exec(hash);
  return found ? { m: Number(found[1]), t: Number(found[2]), p: Number(found[3]) } : undefined;
}
