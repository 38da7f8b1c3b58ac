// The Argon2id worker: SIMD build, else scalar, else libsodium-wrappers; lanes
// (p > 1) in parallel lane workers where the page is crossOriginIsolated. A
// lane worker runs this same script under the name 'argon2-lane'.
import { serve } from './runtime/host.js';
import { emscriptenBuilds } from './runtime/emscripten-builds.js';
import { serveLane } from './argon2-lane.js';
import { argon2Ops, createWasmArgon2 } from './argon2-ops.js';
import { LANE_WORKER_NAME, laneThreads, parallelLanesAvailable, startLaneWorkers } from './argon2-lanes.js';

if (self.name === LANE_WORKER_NAME) serveLane();
else serve({
  ...emscriptenBuilds(() => import('../build/wasm/out/argon2.simd.mjs'), () => import('../build/wasm/out/argon2.mjs')),
  // The page told us how many lanes the job has: start the lane workers now, so
  // that their start overlaps our own instantiation and self-test.
  prepare: ({ companions, hints, workerUrl }) => (companions.lanes && hints.parallel !== false && parallelLanesAvailable()
    ? startLaneWorkers(laneThreads(hints.lanes ?? 1) - 1, { laneUrl: workerUrl })
    : []),
  backend: (wasm, env) => createWasmArgon2(wasm,
    { lanesModule: env.companions.lanes, laneUrl: env.workerUrl, laneWorkers: env.prepared }),
  fallback: { path: 'libsodium', load: async ({ files }) => (await import(files.fallback)).createSodiumArgon2() },
  ops: argon2Ops,
});
