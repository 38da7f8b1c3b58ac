// A lane worker of parallel Argon2id (worker/argon2-lanes.js starts it: the
// argon2 worker's own script, named 'argon2-lane', so that no second script
// has to be found, emitted or allowed by a CSP): one instance of
// argon2.lanes.wasm on the job's shared memory, taking segments from the job's
// queue of tasks (worker/argon2-lane-sync.js) until none is left.
//
// Message out at once: {type: 'started'} (the job waits for no more than that).
// Message in: {module, memory, control, t, m, p, blocks, stackTop}
//   module   WebAssembly.Module of argon2.lanes.wasm
//   memory   the shared WebAssembly.Memory
//   control  the tasks' SharedArrayBuffer: [next, done, error]
//   stackTop this worker's stack in the shared memory
// A failure is written to control[2], which fails the job.

import { LANE_NOT_INSTANTIATED, TASK_ERROR, fillTasks } from './argon2-lane-sync.js';

/** Makes this worker a lane worker. */
export function serveLane() {
  self.onmessage = async ({ data }) => {
    const control = new Int32Array(data.control);
    let exports;
    try {
      exports = (await WebAssembly.instantiate(data.module, { env: { memory: data.memory } })).exports;
      exports.lanes_set_stack(data.stackTop);
    } catch {
      Atomics.compareExchange(control, TASK_ERROR, 0, LANE_NOT_INSTANTIATED);
      return;
    }
    fillTasks(exports, { ...data, control });
  };
  self.postMessage({ type: 'started' });
}
