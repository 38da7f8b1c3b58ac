// A page-wide cap on live workers: phones run out of wasm memory long before
// they run out of threads. A worker takes a slot while alive; when the cap is
// reached an idle worker is asked to stop (a standby first, then the longest
// idle), or the request waits.

import { DEFAULT_WORKER_CAP } from '../../common/constants.js';

let cap = DEFAULT_WORKER_CAP;
const live = new Set();      // clients holding a slot
const waiting = [];          // resolvers waiting for a slot

/** Sets the page-wide maximum number of live workers (at least 1). */
export function setWorkerCap(value) {
  if (!Number.isInteger(value) || value < 1) throw new RangeError('worker cap must be an integer >= 1');
  cap = value;
}

export function liveWorkerCount() {
  return live.size;
}

/** Whether one more worker can start without stopping or waiting for another. */
export function hasFreeSlot() {
  return live.size < cap;
}

// Which idle worker goes first: a standby or a lingering job worker (evictFirst), then the longest idle.
const evictionOrder = (a, b) => Number(b.evictFirst === true) - Number(a.evictFirst === true) || a.lastUsed - b.lastUsed;

/** Waits for a slot for `client`, evicting an idle worker if the page is at the cap. */
export async function acquireSlot(client) {
  while (live.size >= cap) {
    const idle = [...live].filter((c) => c.isIdle()).sort(evictionOrder)[0];
    if (idle) idle.terminate('evicted: page-wide worker cap reached');
    else await new Promise((resolve) => waiting.push(resolve));
  }
  live.add(client);
}

export function releaseSlot(client) {
  if (live.delete(client)) waiting.shift()?.();
}
