// A destroyed index's worker lingers for the next index (api/search.js): a build in a row then finds its code
// optimized and its heap's pages taken. Through the built Node API (dist/node.js), one process for this file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSearchIndex, liveWorkerCount } from '../../dist/node.js';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const indicesOf = async (index, query) => Array.from((await index.search(query)).indices);

test('the next index made while a destroyed one\'s worker lingers is built on that worker, without the old index', async () => {
  const first = await createSearchIndex(['alpha beta', 'gamma']);
  assert.equal(liveWorkerCount(), 1, 'one index, one worker (no standby is readied by a build)');
  first.destroy();
  const second = await createSearchIndex(['delta', 'alpha delta']);
  // Reused: the second index's worker and the standby readied when the first was destroyed. A fresh worker for
  // the second would make three while the first's still lingered.
  assert.equal(liveWorkerCount(), 2, 'the second index runs on the first one\'s worker; one standby');
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
