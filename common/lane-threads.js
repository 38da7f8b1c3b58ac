// How many threads an Argon2id job of p lanes runs on: the page starts that
// many minus one lane workers beside the argon2 worker (api/modules/argon2.js),
// which drives them (worker/argon2-lanes.js).

/** Threads used for p lanes, the argon2 worker's included: one per core, at most one per lane. */
export function laneThreads(p) {
  return Math.max(1, Math.min(p, globalThis.navigator?.hardwareConcurrency || 2));
}

/** The name a lane worker is started under: worker/argon2.js then serves as one. */
export const LANE_WORKER_NAME = 'argon2-lane';
