// A lane worker of parallel Argon2id (worker/argon2-lanes.js starts it): one
// instance of argon2.lanes.wasm on the job's shared memory, filling its lanes
// slice by slice, with a barrier at every slice boundary (RFC 9106 3.4: a
// segment may reference any lane's blocks of earlier slices only).
//
// Message in: {module, memory, control, t, m, p, lanes, parties, stackTop, blocks}
//   module   WebAssembly.Module of argon2.lanes.wasm
//   memory   the shared WebAssembly.Memory
//   control  Int32Array over a SharedArrayBuffer: [arrived, generation, error]
//   lanes    the lane numbers this worker fills; parties: workers in the barrier
// Messages out: {type: 'ready'} once instantiated (before the first barrier),
// then {type: 'done'} or {type: 'failed', message}.

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

const isWorker = typeof WorkerGlobalScope !== 'undefined' && globalThis instanceof WorkerGlobalScope;
if (isWorker || globalThis.__argon2LaneShim) {
  self.onmessage = async ({ data }) => {
    try {
      const instance = await WebAssembly.instantiate(data.module, { env: { memory: data.memory } });
      instance.exports.lanes_set_stack(data.stackTop);
      const control = new Int32Array(data.control);
      self.postMessage({ type: 'ready' });
      fillLanes(instance.exports, { ...data, control });
      self.postMessage({ type: 'done' });
    } catch (error) {
      self.postMessage({ type: 'failed', message: String(error?.message ?? error) });
    }
  };
}
