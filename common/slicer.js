// Main-thread work in slices of a few milliseconds. Between slices we yield with
// a MessageChannel post: setTimeout clamps to 4 ms after nesting and
// scheduler.yield() lets Chromium skip frames, a posted message does neither.

let channel;
const resolvers = [];

/** Resolves on the next macrotask, after the browser had a chance to paint. */
export function yieldToEventLoop() {
  if (!channel) {
    channel = new MessageChannel();
    channel.port1.onmessage = () => {
      resolvers.shift()?.();
      // Outside a page (Node tests) an idle open port would keep the process alive.
      if (resolvers.length === 0) channel.port1.unref?.();
    };
  }
  return new Promise((resolve) => {
    resolvers.push(resolve);
    channel.port1.ref?.();
    channel.port2.postMessage(null);
  });
}

/**
 * Calls `step(i)` for i = 0..count-1, yielding whenever a slice has used
 * `budgetMs`. `signal` stops between steps (the work done so far stays done).
 */
export async function runInSlices(count, step, { budgetMs = 4, signal } = {}) {
  let sliceStart = performance.now();
  for (let i = 0; i < count; i++) {
    if (signal?.aborted) return false;
    step(i);
    if (performance.now() - sliceStart >= budgetMs) {
      await yieldToEventLoop();
      sliceStart = performance.now();
    }
  }
  return true;
}
