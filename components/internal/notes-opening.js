// One opening of a <note-list>'s notes: openNotes() in the list's notes worker,
// the first rows handed over as soon as the first small call answers, the
// search consumers' ports sent along (the worker feeds them the texts), and the
// outcome sorted: the damaged notes, or a wrong key (no note opens with it).
import { openNotes } from '../../api/notes.js';

const FIRST_ROWS = 40;  // notes drawn first, in the task the worker's first reply arrives in, before the rest are open

const refusedOnKey = (note) => note.error?.message.startsWith('key ');

/**
 * @param {object[]} notes  the sealed notes
 * @param {Uint8Array} key
 * @param {{worker: object, signal: AbortSignal, searchPorts: (done: Promise<void>) => MessagePort[],
 *   onFirstRows: (partial: Array<object | undefined>) => void}} options
 * @returns {Promise<{opened: object[], damaged: number[], wrongKey: boolean}>} rejects as openNotes() does
 */
export async function openForList(notes, key, { worker, signal, searchPorts, onFirstRows }) {
  const onFirst = (first) => {
    // All of them refused on the key: most likely a wrong key, said once the whole list is known.
    if (first.every(refusedOnKey)) return;
    performance.mark('note-list:decrypted');
    const partial = new Array(notes.length);
    first.forEach((note, i) => { partial[i] = note; });
    onFirstRows(partial);
    performance.mark('note-list:first-rows');
  };
  let settle;
  const done = new Promise((resolve, reject) => { settle = { resolve, reject }; });
  done.catch(() => {});
  let opened;
  try {
    opened = await openNotes(notes, key, { worker, first: FIRST_ROWS, onFirst, searchPorts: searchPorts(done), signal });
    settle.resolve();
  } catch (error) {
    settle.reject(error);
    throw error;
  }
  const damaged = [];
  opened.forEach((note, index) => { if (note.error) damaged.push(index); });
  const wrongKey = damaged.length === opened.length && opened.every((n) => n.error.message.startsWith('key failed authentication'));
  return { opened, damaged, wrongKey };
}
