// The stored (and exported) vault record, and its validation. Pure: no chrome.*,
// no DOM, so Node tests it directly. A record holds only ciphertext, the KDF
// salt and parameters, a revision counter and, from version 3, its seal:
//   {format: 'memento-vault', version: 3, revision,
//    kdf: {algorithm: 'argon2id13', salt, t, m, p},
//    wrappedKey,            base64(nonce[24] || crypto_secretbox(deviceKey[32]))   72 bytes
//    notes: [{id, key, title, body}],                                    docs/specs/notes.md
//    seal}                  base64(HMAC-SHA-256) over all of it but revision (extension/vault-seal.js)
// Version 2 seals each note's metadata in its body (extension/note-envelope.js);
// version 1 bodies are the bare text. Version 3 adds the seal, and its note
// headers say 3. Versions 1 and 2 still validate: the popup updates such a
// vault to version 3 only when the person asks, with its password (extension/README.md).
// Anything else (an extra field, a short salt, a loose base64, an id that is
// not well-formed Unicode) is refused: nothing unvalidated is ever written,
// and nothing but these fields can be.

import { base64ByteLength } from '../common/base64.js';
import { idProblem } from '../common/note-id.js';
import { PWHASH_VERIFY_LIMITS } from '../common/constants.js';

export const FORMAT = 'memento-vault';
export const VERSION = 3;
/** Versions this popup reads: older ones are updated to VERSION when the person confirms it with the password. */
export const READABLE_VERSIONS = Object.freeze([1, 2, 3]);
// Bounds on what a file may ask of this machine: a hostile file must not make
// the popup allocate gigabytes or spin for minutes before the password check.
export const KDF_LIMITS = {
  t: [1, PWHASH_VERIFY_LIMITS.t], m: [8 * 1024, PWHASH_VERIFY_LIMITS.m], p: [1, PWHASH_VERIFY_LIMITS.p], salt: [16, 64],
};
// Argon2id for new vaults and re-keying: Bitwarden's default (64 MiB, t=3, four lanes).
// In Chromium the popup is cross-origin isolated (manifest COOP/COEP), so the
// lanes run in parallel workers; where it is not (Firefox has no such manifest
// keys), they run one after another, same key.
export const NEW_VAULT_KDF = Object.freeze({ t: 3, m: 65536, p: 4 });
export const MAX_NOTES = 100000;
const MAX_ID = 128;
/** The first version whose record carries a seal (extension/vault-seal.js). */
export const SEALED_FROM = 3;

export class VaultFormatError extends Error {
  constructor(message) {
    super(message);
    this.name = 'VaultFormatError';
  }
}

function fail(message) {
  throw new VaultFormatError(message);
}

function exactKeys(value, keys, what) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail(`${what} must be an object`);
  const extra = Object.keys(value).filter((k) => !keys.includes(k));
  if (extra.length) fail(`${what} has an unexpected field "${extra[0]}"`);
  const missing = keys.filter((k) => !Object.hasOwn(value, k));
  if (missing.length) fail(`${what} lacks the field "${missing[0]}"`);
}

function integerIn(value, [min, max], what) {
  if (!Number.isInteger(value) || value < min || value > max) fail(`${what} must be a whole number from ${min} to ${max}`);
}

/**
 * Checks a vault record (from storage or an imported file) and returns a
 * clean copy holding exactly the known fields; throws VaultFormatError.
 */
export function validateVault(value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) fail('the vault must be an object');
  if (value.format !== FORMAT) fail('this is not a Memento vault (format is not "memento-vault")');
  if (!READABLE_VERSIONS.includes(value.version)) {
    fail(`vault version ${JSON.stringify(value.version)} is not supported (this popup reads versions ${READABLE_VERSIONS.join(', ')})`);
  }
  const sealed = value.version >= SEALED_FROM;
  exactKeys(value, ['format', 'version', 'revision', 'kdf', 'wrappedKey', 'notes', ...(sealed ? ['seal'] : [])], 'the vault');
  if (sealed && base64ByteLength(value.seal) !== 32) fail('seal must be 32 bytes of base64');
  integerIn(value.revision, [1, Number.MAX_SAFE_INTEGER], 'revision');
  const { kdf } = value;
  exactKeys(kdf, ['algorithm', 'salt', 't', 'm', 'p'], 'kdf');
  if (kdf.algorithm !== 'argon2id13') fail('kdf.algorithm must be "argon2id13"');
  const saltBytes = base64ByteLength(kdf.salt);
  if (saltBytes < 0) fail('kdf.salt is not valid base64');
  integerIn(saltBytes, KDF_LIMITS.salt, 'the salt length in bytes');
  integerIn(kdf.t, KDF_LIMITS.t, 'kdf.t');
  integerIn(kdf.p, KDF_LIMITS.p, 'kdf.p');
  integerIn(kdf.m, KDF_LIMITS.m, 'kdf.m (KiB)');
  if (kdf.m < 8 * kdf.p) fail('kdf.m must be at least 8 KiB per lane');
  if (base64ByteLength(value.wrappedKey) !== 72) fail('wrappedKey must be 72 bytes of base64');
  if (!Array.isArray(value.notes)) fail('notes must be an array');
  if (value.notes.length > MAX_NOTES) fail(`a vault holds at most ${MAX_NOTES} notes`);
  const ids = new Set();
  const notes = value.notes.map((note, i) => {
    exactKeys(note, ['id', 'key', 'title', 'body'], `note ${i + 1}`);
    if (typeof note.id !== 'string' || note.id.length === 0 || note.id.length > MAX_ID) fail(`note ${i + 1} has no valid id`);
    const problem = idProblem(note.id);
    if (problem) fail(`note ${i + 1}: its id ${problem}`);
    if (ids.has(note.id)) fail(`note id "${note.id}" appears twice`);
    ids.add(note.id);
    if (base64ByteLength(note.key) !== 72) fail(`note ${i + 1}: key must be 72 bytes of base64`);
    for (const field of ['title', 'body']) {
      if (base64ByteLength(note[field]) < 40) fail(`note ${i + 1}: ${field} is not a sealed field (base64, at least 40 bytes)`);
    }
    return { id: note.id, key: note.key, title: note.title, body: note.body };
  });
  return {
    format: FORMAT, version: value.version, revision: value.revision,
    kdf: { algorithm: 'argon2id13', salt: kdf.salt, t: kdf.t, m: kdf.m, p: kdf.p },
    wrappedKey: value.wrappedKey, notes, ...(sealed ? { seal: value.seal } : {}),
  };
}

/** Parses an exported file's text; throws VaultFormatError with a message for a person. */
export function parseVaultFile(text, { maxBytes = 64 * 1024 * 1024 } = {}) {
  if (typeof text !== 'string' || text.length === 0) fail('the file is empty');
  if (text.length > maxBytes) fail('the file is too large to be a vault');
  let value;
  try {
    value = JSON.parse(text);
  } catch {
    fail('the file is not valid JSON');
  }
  return validateVault(value);
}

/** The text of an export: the record as stored, nothing more. */
export function exportText(record) {
  return `${JSON.stringify(validateVault(record), null, 2)}\n`;
}

