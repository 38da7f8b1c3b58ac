// What the popup does to a vault record with its device key, apart from the
// page: make one, seal it after an edit, check it as a whole, re-key it on a
// password change, and update an older format. Each returns a new record (not
// yet written: storage.js writes it in one set()) or throws, leaving `record`
// as it was. The notes API is a parameter so that Node tests run these with
// dist/node.js; the popup takes the default.
import { openNotes, sealNotes, wrapKey } from '../api/notes.js';
import { rewrapNoteKeys } from '../api/notes-rewrap.js';
import { base64Encode } from '../common/base64.js';
import { FORMAT, SEALED_FROM, VERSION } from './vault-format.js';
import { checkSeal, sealKey, sealRecord } from './vault-seal.js';
import { packBody, unpackBody } from './note-envelope.js';

const NOTES_API = { openNotes, sealNotes, wrapKey, rewrapNoteKeys };

/** A refusal to open or update a vault, with a message for a person. */
export class VaultCheckError extends Error {
  constructor(message) {
    super(message);
    this.name = 'VaultCheckError';
  }
}

const plural = (n, word) => `${n} ${n === 1 ? word : `${word}s`}`;

/** A new, empty vault: `{record, deviceKey}`, the device key 32 fresh random bytes wrapped under `wrappingKey`. */
export async function createRecord({ salt, t, m, p }, wrappingKey, { api = NOTES_API } = {}) {
  const deviceKey = crypto.getRandomValues(new Uint8Array(32));
  try {
    const wrappedKey = base64Encode(await api.wrapKey(deviceKey, wrappingKey));
    const record = await sealRecord({
      format: FORMAT, version: VERSION, revision: 1,
      kdf: { algorithm: 'argon2id13', salt, t, m, p }, wrappedKey, notes: [],
    }, await sealKey(deviceKey));
    return { record, deviceKey };
  } catch (error) {
    deviceKey.fill(0);
    throw error;
  }
}

/** `record` with `notes` in place of its own, sealed again (version 3 and later). */
export async function withNotes(record, notes, deviceKey) {
  return sealRecord({ ...record, notes }, await sealKey(deviceKey));
}

/**
 * Resolves when the record (version 3 or later) is whole under `deviceKey`: its
 * seal holds. Rejects with a VaultSealError saying what failed otherwise.
 */
export async function checkRecord(record, deviceKey) {
  if (record.version < SEALED_FROM) throw new VaultCheckError(`a version ${record.version} vault has no seal to check`);
  await checkSeal(record, await sealKey(deviceKey));
}

/**
 * A password change: a fresh device key, every note key moved under it
 * (titles and bodies untouched), wrapped under the new password's key, the
 * record sealed under it. `{record, deviceKey}`: the old device key opens
 * nothing of the new record, so an old copy of the record and the old password
 * open nothing written after the change.
 */
export async function rekeyRecord(record, deviceKey, { salt, t, m, p }, wrappingKey, { api = NOTES_API, worker } = {}) {
  const fresh = crypto.getRandomValues(new Uint8Array(32));
  try {
    const notes = await api.rewrapNoteKeys(record.notes, deviceKey, fresh, { worker });
    const wrappedKey = base64Encode(await api.wrapKey(fresh, wrappingKey, { worker }));
    const next = await sealRecord({ ...record, kdf: { algorithm: 'argon2id13', salt, t, m, p }, wrappedKey, notes },
      await sealKey(fresh));
    return { record: next, deviceKey: fresh };
  } catch (error) {
    fresh.fill(0);
    throw error;
  }
}

function envelopeOf(body) {
  try {
    return unpackBody(body);
  } catch {
    return null;
  }
}

/**
 * The problem of opened notes (openNotes()' answer) for a record of `version`,
 * as a sentence for a person, or '' when there is none: a note that does not
 * open, and a note written under a later version than the record says (the
 * version sealed in each note's header cannot be edited; the record's can).
 */
export function openedProblem(opened, version) {
  const damaged = opened.filter((note) => note.error).length;
  if (damaged) return `${plural(damaged, 'note')} of this vault cannot be opened`;
  for (const [i, note] of opened.entries()) {
    const envelope = envelopeOf(note.body);
    if (version === 1 && envelope) {
      return `its version says 1, but note ${i + 1} was written by version ${envelope.v}: the version was edited`;
    }
    if (version > 1 && !envelope) return `note ${i + 1} has no valid metadata header`;
    if (version > 1 && envelope.v > version) {
      return `its version says ${version}, but note ${i + 1} was written by version ${envelope.v}: the version was edited`;
    }
    if (version > 1 && version >= SEALED_FROM && envelope.v !== version) {
      return `note ${i + 1} was written by version ${envelope.v}, not ${version}: it was brought in from another vault`;
    }
  }
  return '';
}

/**
 * An older record (version 1 or 2) as version 3: every note opened (a version
 * 1 text put in an envelope, not sensitive, created and updated = now; a
 * version 2 note keeps its metadata), sealed again with fresh keys and a
 * version 3 header, and the record sealed. Throws VaultCheckError, and
 * returns nothing, when a note does not open or the record's version was
 * edited down (a note says a later version).
 */
export async function migrateRecord(record, deviceKey, { api = NOTES_API, worker, now = Date.now() } = {}) {
  const opened = await api.openNotes(record.notes, deviceKey, { worker });
  const problem = openedProblem(opened, record.version);
  if (problem) throw new VaultCheckError(problem);
  const plain = opened.map(({ id, title, body }) => {
    const meta = record.version === 1 ? { text: body, sensitive: false, created: now, updated: now } : unpackBody(body);
    return { id, title, body: packBody(meta, VERSION) };
  });
  const notes = await api.sealNotes(plain, deviceKey, { worker });
  return sealRecord({ ...record, version: VERSION, notes }, await sealKey(deviceKey));
}
