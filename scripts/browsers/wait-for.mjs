// Polling an engine-neutral page (scripts/browsers/<engine>.mjs) for a
// condition: shared by the browser tests' harness and the A/B scripts.

/** Polls `fn(arg)` in the page until it returns a truthy value; returns that value. */
export async function waitFor(page, fn, arg, { timeout = 30000, interval = 25, what = 'condition' } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await page.evaluate(fn, arg);
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeout} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, interval));
  }
}
