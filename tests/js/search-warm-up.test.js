// The search worker's warm-up (worker/search-warm-up.js): after an index is
// built it types WARM_UP_WORDS words into it, one per task, and stops at the
// page's first request; the answers the page gets are unchanged.
import { mock, test } from 'node:test';
import assert from 'node:assert/strict';
import { jsSearchBackend, searchOps } from '../../worker/search-ops.js';
import { WARM_UP_WORDS, warmUp } from '../../worker/search-warm-up.js';
import { unwrapTransfer } from '../../common/protocol.js';

const TEXTS = ['Kubernetes cluster notes', 'Café crème', 'Straße und Weg', 'kubernetes', 'the garden'];

// The plain-JS backend with every search counted.
function countingBackend() {
  const counted = { searches: 0 };
  const wrap = (index) => {
    const search = index.search.bind(index);
    index.search = (query) => {
      counted.searches++;
      return search(query);
    };
    return index;
  };
  return {
    counted,
    backend: {
      createIndex: (texts) => wrap(jsSearchBackend.createIndex(texts)),
      createIndexFromFeed: (fed) => wrap(jsSearchBackend.createIndexFromFeed(fed)),
    },
  };
}

const answer = (reply) => {
  const { result } = unwrapTransfer(reply);
  return { indices: Array.from(result.indices), scores: Array.from(result.scores) };
};

// Timers under the test's hand: each tick(1) runs the tasks that were due, so the warm-up goes word by word.
function withTimers(body) {
  return () => {
    mock.timers.enable({ apis: ['setTimeout'] });
    try {
      body();
    } finally {
      mock.timers.reset();
    }
  };
}

test('warmUp() types WARM_UP_WORDS words key by key, one key per task, and stops when the worker is no longer idle', () => {
  const tasks = [];
  const typed = [];
  let idle = true;
  warmUp((query) => typed.push(query), () => idle, (run) => tasks.push(run));
  assert.deepEqual(typed, [], 'nothing in the calling task');
  const perTask = [];
  while (tasks.length) {
    const before = typed.length;
    tasks.shift()();
    perTask.push(typed.length - before);
  }
  assert.ok(perTask.slice(0, -1).every((keys) => keys === 1), `a key per task: ${perTask}`);
  assert.equal(perTask.at(-1), 0, 'the last task only sees that the words are done');
  const words = typed.filter((query) => query.length === 1).length;
  assert.equal(words, WARM_UP_WORDS, 'WARM_UP_WORDS words');
  assert.ok(typed.every((query, i) => query.length === 1 || query === typed[i - 1] + query.at(-1)), 'each typed key by key');
  assert.ok(typed.length >= WARM_UP_WORDS * 3);

  typed.length = 0;
  warmUp((query) => typed.push(query), () => idle, (run) => tasks.push(run));
  tasks.shift()();
  tasks.shift()();
  assert.equal(typed.length, 2);
  idle = false;
  while (tasks.length) tasks.shift()();
  assert.equal(typed.length, 2, 'not a key after the worker stopped being idle');
});

test('the page\'s first request stops the warm-up, even in the task that built the index, and gets the answer it would have got', withTimers(() => {
  const reference = searchOps(jsSearchBackend);
  reference.create({ id: 1, texts: TEXTS });
  const expected = answer(reference.search({ id: 1, query: 'kubernets' }));

  const { counted, backend } = countingBackend();
  const ops = searchOps(backend);
  ops.create({ id: 1, texts: TEXTS });
  assert.deepEqual(answer(ops.search({ id: 1, query: 'kubernets' })), expected);
  assert.equal(counted.searches, 1, 'the request\'s own search');
  mock.timers.tick(10);
  assert.equal(counted.searches, 1, 'no warm-up search after the request');

  // Left alone, the same index is warmed up: the count above is the request's doing.
  ops.create({ id: 2, texts: TEXTS });
  mock.timers.tick(10);
  assert.ok(counted.searches > 1 + WARM_UP_WORDS * 3, `warmed up when left alone: ${counted.searches} searches`);
}));

test('a destroyed index is not warmed up', withTimers(() => {
  const { counted, backend } = countingBackend();
  const ops = searchOps(backend);
  ops.create({ id: 1, texts: TEXTS });
  ops.destroy({ id: 1 });
  for (let task = 0; task < WARM_UP_WORDS; task++) mock.timers.tick(1);
  assert.equal(counted.searches, 0);
}));
