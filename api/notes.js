// openNotes() and sealNote(): the notes worker opens or seals a whole list in
// one call (a few for very large lists). The page packs the notes into one
// buffer and transfers it; the plaintexts come back as one buffer and become
// strings. Packing and strings run in slices of a few milliseconds, so that a
// vault of thousands of notes never blocks the page for a frame.
// wrapKey() / unwrapKey() seal one 32-byte key under another with the same
// kernel's crypto_secretbox (the extension's device key under its Argon2id key).
import { WorkerClient, runOnce } from './runtime/client.js';
import { notesModule } from './modules/notes.js';
import { IDLE_MS } from '../common/constants.js';
import { measure } from '../common/timeline.js';
import { byteArray } from './arguments.js';
import { PACK_GROUP, packSeal, startPacking, unpackRange, unpackSealed } from '../common/notes-format.js';
import { runInSlices } from '../common/slicer.js';
import { postFeedError, postNoteTexts } from '../common/text-feed.js';

// Packed input per worker call: bigger lists are split so wasm memory stays modest.
const CHUNK_BYTES = 24 * 1024 * 1024;

/** @typedef {WorkerClient} NotesWorker */

/**
 * A sealed note (docs/specs/notes.md): the note key sealed under the device
 * key, and the title and body sealed under the note key; all base64.
 * @typedef {{id: string, key: string, title: string, body: string}} SealedNote
 */

/**
 * A note in the clear: what sealNote() seals and openNotes() gives back.
 * @typedef {{id: string, title: string, body: string}} PlainNote
 */

/**
 * A note that did not open: its error's name is MalformedNoteError,
 * AuthenticationError or InternalError.
 * @typedef {{id: string, error: {name: string, message: string}}} DamagedNote
 */

/** What openNotes() gives for each note, in order. @typedef {PlainNote | DamagedNote} OpenedNote */

/**
 * The options of sealNote(), sealNotes(), wrapKey() and unwrapKey().
 * @typedef {object} NotesOptions
 * @property {NotesWorker} [worker] a worker from createNotesWorker() to run on
 * @property {AbortSignal} [signal] aborting terminates the worker running the job
 */

/**
 * The options of openNotes().
 * @typedef {object} OpenNotesOptions
 * @property {NotesWorker} [worker] a worker from createNotesWorker() to run on (by default a page-wide one)
 * @property {AbortSignal} [signal] aborting terminates the worker running the job
 * @property {number} [first] how many notes `onFirst` receives
 * @property {(notes: OpenedNote[]) => void} [onFirst] called with the first `first` notes opened, in the task
 *   the worker's reply arrives in (before the rest become strings)
 * @property {MessagePort[]} [searchPorts] also receive every note's search text from the notes worker
 */

/**
 * A notes worker of the caller's, for several calls in a row (pass it as
 * `options.worker`): it keeps its module instantiated between jobs and is
 * terminated after `idleMs` without a job, or by `terminate()`, which also
 * erases whatever key material its memory held.
 * @param {{idleMs?: number}} [options]
 * @returns {NotesWorker}
 */
export function createNotesWorker({ idleMs = IDLE_MS.notes } = {}) {
  return new WorkerClient(notesModule, { idleMs });
}

let shared;
function client() {
  shared ??= createNotesWorker();
  return shared;
}

function notesArray(notes, name) {
  if (!Array.isArray(notes)) throw new TypeError(`${name} must be an array of notes`);
  return notes;
}

function chunksOf(notes) {
  const chunks = [];
  let start = 0;
  let bytes = 0;
  notes.forEach((note, i) => {
    const size = (note?.key?.length ?? 0) + (note?.title?.length ?? 0) + (note?.body?.length ?? 0);
    if (bytes + size > CHUNK_BYTES && i > start) {
      chunks.push(notes.slice(start, i));
      start = i;
      bytes = 0;
    }
    bytes += size;
  });
  chunks.push(notes.slice(start));
  return chunks;
}

/**
 * Opens notes ({id, key, title, body}, base64 fields as docs/specs/notes.md) with the
 * 32-byte device key. Every note comes back, in order, as {id, title, body} or
 * {id, error: {name, message}}: one bad note never hides the others.
 * @param {SealedNote[]} notes
 * @param {Uint8Array} deviceKey
 * @param {OpenNotesOptions} [options]
 *   `onFirst(notes)` is called with the first `first` notes opened, in the very task the
 *   worker's reply arrives in (before the rest become strings): a list can draw its first rows at once.
 *   `searchPorts` also receive every note's search text from the notes worker (worker/text-feed.js).
 * @returns {Promise<OpenedNote[]>}
 */
export function openNotes(notes, deviceKey, options = {}) {
  return Promise.resolve().then(async () => {
    notesArray(notes, 'notes');
    byteArray(deviceKey, 'deviceKey', { length: 32 });
    const results = [];
    await openInChunks(notes, deviceKey, options, async (chunk, packed, opened) => {
      const part = new Array(chunk.length);
      let done = 0;
      if (options.onFirst && results.length === 0) {
        done = Math.min(options.first ?? 0, chunk.length);
        unpackRange(chunk, opened, packed.preset, part, 0, done);
        options.onFirst(part.slice(0, done));
      }
      await runInSlices(chunk.length - done, (i) => unpackRange(chunk, opened, packed.preset, part, done + i, done + i + 1));
      opened.out.fill(0);
      for (const note of part) results.push(note);
    });
    return results;
  });
}

/**
 * Opens notes only to send their search texts (title + "\n" + body, "" for a
 * damaged note) from the notes worker into `ports`: no plaintext comes back to
 * this thread. Resolves once every part is sent.
 * @param {SealedNote[]} notes
 * @param {Uint8Array} deviceKey
 * @param {MessagePort[]} ports
 * @param {NotesOptions} [options]
 * @returns {Promise<void>}
 */
export function sendNoteTexts(notes, deviceKey, ports, options = {}) {
  return Promise.resolve().then(async () => {
    notesArray(notes, 'notes');
    byteArray(deviceKey, 'deviceKey', { length: 32 });
    await openInChunks(notes, deviceKey, { ...options, searchPorts: ports, textsOnly: true }, () => {});
  });
}

// Packs each chunk in slices, opens it in one worker call, hands the result to `take`.
async function openInChunks(notes, deviceKey, options, take) {
  const worker = options.worker ?? client();
  const ports = options.searchPorts ?? [];
  const feeding = ports.length > 0 || options.textsOnly;
  if (notes.length === 0) {
    // Nothing to open: the (empty) answer needs no worker.
    postNoteTexts(ports, { first: 0, total: 0 }, { out: new Uint8Array(0), outFields: new Uint32Array(0), status: new Uint8Array(0) });
    return;
  }
  let first = 0;
  try {
    for (const chunk of chunksOf(notes)) {
      const packStart = performance.now();
      const packing = startPacking(chunk);
      const groups = Math.ceil(chunk.length / PACK_GROUP);
      await runInSlices(groups, (g) => packing.pack(g * PACK_GROUP, Math.min(chunk.length, (g + 1) * PACK_GROUP)),
        { signal: options.signal });
      const packed = packing.finish();
      measure('notes:pack', packStart);
      const key = deviceKey.slice();
      const args = { input: packed.input, fields: packed.fields, count: packed.count, deviceKey: key, outCapacity: packed.outCapacity };
      const transfer = [packed.input.buffer, packed.fields.buffer, key.buffer];
      if (feeding) {
        args.feed = { first, total: notes.length, blank: [...packed.preset.keys()] };
        args.textsOnly = options.textsOnly === true;
        if (first === 0) { args.ports = ports; transfer.push(...ports); }
      }
      const callStart = performance.now();
      const opened = await worker.call('openNotes', args, { transfer, signal: options.signal });
      measure('notes:openNotes call (page)', callStart);
      const stringsStart = performance.now();
      if (!args.textsOnly) await take(chunk, packed, opened);
      measure('notes:strings', stringsStart);
      first += chunk.length;
    }
  } catch (error) {
    // Until a call carries them to the worker the ports are ours to answer on;
    // a port already sent is detached here, and posting to it does nothing.
    for (const port of ports) {
      try {
        postFeedError([port], error);
      } catch { /* detached: the worker answers on it */ }
    }
    throw error;
  }
}

function noteToSeal(note, name) {
  if (!note || typeof note !== 'object') throw new TypeError(`${name} must be an object {id, title, body}`);
  for (const field of ['id', 'title', 'body']) {
    if (typeof note[field] !== 'string') throw new TypeError(`${name}.${field} must be a string`);
  }
  return { id: note.id, title: note.title, body: note.body };
}

async function seal(notes, deviceKey, options, random) {
  const packed = packSeal(notes);
  const key = deviceKey.slice();
  const args = { input: packed.input, fields: packed.fields, count: packed.count, deviceKey: key, outCapacity: packed.outCapacity };
  const transfer = [packed.input.buffer, packed.fields.buffer, key.buffer];
  if (random) { args.random = random.slice(); transfer.push(args.random.buffer); }
  const sealed = await (options.worker ?? client()).call('sealNotes', args, { transfer, signal: options.signal });
  return unpackSealed(notes, sealed);
}

/**
 * Seals one note with a fresh note key and fresh nonces (crypto.getRandomValues in the worker).
 * @param {PlainNote} note
 * @param {Uint8Array} deviceKey
 * @param {NotesOptions} [options]
 * @returns {Promise<SealedNote>}
 */
export function sealNote(note, deviceKey, options = {}) {
  return Promise.resolve().then(async () => {
    const plain = noteToSeal(note, 'note');
    byteArray(deviceKey, 'deviceKey', { length: 32 });
    return (await seal([plain], deviceKey, options))[0];
  });
}

/**
 * Seals many notes in one worker call. A bad note is named by its position (`notes[3].title must be a string`).
 * @param {PlainNote[]} notes
 * @param {Uint8Array} deviceKey
 * @param {NotesOptions} [options]
 * @returns {Promise<SealedNote[]>} in the order of `notes`
 */
export function sealNotes(notes, deviceKey, options = {}) {
  return Promise.resolve().then(() => {
    const plain = notesArray(notes, 'notes').map((note, i) => noteToSeal(note, `notes[${i}]`));
    byteArray(deviceKey, 'deviceKey', { length: 32 });
    return seal(plain, deviceKey, options);
  });
}

/**
 * Test-only: seals with the given randomness (104 bytes per note: noteKey,
 * nonceK, nonceT, nonceB) so the output can be compared with libsodium's.
 * Never use fixed randomness for real notes.
 * @param {PlainNote[]} notes
 * @param {Uint8Array} deviceKey
 * @param {Uint8Array} random
 * @param {NotesOptions} [options]
 * @returns {Promise<SealedNote[]>}
 */
export function sealNotesWithFixedRandomnessForTesting(notes, deviceKey, random, options = {}) {
  return Promise.resolve().then(() => {
    const plain = notesArray(notes, 'notes').map((note, i) => noteToSeal(note, `notes[${i}]`));
    byteArray(deviceKey, 'deviceKey', { length: 32 });
    byteArray(random, 'random', { length: plain.length * 104 });
    return seal(plain, deviceKey, options, random);
  });
}

function keyCall(op, args, options) {
  const transfer = Object.values(args).map((bytes) => bytes.buffer);
  // Without a worker of the caller's, the job runs in a notes worker of its
  // own that is terminated when it ends: no key byte outlives the job there.
  return options.worker
    ? options.worker.call(op, args, { transfer, signal: options.signal })
    : runOnce(notesModule, op, args, { transfer, signal: options.signal });
}

/**
 * Seals `key` (32 bytes) under `wrappingKey` (32 bytes) with a fresh random
 * nonce: nonce[24] || crypto_secretbox_easy(key) (tag[16] || ciphertext[32]).
 * @param {Uint8Array} key
 * @param {Uint8Array} wrappingKey
 * @param {NotesOptions} [options]
 *   by default a notes worker of its own, terminated when the job ends
 * @returns {Promise<Uint8Array>} 72 bytes
 */
export function wrapKey(key, wrappingKey, options = {}) {
  return Promise.resolve().then(() => {
    const args = { key: byteArray(key, 'key', { length: 32 }), wrappingKey: byteArray(wrappingKey, 'wrappingKey', { length: 32 }) };
    return keyCall('wrapKey', args, options);
  });
}

/**
 * Opens a key sealed by wrapKey(). Rejects with an Error named `WrongKeyError`
 * (and returns nothing) when the wrapping key is wrong or a byte was changed.
 * @param {Uint8Array} wrapped 72 bytes from wrapKey()
 * @param {Uint8Array} wrappingKey
 * @param {NotesOptions} [options]
 * @returns {Promise<Uint8Array>} the 32-byte key
 */
export function unwrapKey(wrapped, wrappingKey, options = {}) {
  return Promise.resolve().then(() => {
    const args = {
      wrapped: byteArray(wrapped, 'wrapped', { length: 72 }),
      wrappingKey: byteArray(wrappingKey, 'wrappingKey', { length: 32 }),
    };
    return keyCall('unwrapKey', args, options);
  });
}
