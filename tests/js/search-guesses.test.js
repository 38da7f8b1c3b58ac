// The answers to the likely next keys (api/search-guesses.js, the search
// worker's `guess` op): each guessed answer equals what the worker's search
// gives for that query, field for field, on both backends, with and without
// highlights; through the Node API (dist/node.js), random typing with
// guessNext answers guessed keys in the task that asked and every key with the
// answer a plain index gives, and a change to the index drops the guesses.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { jsSearchBackend, searchOps, wasmSearchBackend } from '../../worker/search-ops.js';
import { unwrapTransfer } from '../../common/protocol.js';
import { GUESSED_CHARS, GUESS_LIMIT } from '../../api/search-guesses.js';
import { searchCorpus } from '../../fixtures/search-corpus.js';
import { seededRandom } from '../../fixtures/seeded-random.mjs';
import { createSearchIndex } from '../../dist/node.js';
import { loadWasm } from './wasm-node.js';

const searchWasm = await loadWasm('search', true);

test('each guessed answer equals the search of that query, field for field (wasm and JS, with and without highlights)', () => {
  const texts = searchCorpus({ count: 800 }).map((body, i) => `Note ${i}\n${body}`);
  const random = seededRandom(5);
  const words = texts.slice(0, 100).join(' ').split(/\s+/).filter((w) => w.length > 3);
  const bases = ['', 'q', 'quar', 'quartely', 'quartely ', 'report rep', 'Üb', 'zzzzq'];
  while (bases.length < 40) {
    const word = words[Math.floor(random() * words.length)];
    bases.push(word.slice(0, 1 + Math.floor(random() * word.length)));
  }
  let compared = 0;
  let dropped = 0;
  for (const backend of [searchWasm, undefined]) {
    const ops = searchOps(backend ? wasmSearchBackend(backend) : jsSearchBackend);
    ops.create({ id: 1, texts });
    for (const query of bases) {
      for (const highlight of [0, 12]) {
        // A small limit for some calls, so that answers over it are dropped.
        const limit = highlight ? GUESS_LIMIT : 40;
        const guesses = unwrapTransfer(ops.guess({ id: 1, query, chars: GUESSED_CHARS, highlight, limit })).result;
        assert.equal(guesses.length, GUESSED_CHARS.length);
        Array.from(GUESSED_CHARS).forEach((char, i) => {
          const searched = unwrapTransfer(ops.search({ id: 1, query: query + char, highlight })).result;
          const { ms: _guessMs, highlightMs: _guessHighlightMs, highlightsJson, ...guess } = guesses[i] ?? {};
          if (highlightsJson !== undefined) guess.highlights = JSON.parse(highlightsJson);
          const { ms: _ms, highlightMs: _highlightMs, ...want } = searched;
          if (want.highlights === undefined) delete want.highlights;   // no highlights for a blank query
          if (searched.indices.length > limit) {
            assert.equal(guesses[i], null, `"${query + char}": over the limit`);
            dropped++;
          } else {
            assert.deepEqual(guess, want, `${backend ? 'wasm' : 'js'}: "${query + char}", highlight ${highlight}`);
            compared++;
          }
        });
      }
    }
  }
  assert.ok(compared > 2000 && dropped > 100, `${compared} guesses compared, ${dropped} over the limit`);
});

// Types like a person: mostly lower-case letters and spaces (guessed), sometimes a capital or a digit (not
// guessed), a backspace, or a pause too short for the guesses.
function typing(random, words, keys) {
  const out = [];
  let query = '';
  for (let n = 0; n < keys; n++) {
    const r = random();
    if (r < 0.08 && query) query = query.slice(0, -1);
    else if (r < 0.12) query += 'QZ7'[Math.floor(random() * 3)];
    else if (r < 0.2 || query.length > 24) query = words[Math.floor(random() * words.length)].slice(0, 1);
    else {
      const word = words[Math.floor(random() * words.length)];
      query += random() < 0.15 ? ' ' : word[Math.floor(random() * word.length)].toLowerCase();
    }
    out.push({ query, wait: random() < 0.85 });
  }
  return out;
}

// Settles `promise` and says whether it did so within the task that asked: only microtasks run before the
// check (a worker's reply is a macrotask, however fast; a 0 ms timer is not strict enough in Node, where a
// quick reply can come before it).
async function settlesInTask(promise) {
  let settled = false;
  promise.then(() => { settled = true; }, () => {});
  for (let i = 0; i < 50 && !settled; i++) await null;
  const inTask = settled;
  return { value: await promise, inTask };
}

// Until the worker has answered every guess job (the guesses run a few chars a job, between keys).
const settle = () => new Promise((resolve) => setTimeout(resolve, 60));

test('random typing with guessNext: guessed keys settle in their task, every key equals a plain index\'s answer', async () => {
  const texts = searchCorpus({ count: 1500 });
  const random = seededRandom(17);
  const words = texts.slice(0, 200).join(' ').split(/\s+/).filter((w) => /^[a-z]{3,}$/.test(w));
  const guessing = await createSearchIndex(texts);
  const plain = await createSearchIndex(texts);
  let inTask = 0;
  let keys = 0;
  try {
    for (const { query, wait } of typing(random, words, 250)) {
      const got = await settlesInTask(guessing.search(query, { guessNext: true }));
      const want = await plain.search(query);
      assert.deepEqual({ indices: got.value.indices, scores: got.value.scores },
        { indices: want.indices, scores: want.scores }, JSON.stringify(query));
      keys++;
      if (got.inTask) inTask++;
      if (wait) await settle();
    }
    assert.ok(inTask > keys / 3 && inTask < keys, `${inTask} of ${keys} keys answered in their task`);
  } finally {
    guessing.destroy();
    plain.destroy();
  }
});

test('a change to the index drops the guesses: the next key gets the changed index\'s answer', async () => {
  const texts = searchCorpus({ count: 300 });
  const index = await createSearchIndex(texts);
  try {
    await index.search('quartely', { guessNext: true });
    await settle();
    const guessed = await settlesInTask(index.search('quartely ', { guessNext: true }));
    assert.equal(guessed.inTask, true, 'the guess was ready');
    await settle();
    const before = (await index.search('quartely r')).indices.length;
    await index.search('quartely ', { guessNext: true });
    await settle();
    await index.insert(0, ['quarterly report, a new note']);
    const after = await settlesInTask(index.search('quartely r', { guessNext: true }));
    assert.equal(after.inTask, false, 'answered by the worker, not by a guess made before the insert');
    assert.equal(after.value.indices.length, before + 1);
    assert.equal(after.value.indices[0], 0, 'the new note ranks first');
  } finally {
    index.destroy();
  }
});
