// The popup: a small encrypted-notes vault built from the elements.
//   no vault  -> <vault-unlock mode="create" output="key">: a random device key, wrapped under the Argon2id key
//   locked    -> <vault-unlock mode="derive">: unwrap the device key; a wrong password changes nothing
//   unlocked  -> <note-list> + <fuzzy-search for="notes">; a note opens in a read view, Edit is one action further
// Every worker belongs to this page: the elements' own, one notes client for
// sealing, and one-shot Argon2id and key-wrapping (notes) workers. Locking (by hand,
// or when the service worker's alarm says the popup sat idle) erases the keys,
// drops the plaintexts and terminates every one of them.
// The three elements the popup uses, and no other: the packed extension ships
// only the workers and wasm of what it bundles (scripts/pack-extension.mjs).
import { VaultUnlock } from '../components/vault-unlock.js';
import { NoteList } from '../components/note-list.js';
import { FuzzySearch } from '../components/fuzzy-search.js';
import { createNotesWorker, openNotes, sealNote, unwrapKey } from '../api/notes.js';
import { endStandbys } from '../api/runtime/run-once.js';
import { base64Decode } from '../common/base64.js';
import { readSettings, readVault, storedRevision, validAutoLock, wipeVault, writeSettings, writeVault } from './storage.js';
import { VERSION, exportText, parseVaultFile } from './vault-format.js';
import { byRecency, packBody, readNote } from './note-envelope.js';
import { checkRecord, createRecord, migrateRecord, openedProblem, rekeyRecord, withNotes } from './vault-session.js';
import { CLIPBOARD_CLEAR_MS, clipboardDigest, sameText } from './clipboard.js';

// Argon2id for new vaults and re-keying: Bitwarden's default (64 MiB, t=3, four lanes).
// In Chromium the popup is cross-origin isolated (manifest COOP/COEP), so the
// lanes run in parallel workers; where it is not (Firefox has no such manifest
// keys), they run one after another, same key.
const KDF = { t: 3, m: 65536, p: 4 };
const UNDO_MS = 8000;
const MASK = '••••••••••••';

for (const [name, element] of [['vault-unlock', VaultUnlock], ['note-list', NoteList], ['fuzzy-search', FuzzySearch]]) {
  if (!customElements.get(name)) customElements.define(name, element);
}

const $ = (id) => document.getElementById(id);
const VIEWS = ['setup', 'locked', 'unlocked', 'reader', 'editor-view', 'settings-view', 'import-panel'];
const list = $('notes');

let record = null;       // the stored vault: ciphertext, salt and parameters only
let session = null;      // while unlocked: {deviceKey, notesClient, search, reading, editing, revealed, undo}
let ahead = null;        // while the password is typed: {notesClient, search}, readied for the session (readyAhead)
let settings = { autoLockMinutes: 5 };
let current = 'setup';   // the view shown
let importReturn = 'setup';
let lastActivity = 0;
let lastPing = 0;

// ---- views and their status lines ------------------------------------------

/** Shows one view; the status lines of the others are emptied (a message leaves with its view). */
function show(view) {
  for (const name of VIEWS) {
    const section = $(name);
    section.hidden = name !== view;
    if (name !== view) setStatus(section, '');
  }
  if (view !== 'unlocked') hideUndo();
  // A revealed text does not stay in the page once its view is gone.
  if (view !== 'reader') {
    $('reader-text').textContent = '';
    if (session) session.revealed = false;
  }
  current = view;
  const unlocked = !!session && view !== 'import-panel';
  $('lock').hidden = !unlocked;
  $('open-settings').hidden = !unlocked || view === 'settings-view';
  $('app').setAttribute('aria-busy', 'false');
}

function setStatus(section, text, problem = false) {
  const status = section.querySelector(':scope > .status');
  status.textContent = text;
  status.classList.toggle('problem', problem);
}

/** A message in the status line of the view shown. */
function say(text, problem = false) {
  setStatus($(current), text, problem);
}

const plural = (n, word, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;
function describeIdle(minutes) {
  return minutes < 1 ? plural(Math.round(minutes * 60), 'second') : plural(Math.round(minutes * 100) / 100, 'minute');
}
// One date format for the read view, made when first needed (not ahead at
// idle: the first Intl format of a page is a 25-78 ms task in Chromium, which
// would then fall on the password being typed; common/number-format.js).
let dateFormat;
const when = (ms) => {
  dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
  return dateFormat.format(new Date(ms));
};

/** A fresh <vault-unlock> in `slot` (the old one, and any attempt it was running, goes). */
function mountUnlock(slot, attributes) {
  const element = document.createElement('vault-unlock');
  // What a password manager files the vault password under (a hidden username field).
  element.setAttribute('username', 'Memento vault');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  slot.replaceChildren(element);
  return element;
}

function clearSlots() {
  for (const slot of ['create-slot', 'unlock-slot', 'import-slot', 'import-current-slot', 'rekey-slot', 'wipe-slot']) $(slot).replaceChildren();
}

/**
 * Asks for the vault's password in `slot` before an action that replaces or
 * deletes it (import while unlocked, Delete): `then()` runs once the password
 * unwraps the stored device key; a wrong one is refused and nothing happens.
 */
function confirmWithPassword(slot, { id, label, submit }, then) {
  const { salt, t, m, p } = record.kdf;
  const element = mountUnlock(slot, { id, mode: 'derive', salt, t, m, p, label, 'submit-label': submit });
  element.addEventListener('vault-unlocked', async (event) => {
    const wrappingKey = event.detail.key;
    try {
      (await unwrapKey(base64Decode(record.wrappedKey), wrappingKey)).fill(0);
    } catch (error) {
      element.showError(error.name === 'WrongKeyError' ? 'Wrong password. Nothing was changed.' : `Could not check it: ${error.message}`);
      return;
    } finally {
      wrappingKey.fill(0);
    }
    if (element.isConnected) then();
  });
  return element;
}

// ---- first run -------------------------------------------------------------

function showSetup() {
  clearSlots();
  const create = mountUnlock($('create-slot'), {
    id: 'create', mode: 'create', output: 'key', label: 'New password', 'submit-label': 'Create vault', ...KDF,
  });
  create.addEventListener('vault-created', (event) => createVault(event.detail, create));
  show('setup');
  create.focus();
}

async function createVault({ salt, t, m, p, key: wrappingKey }, element) {
  let made;
  try {
    made = await createRecord({ salt, t, m, p }, wrappingKey);
    record = await writeVault(made.record, 0);
  } catch (error) {
    made?.deviceKey.fill(0);
    element.showError(`The vault was not created: ${error.message}`);
    return;
  } finally {
    wrappingKey.fill(0);
  }
  enterUnlocked(made.deviceKey, 'Vault created. Add your first note.');
}

// ---- locked ----------------------------------------------------------------

// A vault of an older format (1 or 2) is not sealed as a whole: it opens only
// through an explicit update, confirmed with its password (the notice says so).
const olderFormat = (version) => `This vault is in format version ${version}, which does not protect the vault as a whole `
  + `(notes could have been removed, reordered or rolled back unnoticed). Your password updates it to version ${VERSION}; `
  + 'if you did not expect an older vault here, do not go on.';

function showLocked() {
  clearSlots();
  const { salt, t, m, p } = record.kdf;
  const older = record.version < VERSION;
  const unlock = mountUnlock($('unlock-slot'), {
    id: 'unlock', mode: 'derive', salt, t, m, p, label: 'Password', 'submit-label': older ? 'Update and unlock' : 'Unlock',
  });
  unlock.addEventListener('vault-unlocked', (event) => unlockWith(event.detail.key, unlock));
  // <vault-unlock> readies its Argon2id worker as the password is typed; the
  // workers that follow the key are readied then too.
  unlock.addEventListener('input', readyAhead);
  show('locked');
  if (older) say(olderFormat(record.version), true);
  unlock.focus();
}

/**
 * The workers of the coming session, started while the password is typed, so
 * that the key opens the notes at once instead of waiting for three workers
 * to start and instantiate: the notes worker that unwraps the device key (and
 * seals for the session), the list's own notes worker (the list, given its
 * notes without a key, starts it) and the search index's worker. None holds a
 * key or a note until the key comes; a lock terminates them with the session.
 */
function readyAhead() {
  if (ahead || session) return ahead;
  ahead = { notesClient: createNotesWorker({ idleMs: Infinity }), search: createSearch() };
  ahead.notesClient.start().catch(() => {});   // a failure shows again at the unwrap
  list.describeNote = describeRow;
  list.notes = record.notes;
  $('search-slot').replaceChildren(ahead.search);
  return ahead;
}

async function unlockWith(wrappingKey, element) {
  let deviceKey;
  try {
    deviceKey = await unwrapKey(base64Decode(record.wrappedKey), wrappingKey, { worker: readyAhead().notesClient });
  } catch (error) {
    element.showError(error.name === 'WrongKeyError'
      ? 'Wrong password. The vault stays locked and nothing was changed.'
      : `Could not unlock: ${error.message}`);
    return;
  } finally {
    wrappingKey.fill(0);
  }
  if (!element.isConnected) { deviceKey.fill(0); return; }
  const older = record.version < VERSION;
  const broken = older ? '' : await wholeProblem(record, deviceKey);
  const problem = older ? await migrate(deviceKey)
    : broken && `This vault cannot be trusted: ${broken}. Nothing was opened or changed; import an export you trust to replace it.`;
  if (problem) {
    deviceKey.fill(0);
    element.showError(problem);
    return;
  }
  enterUnlocked(deviceKey, older ? `The vault was updated to format version ${VERSION}.` : '');
}

/** '' when a sealed record is whole under its device key; else what is wrong. Checked at every unlock and import. */
async function wholeProblem(candidate, deviceKey) {
  try {
    await checkRecord(candidate, deviceKey);
    return '';
  } catch (error) {
    return error.message;
  }
}

/**
 * Version 1 or 2 -> 3 (vault-session.js migrateRecord), then the whole vault
 * written in one set(). Any failure writes nothing: the old record stays.
 * Returns a message for a person, or '' when the vault was updated.
 */
async function migrate(deviceKey) {
  const client = createNotesWorker({ idleMs: Infinity });
  try {
    record = await writeVault(await migrateRecord(record, deviceKey, { worker: client }), record.revision);
    return '';
  } catch (error) {
    return `The vault was not updated to the new format: ${error.message}. Nothing was changed; export it to keep a copy.`;
  } finally {
    client.terminate('migrated');
  }
}

// ---- unlocked: the list ----------------------------------------------------

function createSearch() {
  const search = document.createElement('fuzzy-search');
  search.id = 'search';
  search.setAttribute('for', 'notes');
  search.setAttribute('label', 'Search notes');
  search.setAttribute('placeholder', 'Type to search; typos are fine');
  search.addEventListener('search-results', (event) => {
    // An empty query answers every note in stored order: show them by recency instead.
    if (!/[\p{L}\p{N}]/u.test(event.detail.query)) sortList();
  });
  return search;
}

function enterUnlocked(deviceKey, message) {
  clearSlots();
  const { notesClient, search } = ahead ?? { notesClient: createNotesWorker({ idleMs: Infinity }), search: createSearch() };
  ahead = null;
  if (search.parentNode !== $('search-slot')) $('search-slot').replaceChildren(search);
  session = {
    deviceKey, notesClient, search,
    reading: null, editing: null, revealed: false, undo: null,
  };
  list.describeNote = describeRow;
  list.notes = record.notes;
  list.deviceKey = deviceKey;   // the list keeps a private copy, erased by list.lock()
  showList(message);
  touch(true);
}

/** Focus back on the list (its listbox, in the element's open shadow root), or on New note when it is empty. */
function focusList() {
  const listbox = list.shadowRoot?.getElementById('list');
  if (listbox && !listbox.hidden) listbox.focus();
  else $('new-note').focus();
}

// Escape leaves the read view and Settings for the list, as their back buttons do.
document.addEventListener('keydown', (event) => {
  if (event.key !== 'Escape' || !session || event.defaultPrevented) return;
  if (current === 'reader') $('reader-back').click();
  else if (current === 'settings-view' && !event.composedPath().some((node) => node.localName === 'vault-unlock')) $('settings-back').click();
});

function showList(message = '', problem = false) {
  show('unlocked');
  if (message) say(message, problem);
}

// What a row shows: sensitive text never reaches the list's DOM.
const parsed = new WeakMap();
function noteOf(opened) {
  let note = parsed.get(opened);
  if (!note) parsed.set(opened, note = readNote(opened));
  return note;
}
function describeRow(opened) {
  const note = noteOf(opened);
  if (note.error) return { title: opened.title, snippet: `This note cannot be read: ${note.error.message}` };
  return { title: note.title, snippet: note.sensitive ? `Sensitive · ${MASK}` : note.text };
}

function sortList() {
  if (!session || list.state !== 'open') return;
  const query = session.search.value ?? '';
  if (/[\p{L}\p{N}]/u.test(query)) return;   // a search's answer keeps its ranking
  list.filter(byRecency(list.opened.map((opened) => (opened.error ? { updated: -1 } : noteOf(opened)))));
}

list.addEventListener('notes-opened', () => sortList());
list.addEventListener('notes-error', (event) => {
  if (session) showList(`The notes could not be opened: ${event.detail.message}`, true);
});
list.addEventListener('notes-select', (event) => {
  if (!session) return;
  const opened = list.opened[event.detail.index];
  if (opened) openReader(opened.id);
});

/** Stores `notes` as the next revision (one write), then shows them. Throws and changes nothing on failure. */
async function commit(notes) {
  const next = await writeVault(await withNotes(record, notes, session.deviceKey), record.revision);
  record = next;
  list.notes = record.notes;
}

/** The opened note with this id, as the popup reads it ({id, title, text, sensitive, created, updated} or {id, error}). */
function openedNote(id) {
  const opened = list.opened.find((note) => note?.id === id);
  return opened ? noteOf(opened) : null;
}

// The list reopens after every write: wait for it before reading a note from it.
function listOpen() {
  if (list.state === 'open') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      list.removeEventListener('notes-opened', done);
      list.removeEventListener('notes-error', done);
      resolve();
    };
    list.addEventListener('notes-opened', done);
    list.addEventListener('notes-error', done);
  });
}

$('new-note').addEventListener('click', () => openEditor(null));

// ---- the read view ---------------------------------------------------------

function openReader(id, message = '') {
  const note = openedNote(id);
  if (!note) { showList('That note is no longer in the vault.', true); return; }
  session.reading = id;
  session.revealed = false;
  $('reader-title').textContent = note.error ? 'Damaged note' : note.title || 'Untitled';
  if (note.error) {
    $('reader-meta').textContent = '';
    $('reader-text').textContent = `This note cannot be read: ${note.error.message}`;
  } else {
    const meta = [];
    if (note.sensitive) meta.push('Sensitive');
    meta.push(`Updated ${when(note.updated)}`);
    if (note.created !== note.updated) meta.push(`created ${when(note.created)}`);
    $('reader-meta').textContent = meta.join(' · ');
  }
  for (const id of ['copy-text', 'edit-note']) $(id).disabled = !!note.error;
  $('reveal').hidden = note.error || !note.sensitive;
  renderReaderText(note);
  show('reader');
  if (message) say(message);
  $('reader-back').focus();
}

function renderReaderText(note) {
  const text = $('reader-text');
  if (note.error) return;
  const masked = note.sensitive && !session.revealed;
  text.classList.toggle('masked', masked);
  text.textContent = masked ? MASK : note.text;
  text.setAttribute('aria-label', masked ? 'Text hidden: sensitive note' : 'Text');
  $('reveal').textContent = session.revealed ? 'Hide' : 'Reveal';
  $('reveal').setAttribute('aria-pressed', String(session.revealed));
}

$('reader-back').addEventListener('click', () => { session.reading = null; showList(); focusList(); });
$('reveal').addEventListener('click', () => {
  const note = openedNote(session?.reading);
  if (!note || note.error) return;
  session.revealed = !session.revealed;
  renderReaderText(note);
});
$('edit-note').addEventListener('click', () => {
  const note = openedNote(session?.reading);
  if (note && !note.error) openEditor(note);
});

// Copy: the text goes to the clipboard, and 30 s later it is cleared if the
// clipboard still holds it: here while the popup is open, and by the
// background (which keeps only a salted digest, in memory) once it has closed.
let clipboardTimer = 0;
$('copy-text').addEventListener('click', async () => {
  const note = openedNote(session?.reading);
  if (!note || note.error) return;
  try {
    await navigator.clipboard.writeText(note.text);
  } catch (error) {
    say(`Could not copy: ${error.message}`, true);
    return;
  }
  const seconds = CLIPBOARD_CLEAR_MS / 1000;
  say(`Copied. The clipboard is cleared in ${seconds} seconds.`);
  const { salt, digest } = await clipboardDigest(note.text);
  chrome.runtime.sendMessage({ type: 'clipboard-copied', salt, digest }).catch(() => {});
  clearTimeout(clipboardTimer);
  const copied = note.text;
  clipboardTimer = setTimeout(async () => {
    try {
      if (sameText(await navigator.clipboard.readText(), copied)) await navigator.clipboard.writeText('');
    } catch {
      // Not focused or not allowed: the background clears it.
    }
  }, CLIPBOARD_CLEAR_MS);
});

// Delete, then Undo for a few seconds: Undo puts back the very same sealed note, at the same place.
$('delete-note').addEventListener('click', async () => {
  const id = session?.reading;
  const at = record.notes.findIndex((note) => note.id === id);
  if (at < 0) return;
  const sealed = record.notes[at];
  const title = openedNote(id)?.title || 'Untitled';
  $('delete-note').disabled = true;
  try {
    await commit(record.notes.filter((note) => note.id !== id));
  } catch (error) {
    say(`The note was not deleted: ${error.message}`, true);
    return;
  } finally {
    $('delete-note').disabled = false;
  }
  session.reading = null;
  showList();
  offerUndo(sealed, at, title);
});

function offerUndo(sealed, at, title) {
  hideUndo();
  const timer = setTimeout(hideUndo, UNDO_MS);
  session.undo = { sealed, at, timer };
  $('undo-text').textContent = `Deleted “${title}”.`;
  $('undo-bar').hidden = false;
  $('undo').focus();
}

function hideUndo() {
  if (session?.undo) clearTimeout(session.undo.timer);
  if (session) session.undo = null;
  $('undo-bar').hidden = true;
  $('undo-text').textContent = '';   // the deleted note's title leaves the page with the bar
}

$('undo').addEventListener('click', async () => {
  const undo = session?.undo;
  if (!undo) return;
  hideUndo();
  if (record.notes.some((note) => note.id === undo.sealed.id)) return;
  const notes = record.notes.slice();
  notes.splice(Math.min(undo.at, notes.length), 0, undo.sealed);
  try {
    await commit(notes);
  } catch (error) {
    say(`The note was not restored: ${error.message}`, true);
    return;
  }
  say('Note restored.');
  focusList();
});

// ---- the editor ------------------------------------------------------------

function openEditor(note) {
  session.editing = note ? note.id : null;
  $('editor-title').textContent = note ? 'Edit note' : 'New note';
  $('note-title').value = note?.title ?? '';
  $('note-body').value = note?.text ?? '';
  $('note-sensitive').checked = note?.sensitive ?? false;
  show('editor-view');
  $('note-title').focus();
}

function closeEditor() {
  $('note-title').value = '';
  $('note-body').value = '';
  $('note-sensitive').checked = false;
  if (session) session.editing = null;
}

function setEditorBusy(busy) {
  for (const id of ['save-note', 'cancel-note']) $(id).disabled = busy;
}

$('cancel-note').addEventListener('click', () => {
  const back = session?.editing;
  closeEditor();
  if (back) openReader(back);
  else { showList(); focusList(); }
});

$('editor').addEventListener('submit', async (event) => {
  event.preventDefault();
  const current = session;
  if (!current) return;
  const title = $('note-title').value;
  const text = $('note-body').value;
  if (!title.trim() && !text.trim()) { say('Write a title or some text first.', true); return; }
  const id = current.editing ?? crypto.randomUUID();
  const before = current.editing ? openedNote(id) : null;
  const now = Date.now();
  const body = packBody({ text, sensitive: $('note-sensitive').checked, created: before?.created ?? now, updated: now });
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
    await listOpen();
    if (session === current) openReader(id, at >= 0 ? 'Note saved.' : 'Note added.');
  } catch (error) {
    if (session === current) say(`The note was not saved: ${error.message}`, true);
  } finally {
    setEditorBusy(false);
  }
});

// ---- locking ---------------------------------------------------------------

/** Erases the device key, drops every plaintext and terminates every worker this session started. */
function endSession() {
  const current = session;
  if (!current) return;
  hideUndo();
  session = null;
  list.lock();                      // its key copy zeroed, its plaintexts dropped, its worker terminated
  current.search.remove();          // disconnecting destroys the search index and its worker
  current.notesClient.terminate('locked');
  endStandbys();                    // the standby workers readied after its unlock: no thread outlives the session
  current.deviceKey.fill(0);
  closeEditor();
  for (const id of ['reader-title', 'reader-meta', 'reader-text']) $(id).textContent = '';
  $('wipe-confirm').hidden = true;
  $('wipe-slot').replaceChildren();
  endRekey();
  chrome.runtime.sendMessage({ type: 'locked', popup: POPUP }).catch(() => {});
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
// Each popup (the toolbar's, a tab) has an alarm of its own, named by this
// id: activity in one never keeps another unlocked.
const POPUP = crypto.randomUUID();
function touch(force = false) {
  lastActivity = Date.now();
  if (!session) return;
  if (!force && lastActivity - lastPing < 1000) return;
  lastPing = lastActivity;
  chrome.runtime.sendMessage({ type: 'activity', popup: POPUP, minutes: settings.autoLockMinutes }).catch(() => {});
}
for (const type of ['pointerdown', 'keydown', 'input', 'wheel']) {
  document.addEventListener(type, () => touch(), { capture: true, passive: true });
}
chrome.runtime.onMessage.addListener((message, sender) => {
  if (sender.id !== chrome.runtime.id || message?.type !== 'lock' || message.popup !== POPUP || !session) return;
  const idleMs = settings.autoLockMinutes * 60000;
  const left = idleMs - (Date.now() - lastActivity);
  if (left > 250) {
    chrome.runtime.sendMessage({ type: 'activity', popup: POPUP, minutes: left / 60000 }).catch(() => {});
    return;
  }
  lock(`Locked after ${describeIdle(settings.autoLockMinutes)} without activity.`);
});

// ---- settings --------------------------------------------------------------

$('open-settings').addEventListener('click', () => {
  $('wipe-confirm').hidden = true;
  $('wipe-slot').replaceChildren();
  endRekey();
  describeKdf();
  show('settings-view');
  $('settings-back').focus();
});

const MIB = 1024;
function describeKdf() {
  const { t, m, p } = record.kdf;
  $('kdf-now').textContent = `This vault: Argon2id, ${m / MIB} MiB, ${plural(t, 'pass', 'passes')}, ${plural(p, 'lane')}`
    + `${p > 1 ? (crossOriginIsolated ? ' (run in parallel here)' : ' (run one after another here)') : ''}.`;
}

// Re-keying: the current password first, then the new one (it may be the
// same). A fresh device key replaces the old one: every note key is moved
// under it (titles and bodies are not sealed again), it is wrapped under the
// new Argon2id key, and the record is sealed and written in one set() with
// the new salt and parameters (vault-session.js rekeyRecord). So the old
// password and an old copy of the record open nothing written afterwards.
// Closed midway, nothing was written: the old vault opens.
function endRekey() {
  $('rekey-slot').replaceChildren();
  $('rekey-panel').hidden = true;
  $('rekey-start').hidden = false;
}
$('rekey-cancel').addEventListener('click', () => { endRekey(); $('rekey').focus(); });
$('rekey').addEventListener('click', () => {
  const { salt, t, m, p } = record.kdf;
  $('rekey-start').hidden = true;
  $('rekey-panel').hidden = false;
  $('rekey-step').textContent = 'Step 1 of 2: the current password.';
  const current = mountUnlock($('rekey-slot'), {
    id: 'rekey-current', mode: 'derive', salt, t, m, p, label: 'Current password', 'submit-label': 'Continue',
  });
  current.addEventListener('vault-unlocked', (event) => rekeyCheck(event.detail.key, current));
  current.focus();
});

async function rekeyCheck(wrappingKey, element) {
  const active = session;
  let deviceKey;
  try {
    deviceKey = await unwrapKey(base64Decode(record.wrappedKey), wrappingKey);
  } catch (error) {
    element.showError(error.name === 'WrongKeyError' ? 'Wrong password. Nothing was changed.' : `Could not check it: ${error.message}`);
    return;
  } finally {
    wrappingKey.fill(0);
  }
  deviceKey.fill(0);
  if (session !== active || !element.isConnected) return;
  $('rekey-step').textContent = `Step 2 of 2: the new password (it may be the same). New key: Argon2id, ${KDF.m / MIB} MiB, `
    + `${plural(KDF.t, 'pass', 'passes')}, ${plural(KDF.p, 'lane')}.`;
  const create = mountUnlock($('rekey-slot'), {
    id: 'rekey-new', mode: 'create', output: 'key', label: 'New password', 'submit-label': 'Change password', ...KDF,
  });
  create.addEventListener('vault-created', (event) => rekeyWith(event.detail, create));
  create.focus();
}

async function rekeyWith({ salt, t, m, p, key: wrappingKey }, element) {
  const active = session;
  let rekeyed;
  try {
    if (!active) return;
    rekeyed = await rekeyRecord(record, active.deviceKey, { salt, t, m, p }, wrappingKey, { worker: active.notesClient });
    if (session !== active) { rekeyed.deviceKey.fill(0); return; }
    record = await writeVault(rekeyed.record, record.revision);
  } catch (error) {
    rekeyed?.deviceKey.fill(0);
    element.showError(`The password was not changed: ${error.message}. The vault still opens with the old one.`);
    return;
  } finally {
    wrappingKey.fill(0);
  }
  // The session goes on under the new device key; the old one is erased.
  active.deviceKey.fill(0);
  active.deviceKey = rekeyed.deviceKey;
  list.deviceKey = null;   // the list opens again once it has both the new notes and the new key
  list.notes = record.notes;
  list.deviceKey = active.deviceKey;
  endRekey();
  describeKdf();
  say('Password changed, and the vault has a new key: it opens with the new password only, and an older copy of it '
    + '(an export, a backup) opens nothing written from now on.');
  $('rekey').focus();
}
$('settings-back').addEventListener('click', () => { showList(); focusList(); });

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

// Importing replaces the vault: while one is unlocked, its password comes first.
let importConfirmed = false;
function showImport() {
  importReturn = session ? 'unlocked' : record ? 'locked' : 'setup';
  importConfirmed = !session;
  $('import-file').value = '';
  $('import-file').disabled = !importConfirmed;
  $('import-error').textContent = '';
  $('import-slot').replaceChildren();
  show('import-panel');
  if (importConfirmed) { $('import-file').focus(); return; }
  confirmWithPassword($('import-current-slot'), {
    id: 'import-current', label: 'Password of this vault (the file replaces it)', submit: 'Continue',
  }, () => {
    importConfirmed = true;
    $('import-current-slot').replaceChildren();
    $('import-file').disabled = false;
    $('import-file').focus();
  }).focus();
}
$('setup-import').addEventListener('click', showImport);
$('import').addEventListener('click', showImport);
$('import-cancel').addEventListener('click', () => {
  $('import-slot').replaceChildren();
  $('import-current-slot').replaceChildren();
  if (importReturn === 'unlocked' && session) showList();
  else if (record) showLocked();
  else showSetup();
});

$('import-file').addEventListener('change', async () => {
  $('import-slot').replaceChildren();
  $('import-error').textContent = '';
  const file = $('import-file').files[0];
  if (!file || !importConfirmed) return;
  let candidate;
  try {
    candidate = parseVaultFile(await file.text());
  } catch (error) {
    $('import-error').textContent = `This file cannot be imported: ${error.message}. Nothing was changed.`;
    return;
  }
  const { salt, t, m, p } = candidate.kdf;
  const older = candidate.version < VERSION;
  const unlock = mountUnlock($('import-slot'), {
    id: 'import-unlock', mode: 'derive', salt, t, m, p, label: 'Password of this file', 'submit-label': older ? 'Update and import' : 'Import',
  });
  if (older) $('import-error').textContent = olderFormat(candidate.version).replace('This vault', 'This file');
  unlock.addEventListener('vault-unlocked', (event) => importWith(candidate, event.detail.key, unlock));
  unlock.focus();
});

// The file replaces the vault only once its password unwraps its device key,
// its seal holds and every one of its notes opens: a refused file changes
// nothing. A file of an older version is updated to version 3 before it is
// written (the person confirmed it: "Update and import"), in the same one write.
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
  let accepted = candidate;
  try {
    if (candidate.version < VERSION) {
      accepted = await migrateRecord(candidate, deviceKey, { worker: client });
    } else {
      const broken = await wholeProblem(candidate, deviceKey)
        || openedProblem(await openNotes(candidate.notes, deviceKey, { worker: client }), candidate.version);
      if (broken) problem = `This file cannot be imported: ${broken}. Nothing was imported.`;
    }
  } catch (error) {
    problem = `Import failed: ${error.message}. Nothing was changed.`;
  } finally {
    client.terminate('import checked');
  }
  let written;
  if (!problem && element.isConnected) {
    try {
      written = await writeVault(accepted, await storedRevision());
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
  const updated = candidate.version < VERSION ? ` The vault was updated to format version ${VERSION}.` : '';
  enterUnlocked(deviceKey, `Imported ${plural(record.notes.length, 'note')}.${updated}`);
}

$('wipe').addEventListener('click', () => {
  $('wipe-confirm').hidden = false;
  confirmWithPassword($('wipe-slot'), { id: 'wipe-password', label: 'Password', submit: 'Delete everything' }, wipe).focus();
});
$('wipe-no').addEventListener('click', () => {
  $('wipe-confirm').hidden = true;
  $('wipe-slot').replaceChildren();
  $('wipe').focus();
});
async function wipe() {
  endSession();
  record = null;
  await wipeVault();
  showSetup();
  say('The vault was deleted from this browser.');
}

// ---- start -----------------------------------------------------------------

settings = await readSettings();
$('idle-minutes').value = String(settings.autoLockMinutes);
let damage = '';
try {
  record = await readVault();
} catch (error) {
  record = null;
  damage = error.message;
}
if (record) showLocked();
else showSetup();
if (damage) say(`The stored vault is damaged (${damage}). Import a vault file to replace it.`, true);
