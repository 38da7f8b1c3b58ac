// Runs a callback once the thread has nothing else to do: requestIdleCallback
// where there is one, with a timeout so that it also runs on a page that is
// never idle; elsewhere (Node, older Safari) after a timer that does not hold
// Node's event loop open.

/** Calls `run` when idle, or after `timeoutMs` at most; without requestIdleCallback, after `fallbackMs`. */
export function whenIdle(run, { timeoutMs, fallbackMs = 0 }) {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(run, { timeout: timeoutMs });
  else setTimeout(run, fallbackMs).unref?.();
}
