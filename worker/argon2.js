// The Argon2id worker: SIMD build, else scalar, else libsodium-wrappers; lanes
// (p > 1) in parallel lane workers where the page is crossOriginIsolated. A
// lane worker runs this same script under the name 'argon2-lane'.
import { serve } from './runtime/host.js';
import { emscriptenBuilds } from './runtime/emscripten-builds.js';
import { serveLane } from './argon2-lane.js';
import { argon2Ops, createWasmArgon2 } from './argon2-ops.js';
import { LANE_WORKER_NAME, laneThreads, parallelLanesAvailable, startLaneWorkers } from './argon2-lanes.js';
import { TouchHelper } from './argon2-touch.js';

if (self.name === LANE_WORKER_NAME) serveLane();
else serve({
  ...emscriptenBuilds(() => import('../build/wasm/out/argon2.simd.mjs'), () => import('../build/wasm/out/argon2.mjs')),
  // The page told us how many lanes the job has: start the lane workers now, so
  // that their start overlaps our own instantiation and self-test; for lanes one
  // after another, the touch helper of a p = 1 job (worker/argon2-touch.js).
  prepare: ({ companions, hints, workerUrl }) => {
    if (!companions.lanes || !parallelLanesAvailable()) return {};
    if (hints.parallel === false) return { toucher: new TouchHelper(workerUrl, LANE_WORKER_NAME) };
    return { laneWorkers: startLaneWorkers(laneThreads(hints.lanes ?? 1) - 1, { laneUrl: workerUrl }) };
  },
  backend: (wasm, env) => createWasmArgon2(wasm, { lanesModule: env.companions.lanes, laneUrl: env.workerUrl,
    laneWorkers: env.prepared.laneWorkers, toucher: env.prepared.toucher }),
  fallback: { path: 'libsodium', load: async ({ files }) => (await import(files.fallback)).createSodiumArgon2() },
  ops: argon2Ops,
});
