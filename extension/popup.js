// The popup: a small encrypted-notes vault built from the elements.
//   no vault  -> <vault-unlock mode="create" output="key">: a random device key, wrapped under the Argon2id key
//   locked    -> <vault-unlock mode="derive">: unwrap the device key; a wrong password changes nothing
//   unlocked  -> <note-list> + <fuzzy-search for="notes">, add / edit / delete (sealNote), export, import, delete
// Every worker belongs to this page: the elements' own, one notes client for
// sealing, and one-shot Argon2id and key-wrapping (notes) workers. Locking (by hand,
// or when the service worker's alarm says the popup sat idle) erases the keys,
// drops the plaintexts and terminates every one of them.
import '../components/index.js';
import { createNotesWorker, openNotes, sealNote, unwrapKey, wrapKey } from '../api/notes.js';
import { base64Decode, base64Encode } from '../common/base64.js';
import { readSettings, readVault, storedRevision, validAutoLock, wipeVault, writeSettings, writeVault } from './storage.js';
import { FORMAT, VERSION, exportText, parseVaultFile } from './vault-format.js';

// Argon2id for new vaults: the elements' default (t=3, 64 MiB, one lane).
const KDF = { t: 3, m: 65536, p: 1 };

const $ = (id) => document.getElementById(id);
const VIEWS = ['setup', 'locked', 'unlocked', 'import-panel'];
const list = $('notes');

let record = null;       // the stored vault: ciphertext, salt and parameters only
let session = null;      // while unlocked: {deviceKey, notesClient, search, editing}
let settings = { autoLockMinutes: 5 };
let importReturn = 'setup';
let lastActivity = 0;
let lastPing = 0;

function show(view) {
  for (const name of VIEWS) $(name).hidden = name !== view;
  $('lock').hidden = !session;
  $('app').setAttribute('aria-busy', 'false');
}

function say(text, problem = false) {
  $('message').textContent = text;
  $('message').classList.toggle('problem', problem);
}

const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
function describeIdle(minutes) {
  return minutes < 1 ? plural(Math.round(minutes * 60), 'second') : plural(Math.round(minutes * 100) / 100, 'minute');
}

/** A fresh <vault-unlock> in `slot` (the old one, and any attempt it was running, goes). */
function mountUnlock(slot, attributes) {
  const element = document.createElement('vault-unlock');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  slot.replaceChildren(element);
  return element;
}

function clearSlots() {
  for (const slot of ['create-slot', 'unlock-slot', 'import-slot']) $(slot).replaceChildren();
}

// ---- first run -------------------------------------------------------------

function showSetup() {
  clearSlots();
  const create = mountUnlock($('create-slot'), {
    id: 'create', mode: 'create', output: 'key', label: 'New password', 'submit-label': 'Create vault', ...KDF,
  });
  create.addEventListener('created', (event) => createVault(event.detail, create));
  show('setup');
  create.focus();
}

async function createVault({ salt, t, m, p, key: wrappingKey }, element) {
  const deviceKey = crypto.getRandomValues(new Uint8Array(32));
  let fresh;
  try {
    const wrapped = await wrapKey(deviceKey, wrappingKey);
    fresh = await writeVault({
      format: FORMAT, version: VERSION, revision: 1,
      kdf: { algorithm: 'argon2id13', salt, t, m, p }, wrappedKey: base64Encode(wrapped), notes: [],
    }, 0);
  } catch (error) {
    deviceKey.fill(0);
    element.showError(`The vault was not created: ${error.message}`);
    return;
  } finally {
    wrappingKey.fill(0);
  }
  record = fresh;
  enterUnlocked(deviceKey, 'Vault created. Add your first note.');
}

// ---- locked ----------------------------------------------------------------

function showLocked() {
  clearSlots();
  const { salt, t, m, p } = record.kdf;
  const unlock = mountUnlock($('unlock-slot'), { id: 'unlock', mode: 'derive', salt, t, m, p, label: 'Password', 'submit-label': 'Unlock' });
  unlock.addEventListener('unlock', (event) => unlockWith(event.detail.key, unlock));
  show('locked');
  unlock.focus();
}

async function unlockWith(wrappingKey, element) {
  let deviceKey;
  try {
    deviceKey = await unwrapKey(base64Decode(record.wrappedKey), wrappingKey);
  } catch (error) {
    element.showError(error.name === 'WrongKeyError'
      ? 'Wrong password. The vault stays locked and nothing was changed.'
      : `Could not unlock: ${error.message}`);
    return;
  } finally {
    wrappingKey.fill(0);
  }
  if (!element.isConnected) { deviceKey.fill(0); return; }
  enterUnlocked(deviceKey, 'Unlocked.');
}

// ---- unlocked --------------------------------------------------------------

function enterUnlocked(deviceKey, message) {
  clearSlots();
  const search = document.createElement('fuzzy-search');
  search.id = 'search';
  search.setAttribute('for', 'notes');
  search.setAttribute('label', 'Search notes');
  search.setAttribute('placeholder', 'Type to search; typos are fine');
  $('search-slot').replaceChildren(search);
  session = { deviceKey, notesClient: createNotesWorker({ idleMs: Infinity }), search, editing: null };
  list.notes = record.notes;
  list.deviceKey = deviceKey;   // the list keeps a private copy, erased by list.lock()
  closeEditor();
  show('unlocked');
  say(message);
  touch(true);
}

// <fuzzy-search for="notes"> indexes the list by itself (its texts go from the notes worker to the search worker) and empties on list.lock().
list.addEventListener('notes-error', (event) => {
  if (session) say(`The notes could not be opened: ${event.detail.message}`, true);
});
list.addEventListener('select', (event) => {
  if (session) openEditor(event.detail);
});

/** Stores `notes` as the next revision (one write), then shows them. Throws and changes nothing on failure. */
async function commit(notes) {
  const next = await writeVault({ ...record, notes }, record.revision);
  record = next;
  list.notes = record.notes;
}

function openEditor(note) {
  session.editing = note ? note.id : null;
  $('editor-title').textContent = note ? 'Edit note' : 'New note';
  $('note-title').value = note?.title ?? '';
  $('note-body').value = note?.body ?? '';
  $('delete-note').hidden = !note;
  $('editor').hidden = false;
  $('note-title').focus();
}

function closeEditor() {
  $('note-title').value = '';
  $('note-body').value = '';
  $('editor').hidden = true;
  if (session) session.editing = null;
}

function setEditorBusy(busy) {
  for (const id of ['save-note', 'cancel-note', 'delete-note']) $(id).disabled = busy;
}

$('new-note').addEventListener('click', () => openEditor(null));
$('cancel-note').addEventListener('click', () => { closeEditor(); list.focus(); });

$('editor').addEventListener('submit', async (event) => {
  event.preventDefault();
  const current = session;
  if (!current) return;
  const title = $('note-title').value;
  const body = $('note-body').value;
  if (!title.trim() && !body.trim()) { say('Write a title or some text first.', true); return; }
  const id = current.editing ?? crypto.randomUUID();
  setEditorBusy(true);
  try {
    // A fresh note key and fresh nonces, every time.
    const sealed = await sealNote({ id, title, body }, current.deviceKey, { worker: current.notesClient });
    if (session !== current) return;   // locked meanwhile: nothing is written
    const notes = record.notes.slice();
    const at = notes.findIndex((note) => note.id === id);
    if (at >= 0) notes[at] = sealed;
    else notes.push(sealed);
    await commit(notes);
    closeEditor();
    say(at >= 0 ? 'Note saved.' : 'Note added.');
  } catch (error) {
    if (session === current) say(`The note was not saved: ${error.message}`, true);
  } finally {
    setEditorBusy(false);
  }
});

$('delete-note').addEventListener('click', async () => {
  const current = session;
  if (!current?.editing) return;
  setEditorBusy(true);
  try {
    await commit(record.notes.filter((note) => note.id !== current.editing));
    closeEditor();
    say('Note deleted.');
  } catch (error) {
    say(`The note was not deleted: ${error.message}`, true);
  } finally {
    setEditorBusy(false);
  }
});

// ---- locking ---------------------------------------------------------------

/** Erases the device key, drops every plaintext and terminates every worker this session started. */
function endSession() {
  const current = session;
  if (!current) return;
  session = null;
  list.lock();                      // its key copy zeroed, its plaintexts dropped, its worker terminated
  current.search.remove();          // disconnecting destroys the search index and its worker
  current.notesClient.terminate('locked');
  current.deviceKey.fill(0);
  closeEditor();
  $('wipe-confirm').hidden = true;
  $('tools').open = false;
  chrome.runtime.sendMessage({ type: 'locked' }).catch(() => {});
}

function lock(message) {
  if (!session) return;
  endSession();
  showLocked();
  say(message);
}

$('lock').addEventListener('click', () => lock('Locked.'));

// Activity re-arms the service worker's alarm (at most once a second); when it
// fires, the popup locks unless there was activity since the alarm was set.
function touch(force = false) {
  lastActivity = Date.now();
  if (!session) return;
  if (!force && lastActivity - lastPing < 1000) return;
  lastPing = lastActivity;
  chrome.runtime.sendMessage({ type: 'activity', minutes: settings.autoLockMinutes }).catch(() => {});
}
for (const type of ['pointerdown', 'keydown', 'input', 'wheel']) {
  document.addEventListener(type, () => touch(), { capture: true, passive: true });
}
chrome.runtime.onMessage.addListener((message, sender) => {
  if (sender.id !== chrome.runtime.id || message?.type !== 'lock' || !session) return;
  const idleMs = settings.autoLockMinutes * 60000;
  const left = idleMs - (Date.now() - lastActivity);
  if (left > 250) {
    chrome.runtime.sendMessage({ type: 'activity', minutes: left / 60000 }).catch(() => {});
    return;
  }
  lock(`Locked after ${describeIdle(settings.autoLockMinutes)} without activity.`);
});

$('settings').addEventListener('submit', async (event) => {
  event.preventDefault();
  const minutes = Number($('idle-minutes').value);
  if (!validAutoLock(minutes)) { say('Choose an idle time from 1 second (0.02 minutes) to 1440 minutes.', true); return; }
  try {
    await writeSettings({ autoLockMinutes: minutes });
  } catch (error) {
    say(`The setting was not saved: ${error.message}`, true);
    return;
  }
  settings = { autoLockMinutes: minutes };
  touch(true);
  say(`The vault now locks after ${describeIdle(minutes)} without activity.`);
});

// ---- export, import, delete ------------------------------------------------

$('export').addEventListener('click', () => {
  const url = URL.createObjectURL(new Blob([exportText(record)], { type: 'application/json' }));
  const link = Object.assign(document.createElement('a'), {
    href: url, download: `memento-vault-${new Date().toISOString().slice(0, 10)}.json`,
  });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60000);
  say('Exported. The file holds only encrypted notes and opens with this vault\'s password.');
});

function showImport() {
  importReturn = session ? 'unlocked' : record ? 'locked' : 'setup';
  $('import-file').value = '';
  $('import-error').textContent = '';
  $('import-slot').replaceChildren();
  show('import-panel');
  $('import-file').focus();
}
$('setup-import').addEventListener('click', showImport);
$('import').addEventListener('click', showImport);
$('import-cancel').addEventListener('click', () => {
  $('import-slot').replaceChildren();
  if (importReturn === 'unlocked' && session) show('unlocked');
  else if (record) showLocked();
  else showSetup();
});

$('import-file').addEventListener('change', async () => {
  $('import-slot').replaceChildren();
  $('import-error').textContent = '';
  const file = $('import-file').files[0];
  if (!file) return;
  let candidate;
  try {
    candidate = parseVaultFile(await file.text());
  } catch (error) {
    $('import-error').textContent = `This file cannot be imported: ${error.message}. Nothing was changed.`;
    return;
  }
  const { salt, t, m, p } = candidate.kdf;
  const unlock = mountUnlock($('import-slot'), {
    id: 'import-unlock', mode: 'derive', salt, t, m, p, label: 'Password of this file', 'submit-label': 'Import',
  });
  unlock.addEventListener('unlock', (event) => importWith(candidate, event.detail.key, unlock));
  unlock.focus();
});

// The file replaces the vault only once its password unwraps its device key
// and every one of its notes opens: a refused file changes nothing.
async function importWith(candidate, wrappingKey, element) {
  let deviceKey;
  try {
    deviceKey = await unwrapKey(base64Decode(candidate.wrappedKey), wrappingKey);
  } catch (error) {
    element.showError(error.name === 'WrongKeyError'
      ? 'This file was made under another password: it does not open with this one. Nothing was imported.'
      : `Import failed: ${error.message}. Nothing was changed.`);
    return;
  } finally {
    wrappingKey.fill(0);
  }
  const client = createNotesWorker({ idleMs: Infinity });
  let problem = '';
  try {
    const damaged = (await openNotes(candidate.notes, deviceKey, { worker: client })).filter((note) => note.error).length;
    if (damaged) problem = `${plural(damaged, 'note')} of this file ${damaged === 1 ? 'is' : 'are'} damaged. Nothing was imported.`;
  } catch (error) {
    problem = `Import failed: ${error.message}. Nothing was changed.`;
  } finally {
    client.terminate('import checked');
  }
  let written;
  if (!problem && element.isConnected) {
    try {
      written = await writeVault(candidate, await storedRevision());
    } catch (error) {
      problem = `Import failed: ${error.message}. Nothing was changed.`;
    }
  }
  if (!written) {
    deviceKey.fill(0);
    if (problem) element.showError(problem);
    return;
  }
  endSession();
  record = written;
  enterUnlocked(deviceKey, `Imported ${plural(record.notes.length, 'note')}.`);
}

$('wipe').addEventListener('click', () => {
  $('wipe-confirm').hidden = false;
  $('wipe-no').focus();
});
$('wipe-no').addEventListener('click', () => {
  $('wipe-confirm').hidden = true;
  $('wipe').focus();
});
$('wipe-yes').addEventListener('click', async () => {
  endSession();
  record = null;
  await wipeVault();
  showSetup();
  say('The vault was deleted from this browser.');
});

// ---- start -----------------------------------------------------------------

settings = await readSettings();
$('idle-minutes').value = String(settings.autoLockMinutes);
try {
  record = await readVault();
} catch (error) {
  record = null;
  say(`The stored vault is damaged (${error.message}). Import a vault file to replace it.`, true);
}
if (record) showLocked();
else showSetup();
