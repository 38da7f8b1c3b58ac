// The argument check of a note id (common/note-id.js says why a lone surrogate is refused).
import { idProblem } from '../common/note-id.js';

/** Throws TypeError naming `name` unless `id` is a string of well-formed Unicode; returns it. */
export function checkNoteId(id, name) {
  const problem = idProblem(id);
  if (problem) throw new TypeError(`${name} ${problem}`);
  return id;
}
