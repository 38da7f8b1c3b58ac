// The extension's vault record and its storage, without a browser: what a
// record may hold, what an import refuses, and that a write is one set() of a
// validated record or nothing at all.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { StaleVaultError, readSettings, readVault, storedRevision, wipeVault, writeSettings, writeVault } from '../../extension/storage.js';
import { VaultFormatError, exportText, parseVaultFile, validateVault } from '../../extension/vault-format.js';
import { byRecency, packBody, readNote, unpackBody } from '../../extension/note-envelope.js';
import { wordsOf } from '../../common/search-text.js';
import { clipboardDigest, clipboardHolds, sameText } from '../../extension/clipboard.js';

const b64 = (n, fill = 7) => Buffer.alloc(n, fill).toString('base64');
const note = (id) => ({ id, key: b64(72), title: b64(41), body: b64(60) });
const vault = (extra = {}) => ({
  format: 'memento-vault', version: 1, revision: 3,
  kdf: { algorithm: 'argon2id13', salt: b64(16), t: 3, m: 65536, p: 1 },
  wrappedKey: b64(72), notes: [note('a'), note('b')], ...extra,
});

/** A chrome.storage.local stand-in that records every call. */
function fakeArea(initial = {}) {
  const data = structuredClone(initial);
  const calls = [];
  return {
    data, calls,
    async get(key) { calls.push(['get', key]); return key in data ? { [key]: structuredClone(data[key]) } : {}; },
    async set(items) { calls.push(['set', Object.keys(items)]); Object.assign(data, structuredClone(items)); },
    async remove(key) { calls.push(['remove', key]); delete data[key]; },
  };
}

test('a well-formed vault validates to a clean copy of exactly its fields', () => {
  const input = vault();
  const clean = validateVault(input);
  assert.deepEqual(clean, input);
  assert.notEqual(clean.notes, input.notes);
});

test('refuses a vault with an extra field anywhere (nothing else can be stored)', () => {
  assert.throws(() => validateVault(vault({ password: 'x' })), { name: 'VaultFormatError', message: /unexpected field "password"/ });
  assert.throws(() => validateVault(vault({ notes: [{ ...note('a'), plain: 'x' }] })), /note 1 has an unexpected field "plain"/);
  assert.throws(() => validateVault(vault({ kdf: { ...vault().kdf, hint: 'cat' } })), /kdf has an unexpected field "hint"/);
});

test('refuses wrong format, version, base64, lengths, duplicate ids and absurd Argon2id parameters', () => {
  const cases = [
    [vault({ format: 'other' }), /not a Memento vault/],
    [vault({ version: 4 }), /version 4 is not supported/],
    [vault({ version: 3 }), /the vault lacks the field "seal"/],
    [vault({ version: 3, seal: b64(31) }), /seal must be 32 bytes/],
    [vault({ seal: b64(32) }), /unexpected field "seal"/],
    [vault({ notes: [note('\uD800')] }), /note 1: its id is not well-formed Unicode: a lone surrogate \(U\+D800\)/],
    [vault({ version: '2' }), /version "2" is not supported/],
    [vault({ revision: 0 }), /revision/],
    [vault({ wrappedKey: b64(71) }), /wrappedKey must be 72 bytes/],
    [vault({ wrappedKey: `${b64(72)} ` }), /wrappedKey/],
    [vault({ kdf: { ...vault().kdf, salt: b64(8) } }), /salt length/],
    [vault({ kdf: { ...vault().kdf, salt: b64(16).replace(/w==$/, 'x==') } }), /kdf\.salt is not valid base64/],   // non-canonical
    [vault({ kdf: { ...vault().kdf, m: 4 * 1024 * 1024 } }), /kdf\.m/],
    [vault({ kdf: { ...vault().kdf, t: 0 } }), /kdf\.t/],
    [vault({ kdf: { ...vault().kdf, algorithm: 'scrypt' } }), /argon2id13/],
    [vault({ notes: [note('a'), note('a')] }), /appears twice/],
    [vault({ notes: [{ ...note('a'), key: b64(48) }] }), /note 1: key/],
    [vault({ notes: [{ ...note('a'), title: b64(30) }] }), /note 1: title/],
    [vault({ notes: [{ ...note('a'), body: 'QUJD' + '!' }] }), /note 1: body/],
    [vault({ notes: [{ ...note(''), id: '' }] }), /no valid id/],
    [vault({ notes: {} }), /notes must be an array/],
  ];
  for (const [value, message] of cases) assert.throws(() => validateVault(value), message, JSON.stringify(value).slice(0, 80));
});

test('an import file that is empty, truncated or not JSON is refused with a message for a person', () => {
  const text = exportText(vault());
  assert.deepEqual(parseVaultFile(text), vault());
  assert.throws(() => parseVaultFile(''), { name: 'VaultFormatError', message: 'the file is empty' });
  assert.throws(() => parseVaultFile(text.slice(0, 100)), { message: 'the file is not valid JSON' });
  assert.throws(() => parseVaultFile('[]'), /must be an object/);
  assert.throws(() => parseVaultFile(text, { maxBytes: 10 }), /too large/);
});

test('writeVault validates first, then writes one record with one set() and moves the revision on', async () => {
  const area = fakeArea({ vault: vault(), settings: { autoLockMinutes: 5 } });
  const written = await writeVault({ ...vault(), notes: [note('c')] }, 3, area);
  assert.equal(written.revision, 4);
  assert.deepEqual(area.calls.filter(([op]) => op !== 'get'), [['set', ['vault']]]);
  assert.deepEqual(area.data.vault, written);
  assert.deepEqual(await readVault(area), written);
});

test('writeVault refuses an invalid record or a stale revision and changes nothing', async () => {
  const area = fakeArea({ vault: vault() });
  const before = structuredClone(area.data);
  await assert.rejects(writeVault({ ...vault(), notes: [{ id: 'x', title: 'plain text' }] }, 3, area), VaultFormatError);
  await assert.rejects(writeVault(vault(), 2, area), StaleVaultError);
  await assert.rejects(writeVault(vault(), 0, area), StaleVaultError, 'creating over an existing vault');
  assert.deepEqual(area.data, before);
  assert.equal(area.calls.filter(([op]) => op === 'set').length, 0);
});

test('a damaged stored vault reads as an error, and an import may replace it', async () => {
  const area = fakeArea({ vault: { format: 'memento-vault', notes: 'oops' } });
  await assert.rejects(readVault(area), VaultFormatError);
  assert.equal(await storedRevision(area), -1);
  const written = await writeVault(vault(), await storedRevision(area), area);
  assert.equal(written.revision, 1);
  assert.equal(await readVault(fakeArea()), null);
});

test('wipe removes the vault key only; settings are validated and default to five minutes', async () => {
  const area = fakeArea({ vault: vault(), settings: { autoLockMinutes: 2 } });
  await wipeVault(area);
  assert.deepEqual(Object.keys(area.data), ['settings']);
  assert.deepEqual(await readSettings(area), { autoLockMinutes: 2 });
  assert.deepEqual(await readSettings(fakeArea({ settings: { autoLockMinutes: -1 } })), { autoLockMinutes: 5 });
  await assert.rejects(writeSettings({ autoLockMinutes: 0 }, area), RangeError);
  await writeSettings({ autoLockMinutes: 0.05 }, area);
  assert.deepEqual(area.data.settings, { autoLockMinutes: 0.05 });
});

test('a version 2 record validates and keeps its version; version 1 still reads (to be migrated)', () => {
  assert.equal(validateVault(vault({ version: 2 })).version, 2);
  assert.equal(validateVault(vault()).version, 1);
});

test('note envelope: metadata round-trips, adds no search word, and a damaged header is refused', () => {
  const meta = { text: 'Password: blue-heron-42\nline two', sensitive: true, created: 1733000000000, updated: 1733000500000 };
  const body = packBody(meta);
  assert.deepEqual(unpackBody(body), { ...meta, v: 3 });
  assert.deepEqual(unpackBody(packBody(meta, 2)), { ...meta, v: 2 }, 'a version 2 note says so');
  assert.throws(() => packBody(meta, 4), RangeError);
  assert.deepEqual(wordsOf(body), wordsOf(meta.text), 'the header holds no letter or digit run');
  assert.equal(body.normalize('NFKD'), body, 'NFKD leaves the header alone');
  assert.deepEqual(unpackBody(packBody({ ...meta, text: '', sensitive: false })), { ...meta, text: '', sensitive: false, v: 3 });
  assert.throws(() => unpackBody(meta.text), { name: 'NoteEnvelopeError' });
  assert.throws(() => unpackBody(`x${body}`), { name: 'NoteEnvelopeError' });
  assert.throws(() => unpackBody(body.replace(/^./, String.fromCharCode(0x2800 + 0x5b))), { name: 'NoteEnvelopeError' });
  assert.throws(() => packBody({ ...meta, created: -1 }), RangeError);
  assert.deepEqual(readNote({ id: 'a', title: 'T', body }), { id: 'a', title: 'T', ...meta, v: 3 });
  assert.equal(readNote({ id: 'a', title: 'T', body: 'bare' }).error.name, 'NoteEnvelopeError');
});

test('byRecency: most recently updated first; equal times keep the later stored note first', () => {
  const notes = [{ updated: 5 }, { updated: 9 }, { updated: 5 }, { error: {} }];
  assert.deepEqual(byRecency(notes), [1, 2, 0, 3]);
  assert.deepEqual(byRecency(notes, [0, 1]), [1, 0]);
});

test('the clipboard check: a text copied with CR LF or CR line breaks is recognised as the textarea reads it back (LF)', async () => {
  for (const copied of ['line one\r\nline two\r\n', 'old mac\rbreaks', 'plain\nLF']) {
    const digest = await clipboardDigest(copied);
    const readBack = copied.replace(/\r\n?/g, '\n');   // what a <textarea>'s value gives
    assert.equal(await clipboardHolds(readBack, digest), true, JSON.stringify(copied));
    assert.equal(await clipboardHolds(copied, digest), true);
    assert.equal(await clipboardHolds(`${readBack}x`, digest), false, 'another text is left alone');
    assert.ok(sameText(readBack, copied));
  }
  assert.equal(sameText('a\nb', 'a b'), false);
});
