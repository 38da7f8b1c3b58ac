// A destroyed index's worker lingers for the next index (api/search.js): a build in a row then finds its code
// optimized and its heap's pages taken. Through the built Node API (dist/node.js), one process for this file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSearchIndex, endStandbys, liveWorkerCount } from '../../dist/node.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const indicesOf = async (index, query) => Array.from((await index.search(query)).indices);

test('the next index made while a destroyed one\'s worker lingers is built on that worker, without the old index', async () => {
  const first = await createSearchIndex(['alpha beta', 'gamma']);
  assert.equal(liveWorkerCount(), 1, 'one index, one worker (no standby is readied by a build)');
  first.destroy();
  const building = createSearchIndex(['delta', 'alpha delta']);
  // Counted in the same task, before the standby readied by destroy() starts (in a later task): a fresh worker
  // for the second index would make two, beside the first one's, still lingering.
  assert.equal(liveWorkerCount(), 1, 'the second index runs on the first one\'s worker');
  const second = await building;
  assert.deepEqual(await indicesOf(second, 'alpha'), [1], 'the second index answers from its own texts only');
  // The destroyed index answers again by rebuilding in a worker of its own, leaving the second index's alone.
  assert.deepEqual(await indicesOf(first, 'gamma'), [1]);
  assert.deepEqual(await indicesOf(second, 'delta'), [0, 1]);
  first.destroy();
  second.destroy();
  await sleep(700);
  assert.equal(liveWorkerCount(), 1, 'past the linger only the standby stays');
});

test('destroy() during a build rejects it with an AbortError, and its worker is not kept for the next index', async () => {
  await sleep(700);
  const live = liveWorkerCount();
  const texts = Array.from({ length: 2000 }, (_, i) => `note ${i} about the garden and the quarterly report`);
  const controller = new AbortController();
  const building = createSearchIndex(texts, { signal: controller.signal });
  controller.abort();
  await assert.rejects(building, { name: 'AbortError' });
  await sleep(700);
  assert.equal(liveWorkerCount(), live, 'the aborted build\'s worker was terminated (a standby replaced the one it took)');
});

test('an index destroyed after endStandbys() (a Lock) leaves no worker: none lingers, no standby is readied', async () => {
  const index = await createSearchIndex(['alpha beta', 'gamma']);
  endStandbys();
  assert.equal(liveWorkerCount(), 1, 'only the index\'s own worker');
  index.destroy();
  assert.equal(liveWorkerCount(), 0, 'its worker went at once');
  await sleep(100);
  assert.equal(liveWorkerCount(), 0, 'and no standby was readied');
});
