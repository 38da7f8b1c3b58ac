import { test } from 'node:test';
import assert from 'node:assert/strict';
import { runInSlices, yieldToEventLoop } from '../../common/slicer.js';

test('runInSlices visits every index once, in order', async () => {
  const seen = [];
  assert.equal(await runInSlices(1000, (i) => seen.push(i), { budgetMs: 0.01 }), true);
  assert.deepEqual(seen, Array.from({ length: 1000 }, (_, i) => i));
});

test('runInSlices hands control back once a slice has used its budget', async () => {
  let steps = 0;
  const done = runInSlices(200, () => {
    steps++;
    const until = performance.now() + 0.2;
    while (performance.now() < until);
  }, { budgetMs: 2 });
  // The first slice ended after about 2 ms of work and yielded: the rest is still to come.
  assert.ok(steps > 0 && steps < 200, `ran ${steps} steps before yielding`);
  assert.equal(await done, true);
  assert.equal(steps, 200);
});

test('runInSlices stops between steps when aborted', async () => {
  const controller = new AbortController();
  let steps = 0;
  const finished = await runInSlices(100, () => { if (++steps === 10) controller.abort(); }, { signal: controller.signal });
  assert.equal(finished, false);
  assert.equal(steps, 10);
});

test('yieldToEventLoop resolves in order', async () => {
  const order = [];
  await Promise.all([1, 2, 3].map((n) => yieldToEventLoop().then(() => order.push(n))));
  assert.deepEqual(order, [1, 2, 3]);
});
