// Note texts sent from the notes worker's op straight to the search worker's
// op over a MessageChannel (common/text-feed.js), run in Node without
// workers: the texts that arrive are exactly the ones the page would have
// built from its opened notes (non-ASCII, a leading byte order mark, damaged
// and malformed notes, several chunks), the index built or updated from them
// answers like the reference, and failures reach the receiver as named errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createWasmNotes, notesOps } from '../../worker/notes-ops.js';
import { packNotes, packSeal, unpackOpened, unpackSealed } from '../../common/notes-format.js';
import { postFeedError, receiveNoteTexts } from '../../common/text-feed.js';
import { jsSearchBackend, searchOps, wasmSearchBackend } from '../../worker/search-ops.js';
import { unwrapTransfer } from '../../common/protocol.js';
import { namedError } from '../../common/errors.js';
import { referenceSearch } from '../../fixtures/search-reference.js';
import { loadWasm } from './wasm-node.js';

const notesWasm = await loadWasm('notes', true);
const searchWasm = await loadWasm('search', true);
const deviceKey = crypto.getRandomValues(new Uint8Array(32));

const PLAIN = [
  { id: 'a', title: 'Kubernetes upgrade', body: 'drain the nodes first' },
  { id: 'b', title: 'Café crème', body: 'naïve Straße, Ελληνικά, поиск, 東京 🙂' },
  { id: 'c', title: '', body: '\uFEFFa body that starts with a byte order mark' },
  { id: 'd', title: '\uFEFFtitle with a mark', body: '' },
  { id: 'e', title: 'tampered', body: 'this body is changed on the way' },
  { id: 'f', title: 'malformed', body: 'its id is not a string' },
  { id: 'g', title: 'quarterly report', body: 'the garden budget' },
];

function sealedVault() {
  const sealed = unpackSealed(PLAIN, notesOps(createWasmNotes(notesWasm))
    .sealNotes({ ...packSeal(PLAIN), deviceKey: deviceKey.slice() }).result);
  const tampered = sealed[4].body;
  sealed[4] = { ...sealed[4], body: `${tampered.slice(0, 10)}${tampered[10] === 'A' ? 'B' : 'A'}${tampered.slice(11)}` };
  sealed[5] = { ...sealed[5], id: 42 };
  return sealed;
}

// What <fuzzy-search> indexed when the texts went through the page: its opened notes as title + "\n" + body.
function pageTexts(notes) {
  const packed = packNotes(notes);
  const opened = unpackOpened(notes, createWasmNotes(notesWasm).openBatch({ ...packed, deviceKey: deviceKey.slice() }), packed.preset);
  return opened.map((note) => (note.error ? '' : `${note.title}\n${note.body}`));
}

// Opens `notes` through the notes op in chunks of `size`, sending the texts into a new port; returns the receiving port.
function feedFromNotesOp(notes, size, { textsOnly = false } = {}) {
  const { port1, port2 } = new MessageChannel();
  const ops = notesOps(createWasmNotes(notesWasm));
  const replies = [];
  for (let first = 0; first < notes.length; first += size) {
    const chunk = notes.slice(first, first + size);
    const packed = packNotes(chunk);
    const args = { ...packed, deviceKey: deviceKey.slice(), textsOnly,
      feed: { first, total: notes.length, blank: [...packed.preset.keys()] } };
    if (first === 0) args.ports = [port1];
    replies.push(unwrapTransfer(ops.openNotes(args)).result);
  }
  return { port: port2, replies };
}

test('the texts a notes op sends equal the page\'s title + "\\n" + body, in one chunk or several', async () => {
  const notes = sealedVault();
  const expected = pageTexts(notes);
  assert.equal(expected[4], '', 'the tampered note is sent as ""');
  assert.equal(expected[5], '', 'the malformed note is sent as ""');
  assert.equal(expected[2], '\na body that starts with a byte order mark', 'a leading mark is dropped per field, as on the page');
  for (const size of [notes.length, 3, 1]) {
    const { port } = feedFromNotesOp(notes, size);
    assert.deepEqual(await receiveNoteTexts(port), expected, `chunks of ${size}`);
  }
});

test('with textsOnly the notes op answers with the count and the texts go only to the port', async () => {
  const notes = sealedVault();
  const { port, replies } = feedFromNotesOp(notes, 4, { textsOnly: true });
  assert.deepEqual(replies, [4, 3]);
  assert.deepEqual(await receiveNoteTexts(port), pageTexts(notes));
});

test('a fed index answers like the reference, follows a second feed by a span update, and refuses page edits', async () => {
  const notes = sealedVault();
  const texts = pageTexts(notes);
  for (const backend of [searchWasm, undefined]) {
    const ops = searchOps(backend ? wasmSearchBackend(backend) : jsSearchBackend);
    assert.equal(await ops.feed({ id: 7, port: feedFromNotesOp(notes, 3).port }), texts.length);
    for (const query of ['kubernets', 'cafe', 'strasse', 'quartely repot', 'byte mark', 'tampered', '']) {
      const { indices } = unwrapTransfer(ops.search({ id: 7, query })).result;
      assert.deepEqual(Array.from(indices), referenceSearch(texts, query).indices, `query ${query}`);
    }
    // The vault changes: one note edited, one removed; the next feed updates the same index.
    const changed = notes.slice();
    changed.splice(1, 1);
    changed[0] = unpackSealed([{ id: 'a', title: 'Kubernetes upgrade', body: 'the garden first' }],
      notesOps(createWasmNotes(notesWasm)).sealNotes({ ...packSeal([{ id: 'a', title: 'Kubernetes upgrade', body: 'the garden first' }]),
        deviceKey: deviceKey.slice() }).result)[0];
    const next = pageTexts(changed);
    assert.equal(await ops.feed({ id: 7, port: feedFromNotesOp(changed, 2).port }), next.length);
    const { indices } = unwrapTransfer(ops.search({ id: 7, query: 'garden' })).result;
    assert.deepEqual(Array.from(indices), referenceSearch(next, 'garden').indices);
    assert.ok(Array.from(indices).includes(0), 'the edited note is found by its new word');
    assert.throws(() => ops.insert({ id: 7, position: 0, texts: ['x'] }), { name: 'InvalidStateError' });
    assert.throws(() => ops.set({ id: 7, position: 0, texts: ['x'] }), { name: 'InvalidStateError' });
    // A create on the same id makes it an ordinary, editable index again.
    ops.create({ id: 7, texts: ['plain text'] });
    assert.equal(ops.insert({ id: 7, position: 0, texts: ['x'] }), 2);
    ops.destroy({ id: 7 });
  }
});

test('an open that fails reaches the receiver as a named error, and a malformed part as a TypeError', async () => {
  // What worker/wasm-heap.js throws when the heap cannot grow.
  const failing = notesOps({ openBatch() { throw namedError('OutOfMemoryError', 'out of wasm memory allocating 99 bytes'); } });
  const { port1, port2 } = new MessageChannel();
  const packed = packNotes(sealedVault());
  assert.throws(() => failing.openNotes({ ...packed, deviceKey: deviceKey.slice(), ports: [port1],
    feed: { first: 0, total: packed.count, blank: [] } }), { name: 'OutOfMemoryError' });
  await assert.rejects(receiveNoteTexts(port2), { name: 'OutOfMemoryError', message: 'out of wasm memory allocating 99 bytes' });

  const direct = new MessageChannel();
  postFeedError([direct.port1], Object.assign(new Error('the note list is locked'), { name: 'InvalidStateError' }));
  await assert.rejects(receiveNoteTexts(direct.port2), { name: 'InvalidStateError' });

  for (const part of [{ first: 0, total: 1 }, { first: 2, total: 2, bytes: new Uint8Array(0), fields: new Uint32Array(4), status: new Uint8Array(1) },
    { first: 0, total: 1, bytes: new Uint8Array(0), fields: new Uint32Array(3), status: new Uint8Array(1) }, 'text',
    // A body reaching past the part's bytes (a damaged note's fields are not read).
    { first: 0, total: 1, bytes: new Uint8Array(4), fields: Uint32Array.of(0, 2, 3, 2), status: new Uint8Array(1) }]) {
    const channel = new MessageChannel();
    channel.port1.postMessage(part);
    await assert.rejects(receiveNoteTexts(channel.port2), { name: 'TypeError' }, JSON.stringify(part));
  }
  const damaged = new MessageChannel();
  damaged.port1.postMessage({ first: 0, total: 1, bytes: new Uint8Array(0), fields: Uint32Array.of(0, 9, 9, 9), status: Uint8Array.of(1) });
  assert.deepEqual(await receiveNoteTexts(damaged.port2), [''], 'a damaged note\'s fields are not read');
  // The same note in two parts: which text would win is undefined, so the feed is refused.
  const twice = new MessageChannel();
  const part = () => ({ first: 0, total: 2, bytes: new Uint8Array(0), fields: new Uint32Array(4), status: new Uint8Array(1) });
  twice.port1.postMessage(part());
  twice.port1.postMessage(part());
  await assert.rejects(receiveNoteTexts(twice.port2), { name: 'TypeError' });
});

test('a fed index sends the first results\' highlighted title and snippet with them, and any others on request; an index of texts has none', async () => {
  const { highlightSegments, wordMatcher } = await import('../../common/search-highlight.js');
  const notes = sealedVault();
  const texts = pageTexts(notes);
  const expected = (text, query) => {
    const cut = text.indexOf('\n');
    const matches = wordMatcher(query);
    return { title: highlightSegments(cut < 0 ? text : text.slice(0, cut), matches, { words: Infinity, before: Infinity }),
      snippet: highlightSegments(cut < 0 ? '' : text.slice(cut + 1), matches) };
  };
  for (const backend of [searchWasm, undefined]) {
    const ops = searchOps(backend ? wasmSearchBackend(backend) : jsSearchBackend);
    await ops.feed({ id: 3, port: feedFromNotesOp(notes, 3).port });
    for (const query of ['kubernets', 'cafe', 'quartely repot', 'garden', 'byte mark']) {
      const { indices, highlights } = unwrapTransfer(ops.search({ id: 3, query, highlight: 2 })).result;
      assert.equal(highlights.length, Math.min(2, indices.length), query);
      assert.deepEqual(highlights, Array.from(indices.slice(0, 2), (i) => expected(texts[i], query)), query);
      assert.deepEqual(ops.highlight({ id: 3, query, positions: Array.from(indices) }),
        Array.from(indices, (i) => expected(texts[i], query)), `${query}: on request`);
    }
    assert.equal(unwrapTransfer(ops.search({ id: 3, query: '', highlight: 2 })).result.highlights, undefined, 'an empty query marks nothing');
    ops.create({ id: 4, texts: ['plain texts'] });
    assert.equal(unwrapTransfer(ops.search({ id: 4, query: 'plain', highlight: 2 })).result.highlights, undefined);
    assert.throws(() => ops.highlight({ id: 4, query: 'plain', positions: [0] }), { name: 'InvalidStateError' });
  }
});
