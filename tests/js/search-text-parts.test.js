// createSearchIndex()'s texts cross to the search worker as UTF-8 parts
// (api/search-text-parts.js), and the worker builds from each as it comes
// (worker/search-ops.js). Run in Node without workers, over a MessageChannel:
// the parts carry exactly the texts, an index built from them answers as an
// index built from the strings does (the same answers, on every backend), and
// a feed that breaks off or comes out of order leaves no index behind.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PART_UNITS, postTextParts } from '../../api/search-text-parts.js';
import { utf8Length } from '../../common/utf8-length.js';
import { receiveParts } from '../../common/text-feed.js';
import { jsSearchBackend, searchOps, wasmSearchBackend } from '../../worker/search-ops.js';
import { unwrapTransfer } from '../../common/protocol.js';
import { referenceSearch } from '../../fixtures/search-reference.js';
import { loadWasm } from './wasm-node.js';
import { seededRandom as random } from '../../fixtures/seeded-random.mjs';

const backends = {
  simd: wasmSearchBackend(await loadWasm('search', true)),
  scalar: wasmSearchBackend(await loadWasm('search', false)),
  js: jsSearchBackend,
};

// Words of one, two, three and four UTF-8 bytes a character, a capital sigma (folded by context, in JS), a lone
// surrogate (encoded as U+FFFD, on every path).
const WORDS = ['garden', 'report', 'kubernetes', 'café', 'Straße', 'naïve', 'ΟΔΟΣ', 'ΣΟΦΙΑ', 'поиск', '東京タワー',
  '🙂🙂', 'x\uD800y', 'the', 'and', 'budget', 'quarterly', 'übersetzung'];

function textsOf(seed, count, maxWords) {
  const next = random(seed);
  return Array.from({ length: count }, () => {
    const n = Math.floor(next() * maxWords);
    return Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(next() < 0.2 ? ', ' : ' ');
  });
}

const QUERIES = ['gardn', 'kubernets', 'cafe', 'strasse', 'οδος', 'σοφια', 'поиск', '東京', 'quartely repot', 'x', 'ub',
  'the', 'budgte', '', '🙂'];

// The parts postTextParts sends for `texts`, as the worker receives them.
async function partsOf(texts) {
  const { port1, port2 } = new MessageChannel();
  const parts = [];
  const received = receiveParts(port2, (part) => parts.push(part), texts.length);
  postTextParts(port1, texts);
  assert.equal(await received, texts.length);
  return parts;
}

test('the parts carry every text exactly (well-formed UTF-16 in any script), split at about PART_UNITS', async () => {
  const decoder = new TextDecoder();
  const long = 'ΟΔΟΣ '.repeat(PART_UNITS / 4);   // one text longer than a part, two bytes a unit
  const texts = [...textsOf(1, 3000, 200).map((text) => text.replace(/\uD800/g, '')), long, '', '東京'.repeat(40_000), 'a'];
  const parts = await partsOf(texts);
  assert.ok(parts.length > 4, `${parts.length} parts`);
  const decoded = [];
  for (const { first, bytes, fields, status } of parts) {
    assert.equal(first, decoded.length, 'in order');
    assert.ok(status.every((s) => s === 0));
    for (let n = 0; n < status.length; n++) {
      assert.equal(fields[4 * n + 3], 0, 'no body span');
      decoded.push(decoder.decode(bytes.subarray(fields[4 * n], fields[4 * n] + fields[4 * n + 1])));
    }
  }
  assert.deepEqual(decoded, texts);
  for (const { first, status } of parts) {
    const units = texts.slice(first, first + status.length).reduce((sum, text) => sum + text.length, 0);
    assert.ok(units <= PART_UNITS || status.length === 1, `part at ${first}: ${units} units in ${status.length} texts`);
  }
});

test('a part encoded in joined groups gives each text the bytes encodeInto gives it alone, lone surrogates included', async () => {
  const encoder = new TextEncoder();
  const pieces = ['a', 'é', '€', '🙂', '\uD83D', '\uDE42', '\uDC00x', 'y\uD800', 'ΟΔΟΣ', '東', '', ' '];
  const next = random(9);
  for (let round = 0; round < 40; round++) {
    const texts = Array.from({ length: 1 + Math.floor(next() * 60) }, () =>
      Array.from({ length: Math.floor(next() * 8) }, () => pieces[Math.floor(next() * pieces.length)]).join(''));
    for (const text of texts) assert.equal(utf8Length(text), encoder.encode(text).length, JSON.stringify(text));
    const parts = await partsOf(texts);
    for (const { first, bytes, fields, status } of parts) {
      for (let n = 0; n < status.length; n++) {
        const expected = encoder.encode(texts[first + n]);
        assert.deepEqual(bytes.subarray(fields[4 * n], fields[4 * n] + fields[4 * n + 1]), expected, `round ${round}, text ${first + n}: ${JSON.stringify(texts[first + n])}`);
      }
    }
  }
});

test('an index built from the parts answers as one built from the strings, on every backend', async () => {
  for (const [seed, count, maxWords] of [[2, 40, 12], [3, 2500, 150], [4, 1, 3]]) {
    const texts = textsOf(seed, count, maxWords);
    for (const [name, backend] of Object.entries(backends)) {
      const ops = searchOps(backend);
      const { port1, port2 } = new MessageChannel();
      const built = ops.create({ id: 1, port: port2, total: texts.length });
      postTextParts(port1, texts);
      assert.equal(await built, texts.length, `${name}: the count`);
      assert.equal(ops.create({ id: 2, texts }), texts.length);
      for (const query of QUERIES) {
        const fromParts = unwrapTransfer(ops.search({ id: 1, query })).result;
        const fromStrings = unwrapTransfer(ops.search({ id: 2, query })).result;
        assert.deepEqual(Array.from(fromParts.indices), Array.from(fromStrings.indices), `${name}, seed ${seed}: "${query}"`);
        assert.deepEqual(Array.from(fromParts.scores), Array.from(fromStrings.scores), `${name}, seed ${seed}: "${query}" scores`);
        if (count < 100) {
          const well = texts.map((text) => text.replace(/\uD800/g, '\uFFFD'));
          assert.deepEqual(Array.from(fromParts.indices), referenceSearch(well, query).indices, `${name}: "${query}" vs the reference`);
        }
      }
      ops.destroy({ id: 1 });
      ops.destroy({ id: 2 });
    }
  }
});

test('no texts: the worker does not wait for a part', async () => {
  for (const backend of Object.values(backends)) {
    const ops = searchOps(backend);
    const { port2 } = new MessageChannel();
    assert.equal(await ops.create({ id: 1, port: port2, total: 0 }), 0);
    assert.equal(unwrapTransfer(ops.search({ id: 1, query: 'garden' })).result.indices.length, 0);
  }
});

test('parts out of order, a wrong total, a broken-off feed: the build rejects and leaves no index', async () => {
  const texts = textsOf(5, 1200, 200);
  const parts = [];
  { const { port1, port2 } = new MessageChannel(); port2.onmessage = ({ data }) => parts.push(data); postTextParts(port1, texts);
    await new Promise((resolve) => setTimeout(resolve, 50)); port2.close(); }
  assert.ok(parts.length > 1);
  const cases = {
    'out of order': [parts[1], parts[0], ...parts.slice(2)],
    'a wrong total': [{ ...parts[0], total: texts.length + 1 }],
    'an error part': [parts[0], { error: { name: 'AbortError', message: 'the page went away' } }],
  };
  for (const [name, backend] of Object.entries(backends)) {
    for (const [what, sent] of Object.entries(cases)) {
      const ops = searchOps(backend);
      const { port1, port2 } = new MessageChannel();
      const built = ops.create({ id: 3, port: port2, total: texts.length });
      for (const part of sent) port1.postMessage(structuredClone(part));
      await assert.rejects(built, { name: what === 'an error part' ? 'AbortError' : 'TypeError' }, `${name}: ${what}`);
      assert.throws(() => ops.search({ id: 3, query: 'garden' }), { name: 'NotFoundError' }, `${name}: ${what}`);
    }
    await assert.rejects(searchOps(backend).create({ id: 4, port: new MessageChannel().port2, total: -1 }), { name: 'TypeError' });
  }
});

// The worker's own path for strings (insert, set; worker/search-build.js) joins a chunk's texts for encodeInto
// too: a lone high surrogate ending one text and a lone low one starting the next must stay two U+FFFD.
test('texts whose lone surrogates meet across a join answer as each text alone, on every path', async () => {
  const texts = ['kubernetes ab\uD83D', '\uDE42cd garden', 'ef \uD800', '\uDC00 report', 'plain text'];
  const well = texts.map((text) => text.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  for (const [name, backend] of Object.entries(backends)) {
    const ops = searchOps(backend);
    assert.equal(ops.create({ id: 1, texts }), texts.length);
    const { port1, port2 } = new MessageChannel();
    const built = ops.create({ id: 2, port: port2, total: texts.length });
    postTextParts(port1, texts);
    await built;
    for (const query of ['ab', 'cd', 'ef', 'report', 'garden', 'kubernetes', 'plain', '\uFFFD']) {
      const expected = referenceSearch(well, query).indices;
      for (const id of [1, 2]) {
        assert.deepEqual(Array.from(unwrapTransfer(ops.search({ id, query })).result.indices), expected, `${name}, index ${id}: "${query}"`);
      }
    }
  }
});
