// A note's id is sealed as the associated data of its title and body, in
// UTF-8 (docs/specs/notes.md). A string with a lone surrogate has no UTF-8:
// TextEncoder writes U+FFFD for it, so "\uD800" and "\uFFFD" would seal to the
// same associated data and a note could be moved from one id to the other
// unnoticed. Such ids are refused wherever ids are taken.

const LONE_SURROGATE = /[\uD800-\uDFFF]/u;   // with the u flag, only a surrogate without its pair

/** The index of the first lone surrogate of `text`, or -1 when it is well-formed Unicode. */
export function loneSurrogateAt(text) {
  const match = LONE_SURROGATE.exec(text);
  return match ? match.index : -1;
}

/** Why `id` cannot be a note id ('' when it can): for messages that start with the id's name. */
export function idProblem(id) {
  if (typeof id !== 'string') return 'must be a string';
  const at = loneSurrogateAt(id);
  return at < 0 ? '' : `is not well-formed Unicode: a lone surrogate (U+${id.charCodeAt(at).toString(16).toUpperCase()}) at index ${at}, which UTF-8 cannot hold`;
}
