// What every view of the popup does the same way: its status line, a fresh
// <vault-unlock> in a slot, and the password asked before an action that
// replaces or deletes the vault.
//
// A view is made by `create…View({section, session, go, …})`: `section` is its
// <section> of popup.html, `session` the VaultSession (extension/session.js),
// `go(name, options)` shows another view (extension/popup.js). It returns
// `{section, enter(options), leave(), escape(event)}` (each optional but
// section): `enter` when it is shown, `leave` when another view is, `escape`
// for the Escape key while it is shown.
import { ELEMENT_EVENTS } from '../popup-events.js';
import { VERSION } from '../vault-format.js';

/** What stands for a sensitive note's text until it is revealed. */
export const MASK = '••••••••••••';

/**
 * `section` (a view's <section> of popup.html) ending in its status line, the
 * polite live region setStatus() writes: one per view, each made here, before
 * any message (popup.js hands each view its section through this).
 */
export function withStatusLine(section) {
  const status = document.createElement('p');
  status.className = 'status';
  status.setAttribute('role', 'status');
  section.append(status);
  return section;
}

/** Sets the status line of `section` (its own `.status`); `problem` marks a failure. */
export function setStatus(section, text, problem = false) {
  const status = section.querySelector(':scope > .status');
  status.textContent = text;
  status.classList.toggle('problem', problem);
}

/** The element of this view with that id. */
export const partOf = (section) => (id) => section.querySelector(`#${id}`);

/** A fresh <vault-unlock> in `slot` (the old one, and any attempt it was running, goes). */
export function mountUnlock(slot, attributes) {
  const element = document.createElement('vault-unlock');
  // What a password manager files the vault password under (a hidden username field).
  element.setAttribute('username', 'Memento vault');
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, String(value));
  slot.replaceChildren(element);
  return element;
}

/**
 * Asks for the vault's password in `slot` before an action that replaces or
 * deletes it (import while unlocked, Delete, a re-key): `then()` runs once the
 * password unwraps the stored device key; a wrong one is refused and nothing
 * happens. Returns the element (to focus it).
 */
export function askPassword(slot, session, { id, label, submit }, then) {
  const { salt, t, m, p } = session.record.kdf;
  const element = mountUnlock(slot, { id, mode: 'derive', salt, t, m, p, label, 'submit-label': submit });
  element.addEventListener(ELEMENT_EVENTS.unlocked, async (event) => {
    try {
      await session.checkPassword(event.detail.key);
    } catch (error) {
      element.showError(error.message);
      return;
    }
    if (element.isConnected) then();
  });
  return element;
}

// A vault of an older format (1 or 2) is not sealed as a whole: it opens only
// through an explicit update, confirmed with its password, which this notice announces.
/** The notice for a vault (or, on import, a file: `what`) of an older format. */
export const olderFormat = (version, what = 'vault') => `This ${what} is in format version ${version}, `
  + 'which does not protect the vault as a whole '
  + `(notes could have been removed, reordered or rolled back unnoticed). Your password updates it to version ${VERSION}; `
  + 'if you did not expect an older vault here, do not go on.';
