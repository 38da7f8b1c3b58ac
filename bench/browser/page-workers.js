// The page's side of browserEnv.workerOnPage() (bench/browser/env.js): starts
// the workers a bench contender worker asks for, hands each its port, and ends
// them when asked or when the bench worker is done with.

/**
 * Serves `benchWorker`'s requests for workers; returns a function that ends every one still running.
 * @param {Worker} benchWorker
 */
export function servePageWorkers(benchWorker) {
  const started = new Map();
  benchWorker.addEventListener('message', ({ data }) => {
    if (data?.pageWorker === 'start') {
      const worker = new Worker(data.url, data.options);
      worker.postMessage({ type: 'connect', port: data.port }, [data.port]);
      started.set(data.id, worker);
    } else if (data?.pageWorker === 'end') {
      started.get(data.id)?.terminate();
      started.delete(data.id);
    }
  });
  return () => {
    for (const worker of started.values()) worker.terminate();
    started.clear();
  };
}
