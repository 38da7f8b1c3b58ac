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
import { measure } from '../common/timeline.js';
import { byteArray } from './arguments.js';
import { PACK_GROUP, jointText, packSeal, startPacking, unpackRange, unpackSealed } from '../common/notes-format.js';
import { decodesBase64, startPackingDecoded } from '../common/notes-decoded.js';
import { runInSlices } from '../common/slicer.js';
import { notesHelperWorker, utf16String } from './runtime/platform.js';
import { hasFreeSlot } from './runtime/pool.js';
import { postFeedError, postNoteTexts } from '../common/text-feed.js';

// The calls of an open: the first holds FIRST_CALL_NOTES notes (or `first`, if
// more), so that its answer, and a list's first rows, come back after a sliver
// of the work; each next call holds twice as many notes, up to CALL_BYTES of
// base64. Calls stay small because nothing overlaps the pipeline's two ends:
// the worker's last call and the page's strings of it, and the page's packing
// of the first (800 KiB against 2 MiB: the API's median 0.85x in Chromium,
// cpp/notes/NOTES.md). A first call past CALL_BYTES for `first` notes is cut
// at MAX_CALL_BYTES.
const FIRST_CALL_NOTES = 128;
export const CALL_BYTES = 800 * 1024;
// A packing buffer's least size, so that an earlier call's fits the next
// calls (a call packs at most CALL_BYTES of base64 and its ids); and how many
// calls the page packs ahead of the answers it has made strings of: the
// worker always has the next call while the page makes strings.
const CALL_ROOM = CALL_BYTES + 64 * 1024;
export const CALLS_AHEAD = 5;
const MAX_CALL_BYTES = 24 * 1024 * 1024;

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
// Up: a job sent now waits for no start.
const isUp = (worker) => worker?.state === 'ready' || worker?.state === 'busy';

function startHelper() {
  if (!notesHelperWorker || helper?.alive || (globalThis.navigator?.hardwareConcurrency ?? 1) < 2 || !hasFreeSlot()) return;
  helper ??= createNotesWorker();
  helper.start().catch(() => {});   // a helper that cannot start is not used; opens go on without it
}

function notesArray(notes, name) {
  if (!Array.isArray(notes)) throw new TypeError(`${name} must be an array of notes`);
  return notes;
}

function sizeOf(note) {
  return (note?.key?.length ?? 0) + (note?.title?.length ?? 0) + (note?.body?.length ?? 0);
}

/** The [from, to) ranges of notes each worker call of an open takes (see FIRST_CALL_NOTES). */
export function callRanges(notes, first = 0) {
  const ranges = [];
  // `first` comes from the caller: anything but a positive number asks for nothing first.
  const firstNotes = first > 0 ? Math.ceil(Math.min(first, notes.length)) : 0;
  let notesPerCall = Math.max(FIRST_CALL_NOTES, firstNotes);
  let from = 0;
  while (from < notes.length) {
    const least = from === 0 ? firstNotes : 1;
    let to = from;
    let bytes = 0;
    while (to < notes.length && to - from < notesPerCall) {
      const size = sizeOf(notes[to]);
      if (to - from >= least ? bytes + size > CALL_BYTES : bytes + size > MAX_CALL_BYTES && to > from) break;
      bytes += size;
      to++;
    }
    ranges.push([from, to]);
    from = to;
    notesPerCall *= 2;
  }
  return ranges;
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

// Tells the notes worker which ports an open's texts go to (worker/notes-ops.js):
// two opens on one worker may have their calls in its queue at once.
let nextFeed = 1;

/**
 * The pipeline of an open (see callRanges): one loop packs the calls' inputs in
 * slices and sends each call as soon as it is packed; the other takes their
 * answers in order and hands each to `take(chunk, packed, opened, from)`.
 * The worker runs calls one at a time in the order they came, so it is never
 * idle while the page has a packed call ready.
 */
async function openInCalls(notes, key, options, take) {
  const worker = options.worker ?? client();
  const ports = options.searchPorts ?? [];
  const feeding = ports.length > 0 || options.textsOnly;
  // The search ports live in the worker of an open's first call: a feeding open keeps to one worker.
  const pageWide = !options.worker && !feeding;
  const workerOf = (k) => (k % 2 === 1 && pageWide && isUp(helper) ? helper : worker);
  if (notes.length === 0) {
    // Nothing to open: the (empty) answer needs no worker.
    key.fill(0);
    postNoteTexts(ports, { first: 0, total: 0 }, { out: new Uint8Array(0), outFields: new Uint32Array(0), status: new Uint8Array(0) });
    return;
  }
  // Every call gets a copy of the key, which the worker erases; `key` itself
  // is erased once every call is sent.
  const feed = feeding ? nextFeed++ : 0;
  const ranges = callRanges(notes, options.first ?? 0);
  const calls = ranges.map(() => deferred());
  const replies = [];
  // Each answered call's buffer, once its strings are made and it is erased,
  // packs a later call: fresh memory costs the page a fault per 4 KiB page
  // and its release both cores a TLB flush, about a sixth of this thread's
  // time an open when every call had its own (cpp/notes/NOTES.md). So the
  // page packs at most CALLS_AHEAD calls past the last one it took.
  const taken = ranges.map(() => deferred());
  const spare = [];
  const allocate = (size) => {
    const i = spare.findIndex((buffer) => buffer.byteLength >= size);
    return i >= 0 ? new Uint8Array(spare.splice(i, 1)[0]) : new Uint8Array(Math.max(size, CALL_ROOM));
  };
  // Once a call failed, the calls not yet sent never are. (A failure of this
  // thread's own part does not stop them: the texts a search worker waits for
  // still come, whole.)
  let callFailed = false;
  const send = async () => {
    for (let k = 0; k < ranges.length; k++) {
      if (k >= CALLS_AHEAD) await taken[k - CALLS_AHEAD].promise;
      if (callFailed) return;
      const [from, to] = ranges[k];
      const chunk = notes.slice(from, to);
      const packStart = performance.now();
      const packInSlices = (packing) => runInSlices(Math.ceil(chunk.length / PACK_GROUP),
        (g) => packing.pack(g * PACK_GROUP, Math.min(chunk.length, (g + 1) * PACK_GROUP)), { signal: options.signal });
      let packing = decodesBase64 ? startPackingDecoded(chunk, allocate) : startPacking(chunk, allocate);
      await packInSlices(packing);
      if (callFailed) return;
      let packed = packing.finish();
      if (packed === null) {
        // A field that is not strict base64 (or not a string): this call goes as base64, and the kernel says what is wrong.
        packing = startPacking(chunk, allocate);
        await packInSlices(packing);
        if (callFailed) return;
        packed = packing.finish();
      }
      measure('notes:pack', packStart);
      const callKey = key.slice();
      const args = { input: packed.input, fields: packed.fields, count: packed.count, deviceKey: callKey, outCapacity: packed.outCapacity,
        utf16: utf16String !== null && !options.textsOnly, utf16Lengths: utf16String === null && !options.textsOnly,
        decoded: packed.decoded === true };
      const transfer = [packed.input.buffer, packed.fields.buffer, callKey.buffer];
      if (feeding) {
        args.feed = { id: feed, first: from, total: notes.length, blank: [...packed.preset.keys()] };
        args.textsOnly = options.textsOnly === true;
        if (k === 0) { args.ports = ports; transfer.push(...ports); }
      }
      const callStart = performance.now();
      // Rejects at once when `signal` has aborted (packing stopped short): nothing half-packed is opened.
      const reply = workerOf(k).call('openNotes', args, { transfer, signal: options.signal });
      reply.then(() => measure('notes:openNotes call (page)', callStart), () => { callFailed = true; });
      replies.push(reply);
      calls[k].resolve({ chunk, packed, reply, from });
    }
  };
  send().catch((error) => calls[replies.length].reject(error)).finally(() => key.fill(0));
  let next = 0;
  try {
    for (; next < calls.length; next++) {
      const { chunk, packed, reply, from } = await calls[next].promise;
      const opened = await reply;
      const stringsStart = performance.now();
      if (!options.textsOnly) await take(chunk, packed, opened, from);
      measure('notes:strings', stringsStart);
      // take() erased it (a texts-only answer is a count: its buffer stayed in the worker).
      if (opened?.out?.buffer?.byteLength > 0) spare.push(opened.out.buffer);
      taken[next].resolve();
    }
    if (pageWide) startHelper();
  } catch (error) {
    callFailed = true;
    for (const call of taken) call.resolve();
    // The plaintexts of the calls still to come back are erased as they come
    // (those taken were erased, and their buffers may have gone on).
    for (const reply of replies.slice(next)) reply.then((opened) => { opened?.out?.fill?.(0); opened?.utf16?.fill?.(0); }, () => {});
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

function deferred() {
  let settle;
  const promise = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  promise.catch(() => {});   // a call the answers loop never reached (it failed before)
  return { promise, ...settle };
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
