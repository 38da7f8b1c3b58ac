// createSearchIndex() and index.search() through the built Node API (dist/node.js):
// the options objects, and the answer's shape.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createSearchIndex } from '../../dist/node.js';

test('index.search(query, {signal}): an aborted search rejects with AbortError, the index stays and answers the next', async () => {
  const index = await createSearchIndex(['quarterly report', 'kubernetes upgrade', 'garden']);
  try {
    const controller = new AbortController();
    controller.abort();
    await assert.rejects(index.search('kubernets', { signal: controller.signal }), { name: 'AbortError' });
    const late = new AbortController();
    const pending = index.search('garden', { signal: late.signal });
    late.abort();
    await assert.rejects(pending, { name: 'AbortError' });
    const answer = await index.search('kubernets');
    assert.deepEqual(Array.from(answer.indices), [1]);
    assert.ok(answer.ms >= answer.searchMs && answer.searchMs >= 0, 'ms is the whole wait, searchMs the worker\'s part');
  } finally {
    index.destroy();
  }
});

test('createSearchIndex(texts, {signal}): aborted before it is built, it rejects and leaves no worker', async () => {
  const controller = new AbortController();
  controller.abort();
  await assert.rejects(createSearchIndex(['a b c'], { signal: controller.signal }), { name: 'AbortError' });
});

test('createSearchIndex(texts): a text that is not a string is named in a TypeError', async () => {
  await assert.rejects(createSearchIndex('notes'), { name: 'TypeError', message: 'texts must be an array of strings' });
  await assert.rejects(createSearchIndex(['a', 'b', 3, 'd']), { name: 'TypeError', message: /^texts\[2\] must be a string, got / });
  await assert.rejects(createSearchIndex(['a', undefined]), { name: 'TypeError', message: /^texts\[1\] must be a string/ });
});
