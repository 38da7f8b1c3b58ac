// A search's answer through shared memory (common/search-answer-box.js): what
// the page takes from the box equals the worker's reply, field for field, on
// the wasm and JS backends, with and without highlights; a box too small says
// how much it needs; a box holding another query's answer gives nothing; bad
// boxes are refused by name; and through the Node API (dist/node.js) a search
// with blockMs settles in the task that asked, with the same answer.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerBoxBytes, takeAnswer, writeAnswer } from '../../common/search-answer-box.js';
import { jsSearchBackend, searchOps, wasmSearchBackend } from '../../worker/search-ops.js';
import { unwrapTransfer } from '../../common/protocol.js';
import { OPEN_FIELDS_OUT } from '../../common/notes-format.js';
import { keystrokes, searchCorpus } from '../../fixtures/search-corpus.js';
import { seededRandom } from '../../fixtures/seeded-random.mjs';
import { createSearchIndex } from '../../dist/node.js';
import { loadWasm } from './wasm-node.js';

const searchWasm = await loadWasm('search', true);

// Texts fed to a search op over a port, as a notes worker sends them (common/text-feed.js).
function feedPort(texts) {
  const { port1, port2 } = new MessageChannel();
  const encoder = new TextEncoder();
  const parts = [];
  const fields = new Uint32Array(texts.length * OPEN_FIELDS_OUT);
  let at = 0;
  texts.forEach((text, i) => {
    const cut = text.indexOf('\n');
    for (const [k, field] of [cut < 0 ? text : text.slice(0, cut), cut < 0 ? '' : text.slice(cut + 1)].entries()) {
      const bytes = encoder.encode(field);
      fields[i * OPEN_FIELDS_OUT + 2 * k] = at;
      fields[i * OPEN_FIELDS_OUT + 2 * k + 1] = bytes.length;
      parts.push(bytes);
      at += bytes.length;
    }
  });
  const bytes = new Uint8Array(at);
  let offset = 0;
  for (const part of parts) { bytes.set(part, offset); offset += part.length; }
  port1.postMessage({ first: 0, total: texts.length, bytes, fields, status: new Uint8Array(texts.length) });
  return port2;
}

// Random queries: the corpus's words with typos (swaps, drops, doubles), one or two terms, every prefix.
function randomQueries(texts, count, seed) {
  const random = seededRandom(seed);
  const words = texts.slice(0, 200).join(' ').split(/\s+/).filter((w) => w.length > 2);
  const typo = (word) => {
    const i = Math.floor(random() * word.length);
    const kind = Math.floor(random() * 3);
    if (kind === 0 && i + 1 < word.length) return word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    if (kind === 1) return word.slice(0, i) + word.slice(i + 1);
    return word.slice(0, i) + word[i] + word.slice(i);
  };
  const queries = new Set(['', ' ', 'zzzzqx', '🙂', 'Übe']);
  while (queries.size < count) {
    const terms = Array.from({ length: 1 + Math.floor(random() * 2) }, () => typo(words[Math.floor(random() * words.length)]));
    for (const prefix of keystrokes(terms.join(' '))) queries.add(prefix);
  }
  return [...queries].slice(0, count);
}

test('the answer taken from the box equals the worker\'s reply, field for field, on the wasm and JS backends, fed (with highlights) and built from texts', async () => {
  const texts = searchCorpus({ count: 1200 }).map((body, i) => `Note ${i} ✓\n${body}`);
  texts[7] = '';
  texts[8] = 'a title only, with a lone surrogate \uD800 and 🙂';
  const queries = randomQueries(texts, 400, 11);
  for (const backend of [searchWasm, undefined]) {
    const ops = searchOps(backend ? wasmSearchBackend(backend) : jsSearchBackend);
    await ops.feed({ id: 1, port: feedPort(texts) });
    ops.create({ id: 2, texts });
    // Small at first: the too-small answers say what they need, and the box grows as the page's would.
    let buffer = new SharedArrayBuffer(answerBoxBytes(10, 64));
    let ticket = 0;
    let grown = 0;
    for (const query of queries) {
      for (const [id, highlight] of [[1, 12], [2, 0]]) {
        ticket++;
        let reply = unwrapTransfer(ops.search({ id, query, highlight, answerBox: { buffer, ticket } })).result;
        let taken = takeAnswer(buffer, ticket, 0);
        if (taken?.needed) {
          grown++;
          assert.equal(taken.needed, 32 + 8 * reply.indices.length
            + (reply.highlights ? new TextEncoder().encode(JSON.stringify(reply.highlights)).length : 0), `needed for "${query}"`);
          buffer = new SharedArrayBuffer(taken.needed);
          ticket++;
          reply = unwrapTransfer(ops.search({ id, query, highlight, answerBox: { buffer, ticket } })).result;
          taken = takeAnswer(buffer, ticket, 0);
        }
        assert.deepEqual(taken, reply, `${backend ? 'wasm' : 'js'}, index ${id}, query ${JSON.stringify(query)}`);
        assert.ok(!(taken.indices.buffer instanceof SharedArrayBuffer), 'the answer is a copy, not a view of the box');
      }
    }
    assert.ok(grown >= 2, `the box grew ${grown} times`);
  }
});

test('a box holding another query\'s answer gives nothing (the page then waits for the reply)', () => {
  const buffer = new SharedArrayBuffer(answerBoxBytes(4));
  assert.equal(takeAnswer(buffer, 1, 0), undefined, 'an empty box');
  writeAnswer(buffer, 5, { indices: Uint32Array.of(2, 0), scores: Uint32Array.of(0, 1), ms: 0.25, highlightMs: 0 });
  assert.equal(takeAnswer(buffer, 6, 0), undefined, 'the answer to an older query');
  assert.deepEqual(takeAnswer(buffer, 5, 0),
    { indices: Uint32Array.of(2, 0), scores: Uint32Array.of(0, 1), ms: 0.25, highlights: undefined, highlightMs: 0 });
});

test('bad boxes are refused by name: not shared memory, too short, a ticket out of range', () => {
  const answer = { indices: new Uint32Array(0), scores: new Uint32Array(0), ms: 0, highlightMs: 0 };
  assert.throws(() => writeAnswer(new ArrayBuffer(64), 1, answer), { name: 'TypeError', message: /answerBox\.buffer must be a SharedArrayBuffer/ });
  assert.throws(() => writeAnswer(new SharedArrayBuffer(16), 1, answer), { name: 'TypeError', message: /at least 32 bytes/ });
  for (const ticket of [0, -1, 1.5, 2 ** 31, '1', undefined]) {
    assert.throws(() => writeAnswer(new SharedArrayBuffer(64), ticket, answer), { name: 'RangeError', message: /answerBox\.ticket/ }, String(ticket));
  }
  const ops = searchOps(jsSearchBackend);
  ops.create({ id: 1, texts: ['a b c'] });
  assert.throws(() => ops.search({ id: 1, query: 'a', answerBox: { buffer: new ArrayBuffer(64), ticket: 1 } }), { name: 'TypeError' });
});

test('index.search(query, {blockMs}) settles in the task that asked, with the answer a plain search gives; a bad blockMs is refused', async () => {
  const texts = searchCorpus({ count: 500 });
  const index = await createSearchIndex(texts);
  try {
    for (const query of ['kubernets', 'quartely reprot', '', 'zzzzqx', 'upgarde']) {
      const plain = await index.search(query);
      // A timer set before the search fires only after it, unless the answer waited for the worker's reply.
      let timerFired = false;
      const timer = new Promise((resolve) => setTimeout(() => { timerFired = true; resolve(); }, 0));
      const blocked = await index.search(query, { blockMs: 1000 });
      assert.equal(timerFired, false, `"${query}" came through the box`);
      await timer;
      assert.deepEqual({ indices: blocked.indices, scores: blocked.scores }, { indices: plain.indices, scores: plain.scores }, query);
    }
    await assert.rejects(index.search('x', { blockMs: -1 }), { name: 'RangeError', message: /options\.blockMs/ });
    await assert.rejects(index.search('x', { blockMs: 1.5 }), { name: 'TypeError', message: /options\.blockMs/ });
  } finally {
    index.destroy();
  }
});
