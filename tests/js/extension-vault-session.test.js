// The vault as a whole, as an attacker who holds the stored record or an
// export would try it: a password change must leave the old password and an
// old copy of the record unable to open anything written after it, and an
// edited record (version, a note dropped, reordered, rolled back or brought
// back from an old export) must be refused before anything opens. Run on
// dist/node.js (the notes worker in both wasm builds as shipped).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openNotes, sealNote, sealNotes, unwrapKey, wrapKey, rewrapNoteKeys } from '../../dist/node.js';
import { checkRecord, createRecord, migrateRecord, openedProblem, rekeyRecord, withNotes } from '../../extension/vault-session.js';
import { VaultSealError, sealedContent } from '../../extension/vault-seal.js';
import { VaultFormatError, validateVault } from '../../extension/vault-format.js';
import { packBody, unpackBody } from '../../extension/note-envelope.js';
import { base64Decode } from '../../common/base64.js';

const api = { openNotes, sealNotes, wrapKey, rewrapNoteKeys };
const KDF = { salt: Buffer.alloc(16, 9).toString('base64'), t: 1, m: 8192, p: 1 };
const random32 = () => crypto.getRandomValues(new Uint8Array(32));
const T0 = 1_700_000_000_000;

async function note(id, text, deviceKey, v = 3) {
  return sealNote({ id, title: `title ${id}`, body: packBody({ text, created: T0, updated: T0 }, v) }, deviceKey);
}

/** A sealed version 3 vault of `n` notes, as the popup writes it. */
async function vaultOf(n) {
  const password = random32();
  const { record, deviceKey } = await createRecord(KDF, password.slice(), { api });
  const notes = [];
  for (let i = 0; i < n; i++) notes.push(await note(`n${i}`, `text ${i}`, deviceKey));
  return { record: validateVault(await withNotes(record, notes, deviceKey)), deviceKey, password };
}

const refused = (promise) => assert.rejects(promise, (error) => error instanceof VaultSealError && /seal does not match/.test(error.message));

test('after a password change, the old password and an old copy of the record open nothing written after it', async () => {
  const { record: old, deviceKey, password } = await vaultOf(3);
  const newPassword = random32();
  const rekeyed = await rekeyRecord(old, deviceKey, { ...KDF, salt: Buffer.alloc(16, 1).toString('base64') }, newPassword.slice(), { api });
  assert.notDeepEqual(rekeyed.deviceKey, deviceKey, 'a fresh device key');
  // Titles and bodies are not sealed again; every note key is.
  assert.deepEqual(rekeyed.record.notes.map(({ id, title, body }) => ({ id, title, body })), old.notes.map(({ id, title, body }) => ({ id, title, body })));
  for (const [i, n] of rekeyed.record.notes.entries()) assert.notEqual(n.key, old.notes[i].key);
  await checkRecord(rekeyed.record, rekeyed.deviceKey);
  const later = await note('later', 'written after the change', rekeyed.deviceKey);
  const current = await withNotes(rekeyed.record, [...rekeyed.record.notes, later], rekeyed.deviceKey);

  // The attacker: the old record (a backup) and the old password.
  const recovered = await unwrapKey(base64Decode(old.wrappedKey), password);
  assert.deepEqual(recovered, deviceKey, 'the old copy still opens with the old password');
  const opened = await openNotes(current.notes, recovered);
  assert.deepEqual(opened.map((n) => n.error?.name), current.notes.map(() => 'AuthenticationError'), 'nothing of the current vault opens');
  await refused(checkRecord(current, recovered));
  // The new password opens everything, with the same texts.
  const now = await openNotes(current.notes, await unwrapKey(base64Decode(current.wrappedKey), newPassword));
  assert.deepEqual(now.map((n) => unpackBody(n.body).text), ['text 0', 'text 1', 'text 2', 'written after the change']);
  await assert.rejects(unwrapKey(base64Decode(current.wrappedKey), password), { name: 'WrongKeyError' });
});

test('re-keying is all or nothing: a note key that does not open under the device key refuses the whole re-key', async () => {
  const { record, deviceKey } = await vaultOf(2);
  const stranger = await note('x', 'sealed under another key', random32());
  await assert.rejects(rekeyRecord({ ...record, notes: [...record.notes, stranger] }, deviceKey, KDF, random32(), { api }),
    { name: 'AuthenticationError', message: /notes\[2\] \(id "x"\)/ });
  await assert.rejects(rewrapNoteKeys([{ ...record.notes[0], key: 'AAAA' }], deviceKey, random32()), { name: 'MalformedNoteError' });
});

test('rewrapNoteKeys() moves 5,000 note keys and leaves every title and body as it was', async () => {
  const from = random32();
  const to = random32();
  const notes = await sealNotes(Array.from({ length: 5000 }, (_, i) => ({ id: `id-${i}`, title: `t${i}`, body: `b${i}` })), from);
  const moved = await rewrapNoteKeys(notes, from, to);
  assert.equal(moved.length, 5000);
  const opened = await openNotes(moved, to);
  assert.equal(opened.filter((n) => n.error).length, 0);
  assert.deepEqual([opened[0].body, opened[4999].title], ['b0', 't4999']);
  assert.ok(moved.every((n, i) => n.title === notes[i].title && n.body === notes[i].body && n.key !== notes[i].key));
  assert.equal((await openNotes(moved, from)).filter((n) => !n.error).length, 0, 'the old device key opens none');
});

test('every edit of a sealed record is refused before anything opens', async () => {
  const { record, deviceKey } = await vaultOf(4);
  await checkRecord(record, deviceKey);
  const older = structuredClone(record);   // an old export
  const rolled = await note('n1', 'text 1, edited later', deviceKey);
  const current = await withNotes(record, [record.notes[0], rolled, ...record.notes.slice(2)], deviceKey);
  await checkRecord(current, deviceKey);
  const dropped = await withNotes(current, current.notes.slice(0, 3), deviceKey);   // n3 deleted since the old export
  const edits = {
    'a note dropped': { ...current, notes: current.notes.filter((_, i) => i !== 2) },
    'two notes reordered': { ...current, notes: [current.notes[1], current.notes[0], ...current.notes.slice(2)] },
    'a note rolled back to its older sealed version': { ...current, notes: [current.notes[0], older.notes[1], ...current.notes.slice(2)] },
    'a deleted note brought back from an old export': { ...dropped, notes: [...dropped.notes, older.notes[3]] },
    'the kdf edited': { ...current, kdf: { ...current.kdf, t: 2 } },
    'the seal of the old export': { ...current, seal: older.seal },
  };
  for (const [what, edited] of Object.entries(edits)) {
    await refused(checkRecord(validateVault(edited), deviceKey)).catch((error) => { throw new Error(`${what}: ${error.message}`); });
    // Each note on its own still opens: only the seal tells.
    assert.equal((await openNotes(edited.notes, deviceKey)).filter((n) => n.error).length, 0, `${what}: notes open alone`);
  }
});

test('an edited version is refused: no silent downgrade, the seal cannot be dropped', async () => {
  const { record, deviceKey } = await vaultOf(2);
  const { seal, ...unsealed } = record;
  assert.ok(seal);
  assert.throws(() => validateVault(unsealed), VaultFormatError, 'version 3 without a seal');
  assert.throws(() => validateVault({ ...record, version: 2 }), /unexpected field "seal"/);
  for (const version of [1, 2]) {
    const downgraded = validateVault({ ...unsealed, version });
    await assert.rejects(checkRecord(downgraded, deviceKey), /no seal to check/);
    await assert.rejects(migrateRecord(downgraded, deviceKey, { api }),
      { name: 'VaultCheckError', message: new RegExp(`version says ${version}, but note 1 was written by version 3: the version was edited`) });
  }
});

test('a version 2 vault is updated to 3 (metadata kept, notes sealed again, record sealed); a version 1 one too', async () => {
  const deviceKey = random32();
  const v2 = validateVault({
    format: 'memento-vault', version: 2, revision: 4, kdf: { algorithm: 'argon2id13', ...KDF }, wrappedKey: Buffer.alloc(72).toString('base64'),
    notes: [await sealNote({ id: 'a', title: 'A', body: packBody({ text: 'secret', sensitive: true, created: T0, updated: T0 + 5 }, 2) }, deviceKey)],
  });
  const v3 = await migrateRecord(v2, deviceKey, { api });
  assert.equal(v3.version, 3);
  await checkRecord(validateVault(v3), deviceKey);
  const [opened] = await openNotes(v3.notes, deviceKey);
  assert.deepEqual(unpackBody(opened.body), { text: 'secret', sensitive: true, created: T0, updated: T0 + 5, v: 3 });
  const v1 = { ...v2, version: 1, notes: [await sealNote({ id: 'b', title: 'B', body: 'plain text' }, deviceKey)] };
  const fromV1 = await migrateRecord(v1, deviceKey, { api, now: T0 });
  assert.deepEqual(unpackBody((await openNotes(fromV1.notes, deviceKey))[0].body), { text: 'plain text', sensitive: false, created: T0, updated: T0, v: 3 });
  // A version 2 note inside a sealed version 3 vault was brought in from elsewhere.
  assert.match(openedProblem([{ id: 'a', title: 'A', body: packBody({ text: 'x', created: T0, updated: T0 }, 2) }], 3), /brought in from another vault/);
});

test('the seal\'s input, made in slices, is exactly the JSON of the whole record\'s array', async () => {
  const odd = ['', 'a"b\\c', 'caf\u00e9 \u20ac \u{1F600}', '\n\t\u0000', '</script>'];
  for (const count of [0, 1, 31, 32, 33, 100]) {
    const notes = Array.from({ length: count }, (_, i) => ({ id: `${odd[i % 5]}${i}`, key: odd[(i + 1) % 5], title: odd[(i + 2) % 5], body: `${odd[(i + 3) % 5]}${'x'.repeat(i)}` }));
    const record = { version: 3, kdf: { algorithm: 'argon2id13', ...KDF }, wrappedKey: 'W'.repeat(96), notes };
    const whole = JSON.stringify(['memento-vault', 3, 'argon2id13', KDF.salt, KDF.t, KDF.m, KDF.p, 'W'.repeat(96), notes.map((n) => [n.id, n.key, n.title, n.body])]);
    assert.deepEqual(await sealedContent(record), new TextEncoder().encode(whole), `${count} notes`);
  }
});

test('note ids must be well-formed Unicode: a lone surrogate would alias U+FFFD', async () => {
  const key = random32();
  await assert.rejects(sealNote({ id: '\uD800', title: 't', body: 'b' }, key), { name: 'TypeError', message: /note\.id is not well-formed Unicode: a lone surrogate \(U\+D800\) at index 0/ });
  await assert.rejects(sealNotes([{ id: 'ok', title: '', body: '' }, { id: 'a\uDC00', title: '', body: '' }], key), /notes\[1\]\.id is not well-formed/);
  const sealed = await sealNote({ id: '\uFFFD', title: 't', body: 'b' }, key);
  const opened = await openNotes([sealed, { ...sealed, id: '\uD800' }, { ...sealed, id: 'x\uDBFF' }], key);
  assert.deepEqual(opened[0], { id: '\uFFFD', title: 't', body: 'b' });
  for (const n of opened.slice(1)) assert.deepEqual(n.error, { name: 'MalformedNoteError', message: 'note id is not well-formed Unicode (a lone surrogate): it cannot be sealed as UTF-8' });
  const record = { format: 'memento-vault', version: 2, revision: 1, kdf: { algorithm: 'argon2id13', ...KDF }, wrappedKey: Buffer.alloc(72).toString('base64'), notes: [sealed, { ...sealed, id: '\uD800' }] };
  assert.throws(() => validateVault(record), /note 2: its id is not well-formed Unicode/);
  await assert.rejects(rewrapNoteKeys([{ ...sealed, id: '\uD800' }], key, random32()), /notes\[0\]\.id is not well-formed/);
});
