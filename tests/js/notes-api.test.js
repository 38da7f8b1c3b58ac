// openNotes() through the built Node API (dist/node.js), whose open is a
// pipeline of worker calls (api/notes.js): the notes come back exactly as one
// batch opens them (tampered, malformed and non-ASCII notes included), onFirst
// gets the first notes, two opens feeding search ports on one worker keep
// their texts apart, and the caller's key is never read after the call.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createNotesWorker, openNotes, sealNotes } from '../../dist/node.js';
import { CALL_BYTES, callRanges } from '../../api/notes.js';
import { createWasmNotes } from '../../worker/notes-ops.js';
import { packNotes, unpackOpened } from '../../common/notes-format.js';
import { receiveNoteTexts } from '../../common/text-feed.js';
import { loadWasm } from './wasm-node.js';
import { illFormed, perFieldStrings, rng as plainRng, sealBytes, wellFormed } from '../../fixtures/notes-plaintexts.js';

const reference = createWasmNotes(await loadWasm('notes', true));
const deviceKey = crypto.getRandomValues(new Uint8Array(32));

function rng(seed) {
  let s = seed >>> 0;
  return () => { s = (s * 1664525 + 1013904223) >>> 0; return s / 2 ** 32; };
}
const WORDS = ['vault', 'note', 'caf\u00e9', 'key', '\u20ac', '\u{1F511}', 'garden', 'night', 'x', '\u00fcber', 'the', 'quarterly'];

// `count` notes of random length (one in 131 of 150 KB, so that byte limits cut
// calls too), then damaged in every way a note can be.
async function vault(count, seed) {
  const next = rng(seed);
  const words = (n) => Array.from({ length: n }, () => WORDS[Math.floor(next() * WORDS.length)]).join(' ');
  const plain = Array.from({ length: count }, (_, i) => ({
    id: `note-${seed}-${i}`,
    title: words(Math.floor(next() * 8)),
    body: i % 131 === 5 ? words(20000) : words(Math.floor(next() * 300)),
  }));
  plain[3].body = '\uFEFFa body that starts with a byte order mark';
  const notes = JSON.parse(JSON.stringify(await sealNotes(plain, deviceKey)));
  const flip = (text, at) => `${text.slice(0, at)}${text[at] === 'A' ? 'B' : 'A'}${text.slice(at + 1)}`;
  for (let i = 10; i < count; i += 211) {
    const note = notes[i];
    switch ((i / 211 | 0) % 8) {
      case 0: note.body = flip(note.body, 40); break;
      case 1: note.title = flip(note.title, 33); break;
      case 2: note.key = flip(note.key, 50); break;
      case 3: note.id = 42; break;
      case 4: delete note.body; break;
      case 5: note.title = `${note.title.slice(0, 8)}\u00e9${note.title.slice(9)}`; break;
      case 6: note.body = `${note.body.slice(0, -4)}A=A=`; break;
      default: note.title = notes[i - 1].title;   // moved from another note: its id is in the tag
    }
  }
  return notes;
}

// Strings made field by field (without the kernel's UTF-16 lengths): the
// reference the one decode per call is held to.
function oneBatch(notes) {
  const packed = packNotes(notes);
  const opened = reference.openBatch({ ...packed, deviceKey: deviceKey.slice() });
  return unpackOpened(notes, { ...opened, utf16: undefined }, packed.preset);
}

const notes = await vault(2600, 1);

test('openNotes() in pipelined calls gives what one batch gives: tampered, malformed and non-ASCII notes included', async () => {
  assert.ok(callRanges(notes).length >= 5, 'the vault takes several calls');
  const expected = oneBatch(notes);
  assert.ok(expected.filter((note) => note.error).length >= 10, 'damaged notes are in the vault');
  assert.deepEqual(await openNotes(notes, deviceKey), expected);
  for (const count of [1, 127, 128, 129, 385]) {
    assert.deepEqual(await openNotes(notes.slice(0, count), deviceKey), expected.slice(0, count), `${count} notes`);
  }
});

test('openNotes() strings equal one decode per field in every call: non-ASCII, BOMs, ill-formed bytes in some calls, a code point split across calls', async () => {
  const next = plainRng(41);
  const plain = Array.from({ length: 2600 }, (_, i) => ({ id: `b${i}`, title: wellFormed(next, 8), body: wellFormed(next, 500) }));
  const ranges = callRanges(sealBytes(reference, plain, deviceKey));
  // Ill-formed fields in the second call and the last; the third call stays clean.
  plain[ranges[1][0] + 5].body = illFormed(next, 100);
  plain[ranges.at(-1)[1] - 2].title = illFormed(next, 4);
  // The first call's last body ends inside a code point the second call's first title completes.
  plain[ranges[0][1] - 1].body = new Uint8Array([0x61, 0xe2, 0x82]);
  plain[ranges[0][1]].title = new Uint8Array([0xac, 0x62]);
  const notes = sealBytes(reference, plain, deviceKey);
  assert.deepEqual(callRanges(notes), ranges);
  const expected = plain.map(perFieldStrings);
  assert.deepEqual(oneBatch(notes), expected);
  assert.deepEqual(await openNotes(notes, deviceKey), expected);
  const seen = [];
  assert.deepEqual(await openNotes(notes, deviceKey, { first: 40, onFirst: (part) => seen.push(part) }), expected);
  assert.deepEqual(seen, [expected.slice(0, 40)]);
});

test('onFirst gets the first `first` notes once, before openNotes() resolves, even past the first call\'s usual size', async () => {
  const expected = oneBatch(notes);
  for (const first of [40, 300]) {
    const seen = [];
    let settled = false;
    const opening = openNotes(notes, deviceKey, { first, onFirst: (part) => { assert.equal(settled, false); seen.push(part); } });
    const opened = await opening.finally(() => { settled = true; });
    assert.equal(seen.length, 1);
    assert.deepEqual(seen[0], expected.slice(0, first));
    assert.deepEqual(opened, expected);
  }
});

test('callRanges covers every note once, in order: a first call of at least `first` notes, then bigger calls up to CALL_BYTES', () => {
  const size = (note) => (note.key?.length ?? 0) + (note.title?.length ?? 0) + (note.body?.length ?? 0);
  for (const [list, first] of [[notes, 0], [notes, 40], [notes, 700], [notes.slice(0, 5), 40], [[], 0], [notes, NaN], [notes, -3],
    [notes, 'x'], [notes, Infinity]]) {
    const ranges = callRanges(list, first);
    let at = 0;
    for (const [from, to] of ranges) {
      assert.equal(from, at);
      assert.ok(to > from);
      const bytes = list.slice(from, to).reduce((sum, note) => sum + size(note), 0);
      assert.ok(bytes <= CALL_BYTES || to - from === 1 || (from === 0 && to <= Math.max(first > 0 ? first : 0, 128)), `${from}..${to}: ${bytes} bytes`);
      at = to;
    }
    assert.equal(at, list.length);
    const wanted = first > 0 ? Math.min(first, list.length) : 0;
    if (list.length) assert.ok(ranges[0][1] >= wanted && (ranges[0][1] <= Math.max(wanted, 128)), `first call ${ranges[0][1]}`);
  }
});

test('two opens on one worker, each feeding a search port, keep their texts apart', async () => {
  const other = await vault(500, 2);
  const worker = createNotesWorker();
  try {
    const texts = (list) => oneBatch(list).map((note) => (note.error ? '' : `${note.title}\n${note.body}`));
    const a = new MessageChannel();
    const b = new MessageChannel();
    const received = [receiveNoteTexts(a.port2), receiveNoteTexts(b.port2)];
    await Promise.all([
      openNotes(notes, deviceKey, { worker, searchPorts: [a.port1] }),
      openNotes(other, deviceKey, { worker, searchPorts: [b.port1] }),
    ]);
    const [textsA, textsB] = await Promise.all(received);
    assert.deepEqual(textsA, texts(notes));
    assert.deepEqual(textsB, texts(other));
  } finally {
    worker.terminate();
  }
});

test('the caller erasing its key during an open changes nothing; an abort rejects with AbortError', async () => {
  const key = deviceKey.slice();
  const opening = openNotes(notes, key);
  key.fill(0);
  assert.deepEqual(await opening, oneBatch(notes));
  const controller = new AbortController();
  const aborted = openNotes(notes, deviceKey, { signal: controller.signal, onFirst: () => controller.abort(), first: 1 });
  await assert.rejects(aborted, { name: 'AbortError' });
});
