// The demo vault: made in this page at load, then opened only through the
// elements. The page plays the vault's owner once: a random device key seals
// 5,000 notes (sealNotes) and is wrapped (wrapKey) under the Argon2id key of
// the demo password; both keys are then zeroed. Unlocking derives the key again
// in <vault-unlock mode="derive">, unwrapKey() opens the device key, and
// <note-list> opens the notes; <fuzzy-search for="vault-notes"> follows the list
// by itself (no page code between them).
import { vaultNotes } from './vault-corpus.js';
import { formatMs } from './bench.js';
import { base64Decode } from '../common/base64.js';

export const DEMO_PASSWORD = 'moonflower';

const $ = (id) => document.getElementById(id);

export async function startVault(api) {
  const door = $('vault-unlock');
  const list = $('vault-notes');
  const search = $('vault-search');
  const status = $('vault-status');
  const lockButton = $('vault-lock');
  const showPaths = () => {
    for (const name of ['argon2', 'notes', 'search']) $(`path-${name}`).textContent = api.enginePath(name) ?? '–';
  };

  let wrapped;
  let sealed;
  try {
    const start = performance.now();
    const plain = vaultNotes();
    const deviceKey = crypto.getRandomValues(new Uint8Array(32));
    const [wrappingKey, notes] = await Promise.all([
      api.argon2id({ password: DEMO_PASSWORD, salt: base64Decode(door.salt ?? door.getAttribute('salt'), 'salt'), t: door.t, m: door.m, p: door.p }),
      api.sealNotes(plain, deviceKey),
    ]);
    wrapped = await api.wrapKey(deviceKey, wrappingKey);
    wrappingKey.fill(0);
    deviceKey.fill(0);
    sealed = notes;
    status.textContent = `Vault sealed in ${formatMs(performance.now() - start)}: ${sealed.length.toLocaleString('en-US')} notes. `
      + `Enter the password (${DEMO_PASSWORD}) to open it.`;
    list.notes = sealed;   // locked: the list says how many notes it holds until it gets the key
    door.disabled = false;
  } catch (error) {
    status.textContent = `The demo vault could not be made: ${error.message}`;
    status.classList.add('problem');
    return;
  }
  showPaths();

  door.addEventListener('unlock', async (event) => {
    const { key } = event.detail;
    if (!(key instanceof Uint8Array)) return;
    const start = performance.now();
    let deviceKey;
    try {
      deviceKey = await api.unwrapKey(wrapped, key);
    } catch (error) {
      door.showError(error.name === 'WrongKeyError'
        ? `Wrong password: the vault stays locked. (The demo password is ${DEMO_PASSWORD}.)`
        : `Could not unlock: ${error.message}`);
      return;
    } finally {
      key.fill(0);
    }
    const unwrapMs = performance.now() - start;
    const deriveMs = door.duration ?? 0;
    $('time-unlock').textContent = `${formatMs(deriveMs + unwrapMs)} (Argon2id ${formatMs(deriveMs)} + unwrapKey ${formatMs(unwrapMs)})`;
    list.deviceKey = deviceKey;   // the list keeps a private copy, zeroed by lock()
    deviceKey.fill(0);
    door.disabled = true;
    lockButton.disabled = false;
    status.textContent = 'Unlocked. Opening the notes…';
    showPaths();
  });

  list.addEventListener('notes-opened', ({ detail }) => {
    $('time-open').textContent = `${formatMs(detail.ms)} (${detail.total.toLocaleString('en-US')} notes, one worker call)`;
    status.textContent = 'Unlocked. Search as you type; typos are fine.';
    showPaths();
  });
  list.addEventListener('notes-error', ({ detail }) => { status.textContent = detail.message; });
  list.addEventListener('select', ({ detail }) => { $('vault-selected').textContent = `Chosen: ${detail.title}`; });

  search.addEventListener('results', ({ detail }) => {
    const n = detail.indices.length;
    $('time-search').textContent = `${formatMs(detail.ms)} (${n.toLocaleString('en-US')} note${n === 1 ? '' : 's'})`;
    showPaths();
  });

  lockButton.addEventListener('click', () => {
    list.lock();   // erases its key copy and every plaintext, stops its worker; the search empties itself
    $('vault-selected').textContent = '';
    lockButton.disabled = true;
    door.disabled = false;
    status.textContent = 'Locked: the keys and the plaintexts are erased.';
    door.focus();
  });
}
