// rewrapNoteKeys(): a new device key for sealed notes without sealing them
// again. Each note's key is a 32-byte key wrapped under the device key
// (docs/specs/notes.md); a password change that only re-wrapped the device key
// would let an old copy of the record and the old password open every note
// written later, so the extension makes a fresh device key and moves every
// note key under it here. Titles and bodies, sealed under the note keys, are
// not touched: 5,000 notes cost 5,000 secretbox opens and seals of 32 bytes.
import { runOnce } from './runtime/run-once.js';
import { notesModule } from './modules/notes.js';
import { byteArray } from './arguments.js';
import { namedError } from '../common/errors.js';
import { base64Encode } from '../common/base64.js';
import { checkNoteId } from './note-ids.js';
import { runInSlices } from '../common/slicer.js';

// Notes whose keys are decoded (or encoded) between two looks at the clock:
// 5,000 keys never make one long task on the page.
const KEYS_PER_STEP = 64;

const WRAPPED = 72;

/** The 72 bytes of a note's `key` field, or null when it is not 96 characters of strict base64 for them. */
function wrappedBytes(text) {
  if (typeof text !== 'string' || text.length !== 96 || !/^[A-Za-z0-9+/]{96}$/.test(text)) return null;
  const binary = atob(text);
  const bytes = new Uint8Array(WRAPPED);
  for (let i = 0; i < WRAPPED; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/**
 * The notes with every `key` opened under `fromKey` and wrapped again under
 * `toKey` with a fresh nonce; `id`, `title` and `body` are kept as they are.
 * All or nothing: rejects with MalformedNoteError or AuthenticationError naming
 * the first note whose key is not a 72-byte wrapped key or does not open under
 * `fromKey`, and returns nothing then.
 * @param {import('./notes.js').SealedNote[]} notes
 * @param {Uint8Array} fromKey the device key the notes are sealed under (32 bytes)
 * @param {Uint8Array} toKey the new device key (32 bytes)
 * @param {import('./notes.js').NotesOptions} [options]
 * @returns {Promise<import('./notes.js').SealedNote[]>}
 */
export function rewrapNoteKeys(notes, fromKey, toKey, options = {}) {
  return Promise.resolve().then(async () => {
    if (!Array.isArray(notes)) throw new TypeError('notes must be an array of notes');
    const from = byteArray(fromKey, 'fromKey', { length: 32 });   // private copies, transferred and erased there
    const to = byteArray(toKey, 'toKey', { length: 32 });
    const wrapped = new Uint8Array(notes.length * WRAPPED);
    try {
      await runInSlices(Math.ceil(notes.length / KEYS_PER_STEP), (step) => {
        for (let i = step * KEYS_PER_STEP; i < Math.min(notes.length, (step + 1) * KEYS_PER_STEP); i++) {
          const note = notes[i];
          if (!note || typeof note !== 'object') throw new TypeError(`notes[${i}] must be an object {id, key, title, body}`);
          checkNoteId(note.id, `notes[${i}].id`);
          const bytes = wrappedBytes(note.key);
          if (!bytes) throw namedError('MalformedNoteError', `notes[${i}] (id ${JSON.stringify(note.id)}): key is not 72 bytes of base64`);
          wrapped.set(bytes, i * WRAPPED);
        }
      }, { signal: options.signal });
    } catch (error) {
      from.fill(0);
      to.fill(0);
      throw error;
    }
    const args = { wrapped, count: notes.length, fromKey: from, toKey: to };
    const transfer = [wrapped.buffer, from.buffer, to.buffer];
    const { out, status } = options.worker
      ? await options.worker.call('rewrapKeys', args, { transfer, signal: options.signal })
      : await runOnce(notesModule, 'rewrapKeys', args, { transfer, signal: options.signal });
    const failed = status.indexOf(1);
    if (failed >= 0) {
      throw namedError('AuthenticationError', `notes[${failed}] (id ${JSON.stringify(notes[failed].id)}): its key does not open under fromKey`);
    }
    const moved = new Array(notes.length);
    await runInSlices(Math.ceil(notes.length / KEYS_PER_STEP), (step) => {
      for (let i = step * KEYS_PER_STEP; i < Math.min(notes.length, (step + 1) * KEYS_PER_STEP); i++) {
        moved[i] = { id: notes[i].id, key: base64Encode(out.subarray(i * WRAPPED, (i + 1) * WRAPPED)), title: notes[i].title, body: notes[i].body };
      }
    });
    return moved;
  });
}
