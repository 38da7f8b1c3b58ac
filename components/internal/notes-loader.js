// <note-list src>: the sealed notes fetched as a JSON array, or an error with a
// stable name and a message for a person.
import { namedError } from '../../common/errors.js';

/**
 * @param {string} url  resolved against the document
 * @param {(key: string, args: object) => string} term  the list's words (its strings table)
 * @returns {Promise<unknown>} the parsed JSON (the element checks it is an array of notes)
 */
export async function fetchNotes(url, term) {
  const response = await fetch(new URL(url, document.baseURI));
  if (!response.ok) throw namedError('NetworkError', term('notes.loadFailed', { status: response.status }));
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch (error) {
    throw namedError('SyntaxError', term('notes.notJson', { detail: error.message }));
  }
}
