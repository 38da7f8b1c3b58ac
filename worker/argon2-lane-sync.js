// The synchronous part of parallel Argon2 lanes, shared by the coordinating
// argon2 worker (worker/argon2-lanes.js) and each lane worker
// (worker/argon2-lane.js): a barrier over a SharedArrayBuffer, the loop that
// fills the lanes of every slice and the erase of the lanes after. No side
// effect on import.
//
// The lanes of a slice are not dealt out ahead: each thread takes the next
// unfilled one (Atomics.add on a shared counter) until none is left, then
// waits at the barrier. In the popup at load 6-7 the argon2 worker's thread
// ran up to 2.5x slower than the lane worker's for a whole job (the lane
// worker waited 12-48 ms at each of the 12 barriers, 365 of 605 ms); with
// lanes taken as threads come free, the faster thread fills 3 of a slice's 4.

/** Int32 words of a job's control buffer: [arrived, generation, error (a status, -1 trap, LANE_LOST), next lane of the slice]. */
export const CONTROL_WORDS = 4;

/** control[2] when a party has left the job (its worker failed, or a barrier waited too long): every party stops. */
export const LANE_LOST = -2;

// How long a party waits at a barrier without any other party arriving before
// it gives the job up. A segment of the largest job (4 GiB over 2 lanes:
// 512 Ki blocks) takes about a second here; a minute means a party is gone
// (a lane worker that died after its 'ready' would otherwise leave the others
// blocked in Atomics.wait for ever, with no event loop to tell them).
export const STALL_MS = 60_000;
const POLL_MS = 250;

/** Marks the job lost and wakes every party waiting at a barrier (a status recorded before gives way: no party is left to finish). */
export function abandon(control) {
  Atomics.store(control, 2, LANE_LOST);
  Atomics.notify(control, 1);
}

/**
 * Sense-reversing barrier for `parties` threads over control[0] (count) and
 * control[1] (generation). The last to arrive also resets control[3]: every
 * party has stopped taking lanes of the slice that ends here. Throws when the
 * job is lost (LANE_LOST), or after `stallMs` without a party arriving.
 */
export function barrier(control, parties, stallMs = STALL_MS) {
  const generation = Atomics.load(control, 1);
  if (Atomics.add(control, 0, 1) === parties - 1) {
    Atomics.store(control, 0, 0);
    Atomics.store(control, 3, 0);
    Atomics.add(control, 1, 1);
    Atomics.notify(control, 1);
    return;
  }
  let arrived = Atomics.load(control, 0);
  let since = performance.now();
  while (Atomics.load(control, 1) === generation) {
    if (Atomics.load(control, 2) === LANE_LOST) throw lostError();
    Atomics.wait(control, 1, generation, Math.min(POLL_MS, stallMs));
    const now = performance.now();
    const count = Atomics.load(control, 0);
    if (count !== arrived) {
      arrived = count;
      since = now;
    } else if (now - since >= stallMs && Atomics.load(control, 1) === generation) {
      abandon(control);
      throw lostError();
    }
  }
}

function lostError() {
  return new Error('argon2 lanes: a lane worker stopped (the job was given up)');
}

// Calls step(lane) for every lane of the current slice that this thread takes,
// recording a failure (a status code, or -1 for a trap) in control[2]; after a
// failure the lanes are still taken, not computed, so every party reaches the
// barrier.
function eachTakenLane(control, p, step) {
  for (let lane = Atomics.add(control, 3, 1); lane < p; lane = Atomics.add(control, 3, 1)) {
    if (Atomics.load(control, 2) !== 0) continue;  // a failed job still deals its lanes out, uncomputed
    let code;
    try {
      code = step(lane);
    } catch {
      code = -1;
    }
    if (code !== 0) Atomics.compareExchange(control, 2, 0, code);
  }
}

/** Every (pass, slice): the lanes this thread takes, then a barrier, then `afterSlice(pass, slice)` if given. */
export function fillLanes(exports, { control, t, m, p, parties, blocks, stallMs }, afterSlice) {
  for (let pass = 0; pass < t; pass += 1) {
    for (let slice = 0; slice < 4; slice += 1) {
      eachTakenLane(control, p, (lane) => exports.lanes_fill_segment(blocks, t, m, p, pass, slice, lane));
      barrier(control, parties, stallMs);
      afterSlice?.(pass, slice);
    }
  }
}

/**
 * After the last slice: the lanes this thread takes erased but their last
 * blocks (the coordinator makes the tag from those and erases them), then one
 * more barrier, after which the memory holds no block.
 */
export function eraseLanes(exports, { control, t, m, p, parties, blocks, stallMs }) {
  eachTakenLane(control, p, (lane) => exports.lanes_erase_lane(blocks, t, m, p, lane));
  barrier(control, parties, stallMs);
}
