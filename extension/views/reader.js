// The read view of one note: its title, when it was written, its text (masked
// for a sensitive note until Reveal), Copy text, Edit and Delete. A revealed
// text does not stay in the page once the view is gone, nor any of it once
// the session ends.
import { SESSION_EVENTS } from '../popup-events.js';
import { CLIPBOARD_CLEAR_MS, sameText } from '../clipboard.js';
import { MASK, partOf, setStatus } from './view-kit.js';

/** `notes`: where opened notes are read (the list view's noteById). */
export function createReaderView({ section, session, go, notes }) {
  const part = partOf(section);
  let reading = null;      // the id of the note shown
  let revealed = false;
  let clipboardTimer = 0;
  // One date format, made when first needed (not ahead at idle: the first Intl
  // format of a page is a 25-78 ms task in Chromium, which would then fall on
  // the password being typed; common/number-format.js).
  let dateFormat;
  const when = (ms) => {
    dateFormat ??= new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
    return dateFormat.format(new Date(ms));
  };

  const shown = () => (reading === null ? null : notes.noteById(reading));

  function renderText(note) {
    if (note.error) return;
    const text = part('reader-text');
    const masked = note.sensitive && !revealed;
    text.classList.toggle('masked', masked);
    text.textContent = masked ? MASK : note.text;
    text.setAttribute('aria-label', masked ? 'Text hidden: sensitive note' : 'Text');
    part('reveal').textContent = revealed ? 'Hide' : 'Reveal';
    part('reveal').setAttribute('aria-pressed', String(revealed));
  }

  function back() {
    reading = null;
    go('list', { focus: true });
  }

  // Copy: the text goes to the clipboard, and 30 s later it is cleared if the
  // clipboard still holds it: here while the popup is open, and by the
  // background (which keeps only a salted digest, in memory) once it has closed.
  async function copy() {
    const note = shown();
    if (!note || note.error) return;
    try {
      await navigator.clipboard.writeText(note.text);
    } catch (error) {
      setStatus(section, `Could not copy: ${error.message}`, true);
      return;
    }
    setStatus(section, `Copied. The clipboard is cleared in ${CLIPBOARD_CLEAR_MS / 1000} seconds.`);
    await session.noteCopied(note.text);
    clearTimeout(clipboardTimer);
    const copied = note.text;
    clipboardTimer = setTimeout(async () => {
      try {
        if (sameText(await navigator.clipboard.readText(), copied)) await navigator.clipboard.writeText('');
      } catch {
        // Not focused or not allowed: the background clears it.
      }
    }, CLIPBOARD_CLEAR_MS);
  }

  // Delete, then Undo for a few seconds in the list: Undo puts back the very same sealed note, at the same place.
  async function remove() {
    const id = reading;
    const title = notes.noteById(id)?.title || 'Untitled';
    const button = part('delete-note');
    button.disabled = true;
    let deleted;
    try {
      deleted = await session.deleteNote(id);
    } catch (error) {
      setStatus(section, error.message, true);
      return;
    } finally {
      button.disabled = false;
    }
    if (!deleted) return;
    reading = null;
    go('list', { undo: { ...deleted, title } });
  }

  part('reader-back').addEventListener('click', back);
  part('reveal').addEventListener('click', () => {
    const note = shown();
    if (!note || note.error) return;
    revealed = !revealed;
    renderText(note);
  });
  part('edit-note').addEventListener('click', () => {
    const note = shown();
    if (note && !note.error) go('editor', { note });
  });
  part('copy-text').addEventListener('click', copy);
  part('delete-note').addEventListener('click', remove);
  session.addEventListener(SESSION_EVENTS.closing, () => {
    reading = null;
    revealed = false;
    for (const id of ['reader-title', 'reader-meta', 'reader-text']) part(id).textContent = '';
  });

  return {
    section,
    /** `id`: the note to show. */
    enter({ id }) {
      const note = notes.noteById(id);
      if (!note) {
        go('list', { message: 'That note is no longer in the vault.', problem: true });
        return;
      }
      reading = id;
      revealed = false;
      part('reader-title').textContent = note.error ? 'Damaged note' : note.title || 'Untitled';
      if (note.error) {
        part('reader-meta').textContent = '';
        part('reader-text').textContent = `This note cannot be read: ${note.error.message}`;
      } else {
        const meta = [];
        if (note.sensitive) meta.push('Sensitive');
        meta.push(`Updated ${when(note.updated)}`);
        if (note.created !== note.updated) meta.push(`created ${when(note.created)}`);
        part('reader-meta').textContent = meta.join(' · ');
      }
      for (const button of ['copy-text', 'edit-note']) part(button).disabled = !!note.error;
      part('reveal').hidden = note.error || !note.sensitive;
      renderText(note);
      part('reader-back').focus();
    },
    leave() {
      part('reader-text').textContent = '';
      revealed = false;
    },
    escape: back,
  };
}
