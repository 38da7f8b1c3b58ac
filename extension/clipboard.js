// Clearing the clipboard 30 s after a copy, if it still holds what was copied.
// The popup clears it itself while it is open; the background does it once
// the popup has closed (a popup closes as soon as the page is clicked to
// paste). The background never holds the text: only a digest, SHA-256 of a
// fresh random salt and the text, in chrome.storage.session (memory only),
// removed once the clipboard was checked.
export const CLIPBOARD_CLEAR_MS = 30000;

const bytesToBase64 = (bytes) => btoa(String.fromCharCode(...bytes));

// A textarea (where the background reads the clipboard) turns CR LF and CR
// into LF, and a platform's clipboard may do either: line breaks are compared
// as LF, or a text copied with CR LF would never be cleared.
const lineBreaksAsLf = (text) => text.replace(/\r\n?/g, '\n');

/** Whether two clipboard texts are the same, line breaks aside. */
export const sameText = (a, b) => typeof a === 'string' && typeof b === 'string' && lineBreaksAsLf(a) === lineBreaksAsLf(b);

async function digestOf(salt, text) {
  const data = new TextEncoder().encode(lineBreaksAsLf(text));
  const input = new Uint8Array(salt.length + data.length);
  input.set(salt);
  input.set(data, salt.length);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', input));
  input.fill(0);
  data.fill(0);
  return bytesToBase64(digest);
}

/** `{salt, digest}` (base64) for a copied text. */
export async function clipboardDigest(text) {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  return { salt: bytesToBase64(salt), digest: await digestOf(salt, text) };
}

/** Whether `text` is the text `{salt, digest}` was made from. */
export async function clipboardHolds(text, { salt, digest }) {
  const saltBytes = Uint8Array.from(atob(salt), (c) => c.charCodeAt(0));
  return (await digestOf(saltBytes, text)) === digest;
}

/**
 * In a document (Chromium's offscreen document, Firefox's background page):
 * reads the clipboard and, when it still holds the copied text, empties it.
 * execCommand works without focus, which navigator.clipboard needs; it takes
 * the clipboardRead and clipboardWrite permissions.
 */
export async function clearClipboardIfHolds(expected, doc = document) {
  const area = doc.createElement('textarea');
  doc.body.append(area);
  area.focus();
  let text;
  try {
    doc.execCommand('paste');
    text = area.value;
  } finally {
    area.value = '';
    area.remove();
  }
  if (!(await clipboardHolds(text, expected))) return false;
  const empty = (event) => {
    event.clipboardData.setData('text/plain', '');
    event.preventDefault();
  };
  doc.addEventListener('copy', empty, { once: true });
  doc.execCommand('copy');
  doc.removeEventListener('copy', empty);
  return true;
}
