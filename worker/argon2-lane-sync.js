// The synchronous part of parallel Argon2 lanes, shared by the coordinating
// argon2 worker (worker/argon2-lanes.js) and each lane worker
// (worker/argon2-lane.js): a barrier over a SharedArrayBuffer, the loop that
// fills a thread's lanes slice by slice and the erase of its lanes after. No
// side effect on import.

/** Sense-reversing barrier for `parties` threads over control[0] (count) and control[1] (generation). */
export function barrier(control, parties) {
  const generation = Atomics.load(control, 1);
  if (Atomics.add(control, 0, 1) === parties - 1) {
    Atomics.store(control, 0, 0);
    Atomics.add(control, 1, 1);
    Atomics.notify(control, 1);
  } else {
    while (Atomics.load(control, 1) === generation) Atomics.wait(control, 1, generation);
  }
}

/**
 * Every (pass, slice) for `lanes`, a barrier after each slice. A failure is
 * written to control[2] and the worker keeps meeting the barriers (so no other
 * party waits forever) without computing.
 */
export function fillLanes(exports, { control, t, m, p, lanes, parties, blocks }) {
  for (let pass = 0; pass < t; pass += 1) {
    for (let slice = 0; slice < 4; slice += 1) {
      for (const lane of lanes) {
        if (Atomics.load(control, 2) !== 0) break;
        let code;
        try {
          code = exports.lanes_fill_segment(blocks, t, m, p, pass, slice, lane);
        } catch {
          code = -1;  // a trap: still meet every barrier below
        }
        if (code !== 0) Atomics.compareExchange(control, 2, 0, code);
      }
      barrier(control, parties);
    }
  }
}

/**
 * After the last slice: `lanes` erased but their last blocks (the coordinator
 * makes the tag from those and erases them), every thread its own lanes at
 * once, then one more barrier, after which the memory holds no block. A
 * failure is written to control[2], as in fillLanes.
 */
export function eraseLanes(exports, { control, t, m, p, lanes, parties, blocks }) {
  for (const lane of lanes) {
    let code;
    try {
      code = exports.lanes_erase_lane(blocks, t, m, p, lane);
    } catch {
      code = -1;  // a trap: still meet the barrier below
    }
    if (code !== 0) Atomics.compareExchange(control, 2, 0, code);
  }
  barrier(control, parties);
}
