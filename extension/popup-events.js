// The names of the events the popup listens to, in one place: the elements'
// (their public API, documented in each element's JSDoc) and the session's own
// (extension/session.js). A renamed element event is one edit here.
export const ELEMENT_EVENTS = Object.freeze({
  unlocked: 'vault-unlocked',       // <vault-unlock mode="derive">: {key}, the Argon2id key of the password
  created: 'vault-created',         // <vault-unlock mode="create">: {key, salt, t, m, p}
  notesOpened: 'notes-opened',      // <note-list>: every note opened (or tried)
  notesFailed: 'notes-error',       // <note-list>: the notes could not be opened at all ({message})
  noteChosen: 'notes-select',       // <note-list>: a row chosen by click or Enter ({index})
  searchResults: 'search-results',  // <fuzzy-search>: an answer to the query ({query, ...})
});

/** What the session (extension/session.js) tells the views, in the order a session goes through them. */
export const SESSION_EVENTS = Object.freeze({
  readyAhead: 'ready-ahead',        // the password is being typed: ready what the coming session needs (no key yet)
  opened: 'opened',                 // unlocked ({message}): the device key is in the session
  written: 'written',               // the record was written ({rekeyed}: under a new device key)
  closing: 'closing',               // the session ends: drop every plaintext now (lock, import, delete)
  locked: 'locked',                 // locked ({message}): show the locked view
});
