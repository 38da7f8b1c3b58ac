// The notes: <note-list> opens them with its own worker and a copy of the
// device key, <fuzzy-search for="notes"> filters them; with no query they show
// by last update, newest first. A row opens the read view. After a delete the
// Undo bar offers the very same sealed note back for a few seconds.
// The list is also where the other views read an opened note (noteById) and
// wait for the list to open again after a write (whenOpen).
import { ELEMENT_EVENTS, SESSION_EVENTS } from '../popup-events.js';
import { byRecency, readNote } from '../note-envelope.js';
import { MASK, partOf, setStatus } from './view-kit.js';

export const UNDO_MS = 8000;
const HAS_WORD = /[\p{L}\p{N}]/u;

export function createListView({ section, session, go }) {
  const part = partOf(section);
  const list = part('notes');
  const searchSlot = part('search-slot');
  let search = null;   // <fuzzy-search>: made while the password is typed (or at the unlock), removed at the session's end
  let undo = null;     // after a delete: {sealed, at, timer}

  // What the popup reads of an opened note, parsed once: {id, title, text, sensitive, created, updated} or {id, error}.
  const parsed = new WeakMap();
  function noteOf(opened) {
    let note = parsed.get(opened);
    if (!note) parsed.set(opened, note = readNote(opened));
    return note;
  }

  // What a row shows: sensitive text never reaches the list's DOM.
  function describeRow(opened) {
    const note = noteOf(opened);
    if (note.error) return { title: opened.title, snippet: `This note cannot be read: ${note.error.message}` };
    return { title: note.title, snippet: note.sensitive ? `Sensitive · ${MASK}` : note.text };
  }

  function sortList() {
    if (!session.unlocked || list.state !== 'open') return;
    if (HAS_WORD.test(search?.value ?? '')) return;   // a search's answer keeps its ranking
    list.filter(byRecency(list.opened.map((opened) => (opened.error ? { updated: -1 } : noteOf(opened)))));
  }

  function createSearch() {
    const element = document.createElement('fuzzy-search');
    element.id = 'search';
    element.setAttribute('for', 'notes');
    element.setAttribute('label', 'Search notes');
    element.setAttribute('placeholder', 'Type to search; typos are fine');
    element.addEventListener(ELEMENT_EVENTS.searchResults, (event) => {
      // An empty query answers every note in stored order: show them by recency instead.
      if (!HAS_WORD.test(event.detail.query)) sortList();
    });
    return element;
  }

  /** Focus on the list (its active row), or on New note when it shows no row. */
  function focus() {
    if (list.view.length) list.focus();
    else part('new-note').focus();
  }

  function offerUndo(deleted) {
    hideUndo();
    undo = { ...deleted, timer: setTimeout(hideUndo, UNDO_MS) };
    part('undo-text').textContent = `Deleted “${deleted.title}”.`;
    part('undo-bar').hidden = false;
    part('undo').focus();
  }

  function hideUndo() {
    if (undo) clearTimeout(undo.timer);
    undo = null;
    part('undo-bar').hidden = true;
    part('undo-text').textContent = '';   // the deleted note's title leaves the page with the bar
  }

  session.addEventListener(SESSION_EVENTS.readyAhead, () => {
    search ??= createSearch();
    list.describeNote = describeRow;
    list.notes = session.record.notes;   // no key yet: the list starts its worker
    searchSlot.replaceChildren(search);
  });
  session.addEventListener(SESSION_EVENTS.opened, () => {
    search ??= createSearch();
    if (search.parentNode !== searchSlot) searchSlot.replaceChildren(search);
    list.describeNote = describeRow;
    list.notes = session.record.notes;
    list.deviceKey = session.deviceKey;   // the list keeps a private copy, erased by list.lock()
  });
  session.addEventListener(SESSION_EVENTS.written, (event) => {
    const { rekeyed } = event.detail;
    if (rekeyed) list.deviceKey = null;   // the list opens again once it has both the new notes and the new key
    list.notes = session.record.notes;
    if (rekeyed) list.deviceKey = session.deviceKey;
  });
  session.addEventListener(SESSION_EVENTS.closing, () => {
    hideUndo();
    list.lock();          // its key copy zeroed, its plaintexts dropped, its worker terminated
    search?.remove();     // disconnecting destroys the search index and its worker
    search = null;
  });

  list.addEventListener(ELEMENT_EVENTS.notesOpened, () => sortList());
  list.addEventListener(ELEMENT_EVENTS.notesFailed, (event) => {
    if (session.unlocked) go('list', { message: `The notes could not be opened: ${event.detail.message}`, problem: true });
  });
  list.addEventListener(ELEMENT_EVENTS.noteChosen, (event) => {
    const opened = session.unlocked && list.opened[event.detail.index];
    if (opened) go('reader', { id: opened.id });
  });
  part('new-note').addEventListener('click', () => go('editor', { note: null }));
  part('undo').addEventListener('click', async () => {
    const taken = undo;
    if (!taken) return;
    hideUndo();
    try {
      if (!(await session.restoreNote(taken))) return;
    } catch (error) {
      setStatus(section, error.message, true);
      return;
    }
    setStatus(section, 'Note restored.');
    focus();
  });

  return {
    section,
    /** `undo`: a note just deleted ({sealed, at, title}) to offer back; `focus`: focus on the list. */
    enter({ undo: deleted, focus: focusing } = {}) {
      if (deleted) offerUndo(deleted);
      else if (focusing) focus();
    },
    leave: hideUndo,
    /** The opened note with this id, as the popup reads it, or null. */
    noteById(id) {
      const opened = list.opened.find((note) => note?.id === id);
      return opened ? noteOf(opened) : null;
    },
    /** Resolves once the list is open (or failed): it opens again after every write. */
    whenOpen() {
      if (list.state === 'open') return Promise.resolve();
      return new Promise((resolve) => {
        const done = () => {
          list.removeEventListener(ELEMENT_EVENTS.notesOpened, done);
          list.removeEventListener(ELEMENT_EVENTS.notesFailed, done);
          resolve();
        };
        list.addEventListener(ELEMENT_EVENTS.notesOpened, done);
        list.addEventListener(ELEMENT_EVENTS.notesFailed, done);
      });
    },
  };
}
