// How the demo's benchmark times our side, on the page (demo/bench.js) and in
// its kernels' worker (demo/bench-ours.js); the peers' classic worker
// (demo/bench-peers.js) times the same way with a copy it can load.

/** Lowercase hex of bytes: the outputs compared between contenders. */
export const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

// Each timed run repeats the job until MIN_MS have passed and keeps the mean:
// outside cross-origin isolation some browsers coarsen performance.now() to 1 ms.
const MIN_MS = 10;

/** One untimed run (its output is what is compared), then `runs` timed ones: {output, times}. */
export async function timeRuns(run, runs) {
  const output = await run();
  const times = [];
  for (let r = 0; r < runs; r++) {
    const start = performance.now();
    let n = 0;
    do { await run(); n++; } while (performance.now() - start < MIN_MS);
    times.push((performance.now() - start) / n);
  }
  return { output, times };
}
