// The synchronous part of parallel Argon2 lanes, shared by the coordinating
// argon2 worker (worker/argon2-lanes.js) and each lane worker
// (worker/argon2-lane.js): the segments of a job as one queue of tasks over a
// SharedArrayBuffer. No side effect on import.
//
// Task k is segment (pass, slice, lane) = (k / 4p, k / p % 4, k % p): the
// segments in the order sequential lanes fill them. Every thread takes the
// next task with one Atomics.add, waits until every segment of the slices
// before its own is done (RFC 9106 3.4: a segment references blocks of earlier
// slices only, or its own lane's; and it overwrites blocks that the slice
// before it may still read), fills it, and counts it done. So a slice takes
// as long as its segments spread over the threads that are running: a thread
// that has no core for a while (a busy machine), or a lane worker still
// starting, holds back at most the one segment it took, where a barrier per
// slice held back every thread at every slice.

export const TASK_NEXT = 0;   // control[0]: the next task to take
export const TASK_DONE = 1;   // control[1]: tasks filled (or skipped after an error)
export const TASK_ERROR = 2;  // control[2]: the first failure's status, 0 while none
export const LANE_TRAPPED = -1;           // a segment trapped
export const LANE_NOT_INSTANTIATED = -2;  // a lane worker could not instantiate the module

/** A fresh control block for one job: [next, done, error]. */
export function taskControl() {
  return new Int32Array(new SharedArrayBuffer(3 * 4));
}

/** Blocks until at least `count` tasks are done (done only grows; notified at every slice's end). */
export function waitDone(control, count) {
  for (let done = Atomics.load(control, TASK_DONE); done < count; done = Atomics.load(control, TASK_DONE)) {
    Atomics.wait(control, TASK_DONE, done);
  }
}

/**
 * Takes and fills tasks until none is left; returns how many this thread
 * filled. A failure is written to control[2]; the tasks after it are counted
 * done without computing, so that no thread waits forever.
 */
export function fillTasks(exports, { control, t, m, p, blocks }) {
  const total = t * 4 * p;
  let filled = 0;
  for (let task = Atomics.add(control, TASK_NEXT, 1); task < total; task = Atomics.add(control, TASK_NEXT, 1)) {
    const lane = task % p;
    const sliceStart = task - lane;
    waitDone(control, sliceStart);
    if (Atomics.load(control, TASK_ERROR) === 0) {
      let code;
      try {
        code = exports.lanes_fill_segment(blocks, t, m, p, Math.floor(task / (4 * p)), Math.floor(task / p) % 4, lane);
      } catch {
        code = LANE_TRAPPED;
      }
      if (code !== 0) Atomics.compareExchange(control, TASK_ERROR, 0, code);
      filled += 1;
    }
    // The last segment of a slice wakes the threads waiting for it.
    if (Atomics.add(control, TASK_DONE, 1) + 1 === sliceStart + p) Atomics.notify(control, TASK_DONE);
  }
  return filled;
}
