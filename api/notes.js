// openNotes() and sealNote(): the notes worker opens or seals a list in a few
// calls. The page packs the notes into one buffer per call and transfers it;
// the plaintexts come back as one buffer per call and become strings. An open
// is a pipeline: while the worker opens call k, this thread packs call k+1 and
// makes the strings of call k-1, so that little of the page's work adds to the
// worker's. Packing and strings run in slices of a few milliseconds, so that a
// vault of thousands of notes never blocks the page for a frame.
// wrapKey() / unwrapKey() seal one 32-byte key under another with the same
// kernel's crypto_secretbox (the extension's device key under its Argon2id key).
import { WorkerClient } from './runtime/client.js';
import { runOnce } from './runtime/run-once.js';
import { notesModule } from './modules/notes.js';
import { IDLE_MS } from '../common/constants.js';
import { byteArray } from './arguments.js';
import { checkNoteId } from './note-ids.js';
import { jointText, packSeal, unpackRange, unpackSealed } from '../common/notes-format.js';
import { runInSlices } from '../common/slicer.js';
import { notesHelperWorker, utf16String } from './runtime/platform.js';
import { hasFreeSlot } from './runtime/pool.js';
import { postNoteTexts } from '../common/text-feed.js';
import { planOpen } from './notes-plan.js';
import { dispatchOpen } from './notes-dispatch.js';

export { CALL_BYTES, callRanges } from './notes-plan.js';
export { CALLS_AHEAD } from './notes-dispatch.js';

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
 * @property {NotesWorker} [worker] a worker from createNotesWorker() to run on (by default the page-wide one, with
 *   a second page-wide one in browsers once an open has ended there: docs/api.md)
 * @property {AbortSignal} [signal] aborting terminates the worker running the job
 * @property {number} [first] how many notes `onFirst` receives
 * @property {(notes: OpenedNote[]) => void} [onFirst] called with the first `first` notes opened, in the task
 *   the worker's first reply arrives in (before the rest are open)
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

// A second page-wide notes worker: the calls of an open on the page-wide one
// (no `worker`, no search feed) alternate between the two, so decryption runs
// on two cores while this thread packs and makes strings (5,000 notes in
// Chromium on two cores: 0.88-0.92x the time, cpp/notes/NOTES.md). Such an
// open that ends starts it, so that it does not take the cores from the open
// itself, and it takes calls only once started and while it lives: an open
// never waits for it. Not where the page has one core or no free worker
// slot, nor in Node (platform-node.js).
let helper;
function startHelper() {
  if (!notesHelperWorker || helper?.alive || (globalThis.navigator?.hardwareConcurrency ?? 1) < 2 || !hasFreeSlot()) return;
  helper ??= createNotesWorker();
  helper.start().catch(() => {});   // a helper that cannot start is not used; opens go on without it
}

function notesArray(notes, name) {
  if (!Array.isArray(notes)) throw new TypeError(`${name} must be an array of notes`);
  return notes;
}

/**
 * Opens notes ({id, key, title, body}, base64 fields as docs/specs/notes.md) with the
 * 32-byte device key. Every note comes back, in order, as {id, title, body} or
 * {id, error: {name, message}}: one bad note never hides the others.
 * @param {SealedNote[]} notes
 * @param {Uint8Array} deviceKey
 * @param {OpenNotesOptions} [options]
 *   `onFirst(notes)` is called with the first `first` notes opened, in the very task the worker's
 *   first reply arrives in (before the rest are open): a list can draw its first rows at once.
 *   `searchPorts` also receive every note's search text from the notes worker (common/text-feed.js).
 * @returns {Promise<OpenedNote[]>}
 */
export function openNotes(notes, deviceKey, options = {}) {
  return withKeyAsCalled(deviceKey, async (key) => {
    notesArray(notes, 'notes');
    byteArray(key, 'deviceKey', { length: 32 });
    const results = new Array(notes.length);
    await openInCalls(notes, key, options, async (chunk, packed, opened, from) => {
      const joint = utf16String && jointText(opened, utf16String);
      let done = 0;
      if (options.onFirst && from === 0) {
        done = Math.min(options.first ?? 0, chunk.length);
        unpackRange(chunk, opened, packed.preset, results, 0, done, 0, joint);
        options.onFirst(results.slice(0, done));
      }
      await runInSlices(Math.ceil((chunk.length - done) / STRINGS_GROUP), (g) => {
        const start = done + g * STRINGS_GROUP;
        unpackRange(chunk, opened, packed.preset, results, start, Math.min(chunk.length, start + STRINGS_GROUP), from, joint);
      });
      opened.out.fill(0);
      opened.utf16?.fill(0);
    });
    return results;
  });
}

// The key as it was when the caller called: they may erase theirs before the
// open is over (<note-list>'s lock() does). Our copy is erased once every
// call has its own (openInCalls), or at once if the call goes no further.
function withKeyAsCalled(deviceKey, body) {
  const key = deviceKey instanceof Uint8Array ? new Uint8Array(deviceKey) : deviceKey;
  return Promise.resolve().then(() => body(key)).catch((error) => {
    if (key !== deviceKey) key.fill(0);
    throw error;
  });
}

// Notes made into strings between two looks at the clock: about 30 us of work.
const STRINGS_GROUP = 16;

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
  return withKeyAsCalled(deviceKey, async (key) => {
    notesArray(notes, 'notes');
    byteArray(key, 'deviceKey', { length: 32 });
    await openInCalls(notes, key, { ...options, searchPorts: ports, textsOnly: true }, () => {});
  });
}

// An open: its plan (api/notes-plan.js), then its calls (api/notes-dispatch.js,
// packed by api/notes-pack.js). An open on the page-wide worker that ends
// starts the second page-wide worker for the next.
async function openInCalls(notes, key, options, take) {
  if (notes.length === 0) {
    // Nothing to open: the (empty) answer needs no worker.
    key.fill(0);
    postNoteTexts(options.searchPorts ?? [], { first: 0, total: 0 }, { out: new Uint8Array(0), outFields: new Uint32Array(0), status: new Uint8Array(0) });
    return;
  }
  const plan = planOpen(notes, options, { pageWide: options.worker ? undefined : client(), helper });
  await dispatchOpen({ notes, key, plan, options, utf16: utf16String !== null, take });
  if (plan.onPageWide) startHelper();
}

function noteToSeal(note, name) {
  if (!note || typeof note !== 'object') throw new TypeError(`${name} must be an object {id, title, body}`);
  for (const field of ['id', 'title', 'body']) {
    if (typeof note[field] !== 'string') throw new TypeError(`${name}.${field} must be a string`);
  }
  checkNoteId(note.id, `${name}.id`);
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
  // No standby follows (api/runtime/run-once.js): a page wraps or unwraps once
  // per unlock, and its opens run on the page-wide notes worker.
  return options.worker
    ? options.worker.call(op, args, { transfer, signal: options.signal })
    : runOnce(notesModule, op, args, { transfer, signal: options.signal }, { standby: false });
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
