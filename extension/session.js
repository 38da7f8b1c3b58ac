// The popup's session: the one owner of the stored vault record, of the device
// key while unlocked, of the auto-lock and of storage. The views (extension/views/)
// never touch chrome.*, storage or a key: they call these methods and listen
// to the session's events (SESSION_EVENTS in extension/popup-events.js):
//   locked --unlock(), create(), importVault()--> opened --lock()--> closing, locked
//   opened --importVault()--> closing, opened        opened --wipe()--> closing
// `closing` is when every view drops its plaintexts. Every error a method
// throws has a message for a person, which the view shows as it is.
// Every worker of a session belongs to it: the notes worker that unwraps the
// device key and seals, readied while the password is typed; a lock (by hand,
// or when the background's alarm says this popup sat idle) erases the key and
// terminates it, and the standby workers readied after the unlock.
import { createNotesWorker, openNotes, sealNote, unwrapKey } from '../api/notes.js';
import { endStandbys } from '../api/runtime/run-once.js';
import { base64Decode } from '../common/base64.js';
import {
  DEFAULT_SETTINGS, readSettings, readVault, storedRevision, validAutoLock, wipeVault, writeSettings, writeVault,
} from './storage.js';
import { VERSION, exportText } from './vault-format.js';
import { checkRecord, createRecord, migrateRecord, openedProblem, rekeyRecord, withNotes } from './vault-session.js';
import { clipboardDigest } from './clipboard.js';
import { describeIdle, plural } from './phrases.js';
import { SESSION_EVENTS } from './popup-events.js';

// The notes calls of the session itself are a parameter so that Node tests run it with dist/node.js
// (tests/js/extension-session.test.js); the popup takes the default.
const NOTES_API = { createNotesWorker, openNotes, sealNote, unwrapKey };
const ACTIVITY = ['pointerdown', 'keydown', 'input', 'wheel'];
const PING_MS = 1000;   // activity re-arms the background's alarm at most once a second
const LOCK_SLACK_MS = 250;   // an alarm this close to the idle time locks: alarms are not to the millisecond

/** '' when a sealed record is whole under its device key; else what is wrong. Checked at every unlock and import. */
async function wholeProblem(candidate, deviceKey) {
  try {
    await checkRecord(candidate, deviceKey);
    return '';
  } catch (error) {
    return error.message;
  }
}

export class VaultSession extends EventTarget {
  #runtime;
  #area;
  #api;
  #record = null;                       // the stored vault: ciphertext, salt and parameters only
  #settings = { ...DEFAULT_SETTINGS };
  #keys = null;                         // while unlocked: {deviceKey, notesClient}
  #term = null;                         // while unlocked: a token that stands for this unlock, and no later one
  #aheadClient = null;                  // while the password is typed: the notes worker readied for the session
  // Each popup (the toolbar's, one in a tab) has an alarm of its own, named by
  // this id: activity in one never keeps another unlocked.
  #popup = crypto.randomUUID();
  #lastActivity = 0;
  #lastPing = 0;

  /** `runtime`, `area`: chrome.runtime and chrome.storage.local, or stand-ins (tests). */
  constructor({ runtime = chrome.runtime, area = chrome.storage.local, api = NOTES_API } = {}) {
    super();
    this.#runtime = runtime;
    this.#area = area;
    this.#api = api;
    runtime.onMessage.addListener((message, sender) => this.#onRuntimeMessage(message, sender));
  }

  /** The stored record (null: no vault). */
  get record() { return this.#record; }
  get settings() { return { ...this.#settings }; }
  get unlocked() { return this.#keys !== null; }
  /** The device key while unlocked (the list keeps a copy of its own), else null. */
  get deviceKey() { return this.#keys?.deviceKey ?? null; }
  /** While unlocked, a token equal only to itself: a view that awaited compares it to tell a later unlock from this one. */
  get term() { return this.#term; }

  /** Reads the settings and the vault; '' or, when the stored vault is damaged, a message saying so. */
  async load() {
    this.#settings = await readSettings(this.#area);
    try {
      this.#record = await readVault(this.#area);
      return '';
    } catch (error) {
      this.#record = null;
      return `The stored vault is damaged (${error.message}). Import a vault file to replace it.`;
    }
  }

  /** Re-arms the auto-lock on the page's activity (capturing, so that no element can keep it from seeing it). */
  watchActivity(target) {
    for (const type of ACTIVITY) target.addEventListener(type, () => this.touch(), { capture: true, passive: true });
  }

  /**
   * Starts, while the password is typed, what the key needs at once instead of
   * waiting for workers to start and instantiate: the notes worker that
   * unwraps the device key (and seals for the session) here, the list's own
   * worker and the search index's in the list view (`readyAhead` event). None
   * holds a key or a note until the key comes; a lock terminates them.
   */
  readyAhead() {
    if (this.#aheadClient || this.#keys) return;
    this.#aheadClient = this.#api.createNotesWorker({ idleMs: Infinity });
    this.#aheadClient.start().catch(() => {});   // a failure shows again at the unwrap
    this.#emit(SESSION_EVENTS.readyAhead);
  }

  /** A new vault from `<vault-unlock mode="create">`'s detail; unlocked on success. */
  async create({ salt, t, m, p, key: wrappingKey }) {
    let made;
    try {
      made = await createRecord({ salt, t, m, p }, wrappingKey);
      this.#record = await writeVault(made.record, 0, this.#area);
    } catch (error) {
      made?.deviceKey.fill(0);
      throw new Error(`The vault was not created: ${error.message}`, { cause: error });
    } finally {
      wrappingKey.fill(0);
    }
    this.#open(made.deviceKey, 'Vault created. Add your first note.');
  }

  /**
   * Unlocks with the password's Argon2id key: unwraps the device key, checks the
   * seal (or, for a version 1 or 2 vault, updates it: the view said so), then
   * opens. A wrong password or a vault that fails changes nothing. Nothing
   * happens when `stillWanted()` says the person has gone elsewhere meanwhile.
   */
  async unlock(wrappingKey, stillWanted = () => true) {
    this.readyAhead();
    let deviceKey;
    try {
      const wrapped = base64Decode(this.#record.wrappedKey);
      deviceKey = await this.#api.unwrapKey(wrapped, wrappingKey, { worker: this.#aheadClient });
    } catch (error) {
      throw new Error(error.name === 'WrongKeyError'
        ? 'Wrong password. The vault stays locked and nothing was changed.'
        : `Could not unlock: ${error.message}`, { cause: error });
    } finally {
      wrappingKey.fill(0);
    }
    if (!stillWanted()) { deviceKey.fill(0); return; }
    const older = this.#record.version < VERSION;
    const broken = older ? '' : await wholeProblem(this.#record, deviceKey);
    const problem = older ? await this.#migrate(deviceKey)
      : broken && `This vault cannot be trusted: ${broken}. Nothing was opened or changed; `
        + 'import an export you trust to replace it.';
    if (problem) {
      deviceKey.fill(0);
      throw new Error(problem);
    }
    this.#open(deviceKey, older ? `The vault was updated to format version ${VERSION}.` : '');
  }

  /**
   * Version 1 or 2 -> 3 (vault-session.js migrateRecord), then the whole vault
   * written in one set(). Any failure writes nothing: the old record stays.
   * Returns a message for a person, or '' when the vault was updated.
   */
  async #migrate(deviceKey) {
    const client = this.#api.createNotesWorker({ idleMs: Infinity });
    try {
      const migrated = await migrateRecord(this.#record, deviceKey, { worker: client });
      this.#record = await writeVault(migrated, this.#record.revision, this.#area);
      return '';
    } catch (error) {
      return `The vault was not updated to the new format: ${error.message}. Nothing was changed; export it to keep a copy.`;
    } finally {
      client.terminate('migrated');
    }
  }

  /** Resolves when the key is the stored vault's password's (before Import or Delete replaces it, or a re-key); else throws. */
  async checkPassword(wrappingKey) {
    try {
      (await this.#api.unwrapKey(base64Decode(this.#record.wrappedKey), wrappingKey)).fill(0);
    } catch (error) {
      throw new Error(error.name === 'WrongKeyError'
        ? 'Wrong password. Nothing was changed.'
        : `Could not check it: ${error.message}`, { cause: error });
    } finally {
      wrappingKey.fill(0);
    }
  }

  /**
   * A password change (vault-session.js rekeyRecord): a fresh device key, every
   * note key moved under it, the record sealed and written in one set() with
   * the new salt and parameters. The session goes on under the new key, the
   * old one erased. False when the session ended meanwhile (nothing written).
   */
  async rekey({ salt, t, m, p, key: wrappingKey }) {
    const keys = this.#keys;
    let rekeyed;
    try {
      if (!keys) return false;
      rekeyed = await rekeyRecord(this.#record, keys.deviceKey, { salt, t, m, p }, wrappingKey,
        { worker: keys.notesClient });
      if (this.#keys !== keys) { rekeyed.deviceKey.fill(0); return false; }
      this.#record = await writeVault(rekeyed.record, this.#record.revision, this.#area);
    } catch (error) {
      rekeyed?.deviceKey.fill(0);
      throw new Error(`The password was not changed: ${error.message}. The vault still opens with the old one.`,
        { cause: error });
    } finally {
      wrappingKey.fill(0);
    }
    if (this.#keys !== keys) { rekeyed.deviceKey.fill(0); return false; }   // locked while it was written
    keys.deviceKey.fill(0);
    keys.deviceKey = rekeyed.deviceKey;
    this.#emit(SESSION_EVENTS.written, { rekeyed: true });
    return true;
  }

  /** Stores `notes` as the next revision (one write). Throws and changes nothing on failure. */
  async #writeNotes(notes) {
    const next = await withNotes(this.#record, notes, this.#keys.deviceKey);
    this.#record = await writeVault(next, this.#record.revision, this.#area);
    this.#emit(SESSION_EVENTS.written, { rekeyed: false });
  }

  /**
   * Seals `{id, title, body}` (a fresh note key and fresh nonces, every time) and
   * writes it in place of the note with that id, or last. `{added}`, or null
   * when the session ended meanwhile (nothing written).
   */
  async saveNote({ id, title, body }) {
    const keys = this.#keys;
    if (!keys) return null;
    try {
      const sealed = await this.#api.sealNote({ id, title, body }, keys.deviceKey, { worker: keys.notesClient });
      if (this.#keys !== keys) return null;
      const notes = this.#record.notes.slice();
      const at = notes.findIndex((note) => note.id === id);
      if (at >= 0) notes[at] = sealed;
      else notes.push(sealed);
      await this.#writeNotes(notes);
      return { added: at < 0 };
    } catch (error) {
      throw new Error(`The note was not saved: ${error.message}`, { cause: error });
    }
  }

  /** Removes the note; `{sealed, at}` (what restoreNote() puts back), or null when there is no such note. */
  async deleteNote(id) {
    const at = this.#keys ? this.#record.notes.findIndex((note) => note.id === id) : -1;
    if (at < 0) return null;
    const sealed = this.#record.notes[at];
    try {
      await this.#writeNotes(this.#record.notes.filter((note) => note.id !== id));
    } catch (error) {
      throw new Error(`The note was not deleted: ${error.message}`, { cause: error });
    }
    return { sealed, at };
  }

  /** Puts back the very same sealed note at its place; false when it is there already or the session ended. */
  async restoreNote({ sealed, at }) {
    if (!this.#keys || this.#record.notes.some((note) => note.id === sealed.id)) return false;
    const notes = this.#record.notes.slice();
    notes.splice(Math.min(at, notes.length), 0, sealed);
    try {
      await this.#writeNotes(notes);
    } catch (error) {
      throw new Error(`The note was not restored: ${error.message}`, { cause: error });
    }
    return true;
  }

  /**
   * A vault file (parsed and validated) replaces the vault only once its
   * password unwraps its device key, its seal holds and every one of its notes
   * opens: a refused file changes nothing. A file of an older version is
   * updated to version 3 before it is written (the person confirmed it), in
   * the same one write. The session then goes on with the file's vault.
   */
  async importVault(candidate, wrappingKey, stillWanted = () => true) {
    let deviceKey;
    try {
      deviceKey = await this.#api.unwrapKey(base64Decode(candidate.wrappedKey), wrappingKey);
    } catch (error) {
      throw new Error(error.name === 'WrongKeyError'
        ? 'This file was made under another password: it does not open with this one. Nothing was imported.'
        : `Import failed: ${error.message}. Nothing was changed.`, { cause: error });
    } finally {
      wrappingKey.fill(0);
    }
    const client = this.#api.createNotesWorker({ idleMs: Infinity });
    let problem = '';
    let accepted = candidate;
    try {
      if (candidate.version < VERSION) {
        accepted = await migrateRecord(candidate, deviceKey, { worker: client });
      } else {
        const broken = await wholeProblem(candidate, deviceKey)
          || openedProblem(await this.#api.openNotes(candidate.notes, deviceKey, { worker: client }), candidate.version);
        if (broken) problem = `This file cannot be imported: ${broken}. Nothing was imported.`;
      }
    } catch (error) {
      problem = `Import failed: ${error.message}. Nothing was changed.`;
    } finally {
      client.terminate('import checked');
    }
    let written;
    if (!problem && stillWanted()) {
      try {
        written = await writeVault(accepted, await storedRevision(this.#area), this.#area);
      } catch (error) {
        problem = `Import failed: ${error.message}. Nothing was changed.`;
      }
    }
    if (!written) {
      deviceKey.fill(0);
      if (problem) throw new Error(problem);
      return;
    }
    this.#end();
    this.#record = written;
    const updated = candidate.version < VERSION ? ` The vault was updated to format version ${VERSION}.` : '';
    this.#open(deviceKey, `Imported ${plural(written.notes.length, 'note')}.${updated}`);
  }

  /** Ends the session and removes the vault from storage (the view asked for its password first). */
  async wipe() {
    this.#end();
    this.#record = null;
    await wipeVault(this.#area);
  }

  /** The stored record as an export's text (ciphertext only, with its seal). */
  exportText() {
    return exportText(this.#record);
  }

  async setAutoLock(minutes) {
    if (!validAutoLock(minutes)) throw new Error('Choose an idle time from 1 second (0.02 minutes) to 1440 minutes.');
    try {
      await writeSettings({ autoLockMinutes: minutes }, this.#area);
    } catch (error) {
      throw new Error(`The setting was not saved: ${error.message}`, { cause: error });
    }
    this.#settings = { autoLockMinutes: minutes };
    this.touch(true);
  }

  /**
   * A text was copied: the background gets a salted digest of it (never the
   * text), and empties the clipboard 30 s later if it still holds that text.
   */
  async noteCopied(text) {
    const { salt, digest } = await clipboardDigest(text);
    this.#send({ type: 'clipboard-copied', salt, digest });
  }

  /** Locks by hand or on the alarm: the session ends, then the locked view says `message`. */
  lock(message) {
    if (!this.#keys) return;
    this.#end();
    this.#emit(SESSION_EVENTS.locked, { message });
  }

  /** Activity: re-arms this popup's alarm (at most once a second, or now when `force`). */
  touch(force = false) {
    this.#lastActivity = Date.now();
    if (!this.#keys) return;
    if (!force && this.#lastActivity - this.#lastPing < PING_MS) return;
    this.#lastPing = this.#lastActivity;
    this.#send({ type: 'activity', popup: this.#popup, minutes: this.#settings.autoLockMinutes });
  }

  // The alarm fired: lock, unless there was activity since it was set (then it is set again for the time left).
  #onRuntimeMessage(message, sender) {
    if (sender.id !== this.#runtime.id || message?.type !== 'lock' || message.popup !== this.#popup || !this.#keys) return;
    const idleMs = this.#settings.autoLockMinutes * 60000;
    const left = idleMs - (Date.now() - this.#lastActivity);
    if (left > LOCK_SLACK_MS) {
      this.#send({ type: 'activity', popup: this.#popup, minutes: left / 60000 });
      return;
    }
    this.lock(`Locked after ${describeIdle(this.#settings.autoLockMinutes)} without activity.`);
  }

  #open(deviceKey, message) {
    const notesClient = this.#aheadClient ?? this.#api.createNotesWorker({ idleMs: Infinity });
    this.#aheadClient = null;
    this.#keys = { deviceKey, notesClient };
    this.#term = Symbol('unlocked');
    this.#emit(SESSION_EVENTS.opened, { message });
    this.touch(true);
  }

  /** Erases the device key, has every view drop its plaintexts and terminates every worker this session started. */
  #end() {
    const keys = this.#keys;
    if (!keys) return;
    this.#keys = null;
    this.#term = null;
    this.#emit(SESSION_EVENTS.closing);
    keys.notesClient.terminate('locked');
    endStandbys();                    // the standby workers readied after its unlock: no thread outlives the session
    keys.deviceKey.fill(0);
    this.#send({ type: 'locked', popup: this.#popup });
  }

  #emit(type, detail = {}) {
    this.dispatchEvent(new CustomEvent(type, { detail }));
  }

  #send(message) {
    this.#runtime.sendMessage(message).catch(() => {});
  }
}
