// A job in a worker of its own, and the standby worker that makes the next
// such job start at once.
//
// runOnce(): wasm memory never shrinks, and a dead worker gives all of it
// back, so the worker that ran a job is terminated when the job ends (a 256
// MiB hash, a 320 MiB texture). What a fresh worker costs the caller besides
// the kernel (starting the thread, instantiating and self-testing the module:
// 30-90 ms in Chromium) is paid ahead instead: while a job runs, one standby
// worker of that module is started in idle time, holding the instantiated
// module and nothing of the job (its heap as it starts, 1 MiB), and the next
// job of the module runs on it. One standby per module, evicted first by the
// page-wide cap and never started past it, ended after IDLE_MS.standby unused,
// and never holding Node's event loop.
import { whenIdle } from '../../common/when-idle.js';
import { WorkerClient, forcedPath } from './client.js';
import { hasFreeSlot } from './pool.js';
import { IDLE_MS } from '../../common/constants.js';

/** @type {Map<string, {client: WorkerClient, key: string}>} module name -> its standby worker */
const standbys = new Map();
// Bumped by endStandbys(): a job that was running then readies no standby when it ends (a popup's Lock must
// leave no worker behind, not even one readied a moment later for the unlock that just finished).
let epoch = 0;

/**
 * The worker of a module's last job while it lingers (runOnce's lingerMs), for a next job of the same shape: its
 * heap still has the pages the job took (freed and erased, not returned), so a job in a row takes no fresh memory,
 * which costs as much as the kernel on some hosts (bench/calls: 10 us per 4 KiB page on a Firecracker VM, a 64 MiB
 * hash's 137 ms plus 170 ms). It holds no secret, and goes when lingerMs ends, as before.
 * @type {Map<string, {client: WorkerClient, key: string, timer: ReturnType<typeof setTimeout>}>}
 */
const lingering = new Map();

// A standby fits a job with the same hints, started under the same forcePath().
const keyOf = (hints) => JSON.stringify({ hints: hints ?? {}, force: forcedPath() });

/**
 * The module's standby worker, if one was started with these hints and still lives (taken: it is the caller's now).
 * @param {object} module a module's files (api/modules/<name>.js)
 * @param {object} [hints]
 * @returns {WorkerClient | undefined}
 */
export function takeStandby(module, hints) {
  const entry = standbys.get(module.name);
  if (!entry || !entry.client.alive || entry.key !== keyOf(hints)) return undefined;
  standbys.delete(module.name);
  entry.client.idleMs = Infinity;   // the taker's now: it ends the worker
  entry.client.evictFirst = false;
  entry.client.standby = false;
  return entry.client;
}

/**
 * The worker of the module's last job if it still lingers and its job had these hints and reuse key (taken: the
 * caller's now, to pass to runOnce() as `client`). runOnce() looks for one itself; a caller with other workers to
 * choose from (one readied ahead) asks first.
 * @param {object} module
 * @param {object | undefined} hints
 * @param {string} reuse
 * @returns {WorkerClient | undefined}
 */
export function takeLingeringWorker(module, hints, reuse) {
  return takeLingering(module, `${keyOf(hints)} ${reuse}`);
}

function takeLingering(module, key) {
  const entry = lingering.get(module.name);
  if (!entry || entry.key !== key || !entry.client.alive) return undefined;
  lingering.delete(module.name);
  clearTimeout(entry.timer);
  entry.client.evictFirst = false;
  return entry.client;
}

// Keeps a finished job's worker for lingerMs, where a next job of `key` may take it; then terminates it.
function linger(module, client, key, lingerMs) {
  client.evictFirst = true;   // the first an eviction takes (pool.js) while it lingers
  const end = () => {
    if (lingering.get(module.name)?.client === client) lingering.delete(module.name);
    client.terminate('finished');
  };
  const timer = setTimeout(end, lingerMs);
  timer.unref?.();
  if (key === undefined) return;
  const previous = lingering.get(module.name);
  if (previous) {
    clearTimeout(previous.timer);
    previous.client.terminate('finished');
  }
  lingering.set(module.name, { client, key, timer });
}

/**
 * Keeps `client`, a worker whose job is over, for `lingerMs` where a next job of the same `hints` and `reuse` key
 * takes it (takeLingeringWorker), then terminates it; a worker lingering for the module before goes now. After
 * endStandbys() was called since `startedIn` (an epoch from standbyEpoch()) it is terminated at once.
 * @param {object} module
 * @param {WorkerClient} client
 * @param {{hints?: object, reuse: string, lingerMs: number, startedIn?: number}} options
 */
export function lingerForReuse(module, client, { hints, reuse, lingerMs, startedIn = epoch }) {
  if (epoch !== startedIn) client.terminate('finished');
  else if (client.alive) linger(module, client, `${keyOf(hints)} ${reuse}`, lingerMs);
}

/**
 * Starts a standby worker of `module` (with `hints`), unless one like it lives or the page-wide cap has no free
 * slot; a standby with other hints is replaced. `prime(client)` may send it a job that readies it further (the
 * argon2 worker's warm-up hash), which must leave no job-sized heap.
 * @param {object} module
 * @param {{hints?: object, prime?: (client: WorkerClient) => void}} [options]
 */
export function readyStandby(module, { hints, prime } = {}) {
  const key = keyOf(hints);
  const current = standbys.get(module.name);
  if (current?.client.alive && current.key === key) return;
  current?.client.terminate('replaced by a standby for other hints');
  standbys.delete(module.name);
  if (!hasFreeSlot()) return;
  const client = new WorkerClient(module, { idleMs: IDLE_MS.standby, hints, standby: true });
  standbys.set(module.name, { client, key });
  client.start().catch(() => { if (standbys.get(module.name)?.client === client) standbys.delete(module.name); });
  prime?.(client);
}

/**
 * What the module's standby worker is doing: its state ('starting', 'ready'; 'busy' while primed) and its wasm
 * heap in bytes; undefined when there is none. For diagnostics and tests.
 * @param {string} name a module: 'argon2', 'notes', 'texture', ...
 * @returns {{state: import('./client.js').WorkerState, heapBytes: number} | undefined}
 */
export function standbyWorker(name) {
  const client = standbys.get(name)?.client;
  return client?.alive ? { state: client.state, heapBytes: client.heapBytes } : undefined;
}

/** Ends every standby worker and every finished job's worker still lingering (a page that wants its threads back: a popup's Lock; tests). */
export function endStandbys() {
  epoch++;
  for (const { client } of standbys.values()) client.terminate('standby ended');
  standbys.clear();
  for (const { client, timer } of lingering.values()) {
    clearTimeout(timer);
    client.terminate('standby ended');
  }
  lingering.clear();
}

/**
 * Readies a standby of `module` once the page is idle, unless endStandbys() was called after `startedIn`
 * (an epoch from standbyEpoch()).
 * @param {object} module
 * @param {{hints?: object, prime?: (client: WorkerClient) => void}} [options]
 * @param {number} [startedIn]
 */
export function readyStandbyWhenIdle(module, options, startedIn = epoch) {
  afterResult(() => { if (epoch === startedIn) readyStandby(module, options); });
}

/** The current standby epoch: pass it to readyStandbyWhenIdle() from a job that began now. */
export const standbyEpoch = () => epoch;

// After the caller has had its result: a posted message runs after the task
// that handed it over; requestIdleCallback, where there is one, waits for the
// page to be idle (at most 100 ms).
const afterResult = (run) => whenIdle(run, { timeoutMs: 100 });

/**
 * Runs one job in a worker of its own that is terminated when the job ends: the module's standby worker when one
 * is ready, else a fresh one; once the job is over a new standby is readied in idle time.
 * `client`: a worker already started for this job (e.g. readied ahead); it ends with the job too.
 * `lingerMs`: after a job that succeeded, the worker is terminated this much later rather than at once
 * (its teardown then does not compete with what the caller does with the result); 0: at once.
 * `reuse`: with lingerMs, a key of the job's shape (e.g. its memory): a next job with the same key and hints, made
 * while this worker lingers, runs on it (no fresh memory, no start) instead of the standby.
 * `standby`: false runs the job on a fresh worker and readies no standby; `prime` as readyStandby()'s; `afterJob`
 * readies it once the job is over rather than while it runs (a job that keeps every core busy to its end).
 * @param {object} module a module's files (api/modules/<name>.js)
 * @param {string} op
 * @param {object} args
 * @param {import('./client.js').CallOptions} [callOptions]
 * @param {{hints?: object, client?: WorkerClient, lingerMs?: number, reuse?: string,
 *   standby?: false | {prime?: (client: WorkerClient) => void, afterJob?: boolean}}} [worker]
 * @returns {Promise<any>} the op's result
 */
export async function runOnce(module, op, args, callOptions, { hints, client, lingerMs = 0, reuse, standby = {} } = {}) {
  const reuseKey = reuse === undefined ? undefined : `${keyOf(hints)} ${reuse}`;
  const jobClient = client ?? (reuseKey ? takeLingering(module, reuseKey) : undefined)
    ?? (standby ? takeStandby(module, hints) : undefined)
    ?? new WorkerClient(module, { idleMs: Infinity, hints });
  const startedIn = epoch;
  const ready = () => readyStandbyWhenIdle(module, { hints, prime: standby.prime }, startedIn);
  // The next job's standby starts while this one runs, once its worker is up (not beside its start, which it
  // would slow) and the page is idle: calls in a row then find it up. With `afterJob`, once the job is over.
  const settled = jobClient.call(op, args, callOptions);
  if (standby && standby.afterJob) settled.then(ready, ready);
  else if (standby) jobClient.start().then(ready, () => {});
  let result;
  try {
    result = await settled;
  } catch (error) {
    jobClient.terminate('finished');
    throw error;
  }
  // After endStandbys() (a Lock) nothing lingers for a next job.
  if (lingerMs > 0) linger(module, jobClient, epoch === startedIn ? reuseKey : undefined, lingerMs);
  else jobClient.terminate('finished');
  return result;
}
