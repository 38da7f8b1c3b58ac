// The editor of a new note or of one being edited: title, text, Sensitive.
// Save seals it (a fresh note key and fresh nonces, every time) with its
// metadata in the body (extension/note-envelope.js) and writes the vault, then
// shows the note; Cancel goes back to where the editor was opened from. The
// fields are emptied when the editor closes and when the session ends.
import { SESSION_EVENTS } from '../popup-events.js';
import { packBody } from '../note-envelope.js';
import { partOf, setStatus } from './view-kit.js';

/** `notes`: where opened notes are read and the list's next opening awaited (the list view). */
export function createEditorView({ section, session, go, notes }) {
  const part = partOf(section);
  let editing = null;   // the id of the note being edited; null for a new note

  function close() {
    part('note-title').value = '';
    part('note-body').value = '';
    part('note-sensitive').checked = false;
    editing = null;
  }

  function setBusy(busy) {
    for (const id of ['save-note', 'cancel-note']) part(id).disabled = busy;
  }

  async function save() {
    const term = session.term;
    if (!term) return;
    const title = part('note-title').value;
    const text = part('note-body').value;
    if (!title.trim() && !text.trim()) { setStatus(section, 'Write a title or some text first.', true); return; }
    const id = editing ?? crypto.randomUUID();
    const before = editing ? notes.noteById(id) : null;
    const now = Date.now();
    const sensitive = part('note-sensitive').checked;
    const body = packBody({ text, sensitive, created: before?.created ?? now, updated: now });
    setBusy(true);
    try {
      const saved = await session.saveNote({ id, title, body });
      if (!saved) return;   // locked meanwhile: nothing was written
      close();
      await notes.whenOpen();
      if (session.term === term) go('reader', { id, message: saved.added ? 'Note added.' : 'Note saved.' });
    } catch (error) {
      if (session.term === term) setStatus(section, error.message, true);
    } finally {
      setBusy(false);
    }
  }

  part('editor').addEventListener('submit', (event) => {
    event.preventDefault();
    save();
  });
  part('cancel-note').addEventListener('click', () => {
    const back = editing;
    close();
    if (back) go('reader', { id: back });
    else go('list', { focus: true });
  });
  session.addEventListener(SESSION_EVENTS.closing, close);

  return {
    section,
    /** `note`: the note to edit (as the list reads it), or null for a new one. */
    enter({ note = null } = {}) {
      editing = note ? note.id : null;
      part('editor-title').textContent = note ? 'Edit note' : 'New note';
      part('note-title').value = note?.title ?? '';
      part('note-body').value = note?.text ?? '';
      part('note-sensitive').checked = note?.sensitive ?? false;
      part('note-title').focus();
    },
  };
}
