// The demo vault: made in this page at load, then opened only through the
// elements. The page plays the vault's owner once: a random device key seals
// 5,000 notes (sealNotes) and is wrapped (wrapKey) under the Argon2id key of
// the demo password; both keys are then zeroed. Unlocking derives the key again
// in <vault-unlock mode="derive">, unwrapKey() opens the device key, and
// <note-list> opens the notes; <fuzzy-search for="vault-notes"> follows the list
// by itself (no page code between them).
//
// Sealing at load must not stall the page: making the 5,000 notes in one go
// was a 60-400 ms task here (and sealNotes() packs and unpacks its whole input
// on the page), so the notes are made in a worker of their own
// (demo/vault-notes-worker.js) and sealed in batches, the notes worker sealing
// one batch while the next is made.
import { NOTE_COUNT } from '../fixtures/vault-corpus.js';
import { formatMs } from './bench.js';
import { base64Decode } from '../common/base64.js';

export const DEMO_PASSWORD = 'moonflower';
// 250 notes: about 150 KB packed, well under a millisecond to pack, unpack or clone.
const SEAL_BATCH = 250;

const $ = (id) => document.getElementById(id);
// Digits grouped by hand: the first toLocaleString() call loads the locale's data, a 15-40 ms task here.
const grouped = (n) => String(n).replace(/\B(?=(\d{3})+$)/g, ',');
const count = (n, what) => `${grouped(n)} ${what}${n === 1 ? '' : 's'}`;

/** The vault's notes, sealed under `deviceKey` batch by batch; `progress(sealedSoFar)` after each batch. */
async function sealVaultNotes(api, deviceKey, progress) {
  const maker = new Worker(new URL('./vault-notes-worker.js', import.meta.url), { type: 'module', name: 'vault-notes' });
  const batches = [];
  const waiting = [];
  maker.onmessage = ({ data }) => (waiting.length ? waiting.shift().resolve(data.notes) : batches.push(data.notes));
  const failed = new Promise((resolve, reject) => {
    maker.onerror = (event) => {
      event.preventDefault();
      reject(new Error(`the notes could not be made: ${event.message || 'the worker did not start'}`));
    };
  });
  const nextBatch = () => {
    maker.postMessage({ batch: SEAL_BATCH });
    return Promise.race([failed, batches.length ? batches.shift() : new Promise((resolve) => waiting.push({ resolve }))]);
  };
  try {
    const sealed = [];
    let making = nextBatch();
    while (sealed.length < NOTE_COUNT) {
      const batch = await making;
      if (batch.length === 0) throw new Error(`the notes worker stopped after ${sealed.length} notes`);
      making = sealed.length + batch.length < NOTE_COUNT ? nextBatch() : null;
      sealed.push(...await api.sealNotes(batch, deviceKey));
      progress(sealed.length);
    }
    return sealed;
  } finally {
    maker.terminate();
  }
}

/**
 * Seals the vault, then wires the door, the list and the search. Resolves once the vault is sealed (or could not be).
 * The vault card shows one of two faces (`data-vault` on #vault): `locked` (the door) or `open` (the lock button).
 */
export async function startVault(api) {
  const vault = $('vault');
  const door = $('vault-unlock');
  const list = $('vault-notes');
  const search = $('vault-search');
  const status = $('vault-status');
  const lockButton = $('vault-lock');
  const showPaths = () => {
    for (const name of ['argon2', 'notes', 'search']) $(`path-${name}`).textContent = api.enginePath(name) ?? '–';
  };

  let wrapped;
  try {
    const start = performance.now();
    const deviceKey = crypto.getRandomValues(new Uint8Array(32));
    const salt = base64Decode(door.salt ?? door.getAttribute('salt'), 'salt');
    const wrapping = api.argon2id({ password: DEMO_PASSWORD, salt, t: door.t, m: door.m, p: door.p });
    let sealed;
    try {
      const sealing = sealVaultNotes(api, deviceKey, (n) => { status.textContent = `Sealing the demo vault… ${count(n, 'note')}`; });
      let wrappingKey;
      [sealed, wrappingKey] = await Promise.all([sealing, wrapping]);
      wrapped = await api.wrapKey(deviceKey, wrappingKey);
    } finally {
      deviceKey.fill(0);
      wrapping.then((wrappingKey) => wrappingKey.fill(0), () => {});   // whenever it arrives, even after a failure
    }
    status.textContent = `Vault sealed in ${formatMs(performance.now() - start)}: ${count(sealed.length, 'note')}. `
      + `Enter the password (${DEMO_PASSWORD}) to open it.`;
    list.notes = sealed;   // locked: the list says how many notes it holds until it gets the key
    door.disabled = false;
  } catch (error) {
    status.textContent = `The demo vault could not be made: ${error.message}`;
    status.classList.add('problem');
    return;
  }
  showPaths();

  door.addEventListener('vault-unlocked', async (event) => {
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
    const deriveMs = door.ms ?? 0;
    $('time-unlock').textContent = `${formatMs(deriveMs + unwrapMs)} (Argon2id ${formatMs(deriveMs)} + unwrapKey ${formatMs(unwrapMs)})`;
    list.deviceKey = deviceKey;   // the list keeps a private copy, zeroed by lock()
    deviceKey.fill(0);
    // The door's job is done: it goes, with its "Key ready.", and the lock takes its place.
    door.disabled = true;
    vault.dataset.vault = 'open';
    lockButton.disabled = false;
    status.textContent = 'Unlocked. Opening the notes…';
    lockButton.focus();
    showPaths();
  });

  list.addEventListener('notes-opened', ({ detail }) => {
    $('time-open').textContent = `${formatMs(detail.ms)} (${count(detail.total, 'note')}, one worker call)`;
    status.textContent = 'Unlocked. Search as you type; typos are fine.';
    showPaths();
  });
  list.addEventListener('notes-error', ({ detail }) => { status.textContent = detail.message; });
  list.addEventListener('notes-select', ({ detail }) => { $('vault-selected').textContent = `Chosen: ${detail.title}`; });

  search.addEventListener('search-results', ({ detail }) => {
    $('time-search').textContent = `${formatMs(detail.ms)} (${count(detail.indices.length, 'note')})`;
    showPaths();
  });

  lockButton.addEventListener('click', () => {
    list.lock();   // erases its key copy and every plaintext, stops its worker; the search empties itself
    for (const id of ['vault-selected']) $(id).textContent = '';
    for (const id of ['time-unlock', 'time-open', 'time-search']) $(id).textContent = '–';
    lockButton.disabled = true;
    $('vault-door').reset();   // the door forgets its last success ("Key ready.") and its fields
    door.disabled = false;
    vault.dataset.vault = 'locked';
    status.textContent = 'Locked: the keys and the plaintexts are erased.';
    door.focus();
  });
}
