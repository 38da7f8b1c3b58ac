// The popup: a small encrypted-notes vault built from the elements, one view
// at a time (after Bitwarden's popup: a route table, a module per screen, the
// lock in a service of its own).
//   no vault  -> setup:  <vault-unlock mode="create" output="key">: a random device key, wrapped under the Argon2id key
//   locked    -> locked: <vault-unlock mode="derive">: unwrap the device key; a wrong password changes nothing
//   unlocked  -> list:   <note-list> + <fuzzy-search for="notes">; a note opens in the reader, Edit is one action further
// This file only wires the views (extension/views/) to the one session
// (extension/session.js), which owns the record, the key, storage and the
// auto-lock, and shows one view at a time.
// The three elements the popup uses, and no other: the packed extension ships
// only the workers and wasm of what it bundles (scripts/pack-extension.mjs).
import { VaultUnlock } from '../components/vault-unlock.js';
import { NoteList } from '../components/note-list.js';
import { FuzzySearch } from '../components/fuzzy-search.js';
import { VaultSession } from './session.js';
import { SESSION_EVENTS } from './popup-events.js';
import { setStatus, withStatusLine } from './views/view-kit.js';
import { createSetupView } from './views/setup.js';
import { createLockedView } from './views/locked.js';
import { createListView } from './views/list.js';
import { createReaderView } from './views/reader.js';
import { createEditorView } from './views/editor.js';
import { createSettingsView } from './views/settings.js';
import { createImportView } from './views/import.js';

for (const [name, element] of [['vault-unlock', VaultUnlock], ['note-list', NoteList], ['fuzzy-search', FuzzySearch]]) {
  if (!customElements.get(name)) customElements.define(name, element);
}

const $ = (id) => document.getElementById(id);
const session = new VaultSession();
let current = null;   // the name of the view shown

/**
 * Shows the view `name` (`options` go to its enter()); the one it replaces
 * leaves, and every status line is emptied (a message leaves with its view).
 * `message` goes to the shown view's status line.
 */
function go(name, { message = '', problem = false, ...options } = {}) {
  const view = views[name];
  if (name !== current) {
    if (current) views[current].leave?.();
    current = name;
    for (const each of Object.values(views)) {
      each.section.hidden = each !== view;
      setStatus(each.section, '');
    }
  }
  const unlocked = session.unlocked && name !== 'import';
  $('lock').hidden = !unlocked;
  $('open-settings').hidden = !unlocked || name === 'settings';
  view.enter?.(options);
  if (message && current === name) setStatus(view.section, message, problem);   // unless enter() went elsewhere
  $('app').setAttribute('aria-busy', 'false');
}

// The route table: each view's module over its <section> of popup.html, given
// its status line. The reader and the editor read opened notes from the list.
const context = { session, go };
const section = (id) => withStatusLine($(id));
const list = createListView({ ...context, section: section('unlocked') });
const views = {
  setup: createSetupView({ ...context, section: section('setup') }),
  locked: createLockedView({ ...context, section: section('locked') }),
  list,
  reader: createReaderView({ ...context, section: section('reader'), notes: list }),
  editor: createEditorView({ ...context, section: section('editor-view'), notes: list }),
  settings: createSettingsView({ ...context, section: section('settings-view') }),
  import: createImportView({ ...context, section: section('import-panel') }),
};

session.addEventListener(SESSION_EVENTS.opened, (event) => go('list', { message: event.detail.message }));
session.addEventListener(SESSION_EVENTS.locked, (event) => go('locked', { message: event.detail.message }));
$('lock').addEventListener('click', () => session.lock('Locked.'));
$('open-settings').addEventListener('click', () => go('settings'));
// Escape leaves the read view and Settings for the list, as their back buttons do.
document.addEventListener('keydown', (event) => {
  if (event.key === 'Escape' && session.unlocked && !event.defaultPrevented) views[current].escape?.(event);
});
session.watchActivity(document);

const damage = await session.load();
go(session.record ? 'locked' : 'setup', { message: damage, problem: true });
