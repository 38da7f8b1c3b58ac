// <note-list src>: the sealed notes fetched as a JSON array, or an error with a
// stable name and a message for a person.
import { namedError } from '../../common/errors.js';

/**
 * @param {string} url  resolved against the document
 * @returns {Promise<unknown>} the parsed JSON (the element checks it is an array of notes)
 */
export async function fetchNotes(url) {
  const response = await fetch(new URL(url, document.baseURI));
  if (!response.ok) throw namedError('NetworkError', `Could not load the notes (HTTP ${response.status}).`);
  const text = await response.text();
  try {
    return JSON.parse(text);
  } catch (error) {
    throw namedError('SyntaxError', `The notes file is not valid JSON: ${error.message}`);
  }
}
