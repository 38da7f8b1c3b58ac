// Every error the package reports, by its stable `name`: calls reject with these,
// elements put them in their error events' detail, and a note that does not open
// carries one. docs/api.md shows this table; a name outside it is a bug (a Node
// test scans the sources for names used and checks each is here).

/** name -> when it occurs. */
export const ERRORS = Object.freeze({
  // Bad arguments: the message names the argument.
  TypeError: 'an argument has the wrong type, or a required one is missing; a hash that is not an `$argon2id$` string',
  RangeError: 'an argument is out of its range (a length, a size, an Argon2id parameter)',
  SyntaxError: 'a `<note-list src>` file that is not JSON',
  // The call did not run to its end.
  AbortError: "the call's signal aborted, a newer search superseded it, or its worker was terminated",
  // Loading and running the modules.
  WasmLoadError: 'a .wasm file could not be downloaded (the message has the URL and the HTTP status)',
  WorkerError: 'a worker script could not start or crashed (a wrong path, a CSP that forbids it)',
  OutOfMemoryError: 'the wasm memory could not grow for the job (the page or device is out of memory)',
  InternalError: 'a kernel reported a fault that is not the caller\'s: a bug, please report it',
  InvalidStateError: 'the call does not fit the current state (an index that follows a note list edited directly, a locked list searched)',
  NotFoundError: 'a search index is gone from its worker (restarted after idling); the page rebuilds it. `<glass-blur>`: no element has the `source` id',
  NetworkError: 'a `<note-list src>` could not be fetched',
  // Keys and notes.
  WrongKeyError: 'no note opens with the key, or a wrapped key fails authentication (wrong key or damaged data)',
  AuthenticationError: "one note's tag does not verify: wrong key or a changed byte (per note)",
  MalformedNoteError: 'one note is not in the notes format: bad base64, wrong sizes, missing fields (per note)',
  // <vault-unlock> attempts.
  WrongPasswordError: 'the password does not match the `$argon2id$` hash',
  ValueMissingError: 'the password field is empty',
  MismatchError: 'create mode: the two passwords differ',
  TooShortError: 'the password is shorter than minlength',
});

/** An Error with a stable `name` from the table, for failures that are not bad arguments. */
export function namedError(name, message) {
  if (!Object.hasOwn(ERRORS, name)) throw new TypeError(`namedError: "${name}" is not in common/errors.js`);
  const error = new Error(message);
  error.name = name;
  return error;
}
