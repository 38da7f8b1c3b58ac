// The popup's session (extension/session.js) alone, in Node, with the notes
// API of dist/node.js, a stand-in for chrome.runtime (the background's
// messages) and one for chrome.storage.local: the auto-lock of this popup
// only, its re-arming and its lock (the views told to drop their plaintexts
// before the key is erased), a wrong password or an edited record refused
// with nothing opened or written, and the idle time's validation.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { createNotesWorker, openNotes, sealNote, unwrapKey, wrapKey } from '../../dist/node.js';
import { VaultSession } from '../../extension/session.js';
import { createRecord } from '../../extension/vault-session.js';
import { SESSION_EVENTS } from '../../extension/popup-events.js';

const KDF = { salt: Buffer.alloc(16, 9).toString('base64'), t: 1, m: 8192, p: 1 };
const api = { createNotesWorker, openNotes, sealNote, unwrapKey };
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** chrome.runtime as the session uses it: what it sent, and `deliver()` for a message from the background. */
function fakeRuntime(id = 'memento-vault') {
  const listeners = [];
  const sent = [];
  return {
    id, sent,
    onMessage: { addListener: (listener) => listeners.push(listener) },
    sendMessage: async (message) => { sent.push(message); },
    deliver: (message, sender = { id }) => { for (const listener of listeners) listener(message, sender); },
  };
}

/** chrome.storage.local as storage.js uses it. */
function fakeArea(initial) {
  const data = structuredClone(initial);
  return {
    data,
    get: async (key) => (key in data ? { [key]: structuredClone(data[key]) } : {}),
    set: async (items) => { Object.assign(data, structuredClone(items)); },
    remove: async (key) => { delete data[key]; },
  };
}

/** A stored vault (no notes) and the Argon2id key of its password, and a session over it that recorded its events. */
async function sessionOverVault(settings = { autoLockMinutes: 5 }) {
  const wrappingKey = crypto.getRandomValues(new Uint8Array(32));
  const { record, deviceKey } = await createRecord(KDF, wrappingKey.slice(), { api: { wrapKey } });
  deviceKey.fill(0);
  const runtime = fakeRuntime();
  const area = fakeArea({ vault: record, settings });
  const session = new VaultSession({ runtime, area, api });
  // Each event, its message, and whether the device key of the last unlock still holds its bytes then.
  const events = [];
  let held = null;
  session.addEventListener(SESSION_EVENTS.opened, () => { held = session.deviceKey; });
  for (const type of Object.values(SESSION_EVENTS)) {
    session.addEventListener(type, (event) => events.push([type, event.detail.message ?? '', Boolean(held?.some((b) => b !== 0))]));
  }
  assert.equal(await session.load(), '');
  return { session, runtime, area, record, wrappingKey, events };
}

test('auto-lock: this popup\'s own alarm, re-armed at most once a second; it locks only once the idle time has passed, the views told before the key is erased', async () => {
  const { session, runtime, wrappingKey, events } = await sessionOverVault({ autoLockMinutes: 1 / 60 });
  await session.unlock(wrappingKey.slice());
  assert.ok(session.unlocked);
  const key = session.deviceKey;
  const armed = runtime.sent.filter((m) => m.type === 'activity');
  assert.equal(armed.length, 1, 'the unlock arms the alarm');
  const { popup } = armed[0];
  assert.match(popup, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  assert.equal(armed[0].minutes, 1 / 60);
  session.touch();
  session.touch();
  assert.equal(runtime.sent.length, 1, 'activity within a second of the last ping sends nothing');

  runtime.deliver({ type: 'lock', popup });
  assert.ok(session.unlocked, 'an alarm before the idle time has passed since the last activity locks nothing');
  const rearmed = runtime.sent.at(-1);
  assert.equal(rearmed.type, 'activity');
  assert.equal(rearmed.popup, popup);
  assert.ok(rearmed.minutes > 0 && rearmed.minutes <= 1 / 60, 'it is set again for the time left');

  await sleep(1100);
  const sent = runtime.sent.length;
  runtime.deliver({ type: 'lock', popup: crypto.randomUUID() });
  assert.ok(session.unlocked, 'another popup\'s alarm locks nothing here, idle as it is');
  runtime.deliver({ type: 'lock', popup }, { id: 'another-extension' });
  assert.ok(session.unlocked, 'nor does a message from another extension');
  assert.equal(runtime.sent.length, sent, 'nor do they re-arm anything');
  runtime.deliver({ type: 'lock', popup });
  assert.equal(session.unlocked, false);
  assert.equal(session.deviceKey, null);
  assert.ok(key.every((b) => b === 0), 'the device key is erased');
  assert.deepEqual(events, [
    [SESSION_EVENTS.readyAhead, '', false],
    [SESSION_EVENTS.opened, '', true],
    [SESSION_EVENTS.closing, '', true],
    [SESSION_EVENTS.locked, 'Locked after 1 second without activity.', false],
  ]);
  assert.deepEqual(runtime.sent.at(-1), { type: 'locked', popup }, 'the background clears this popup\'s alarm');
});

test('a wrong password, or a record edited since it was sealed, opens nothing and writes nothing', async () => {
  const { session, area, record, wrappingKey, events } = await sessionOverVault();
  const wrong = crypto.getRandomValues(new Uint8Array(32));
  await assert.rejects(session.unlock(wrong), { message: 'Wrong password. The vault stays locked and nothing was changed.' });
  assert.ok(wrong.every((b) => b === 0), 'the key given is erased');
  assert.equal(session.unlocked, false);

  const edited = { ...record, kdf: { ...record.kdf, t: 2 } };
  area.data.vault = edited;
  await session.load();
  await assert.rejects(session.unlock(wrappingKey.slice()), /^Error: This vault cannot be trusted: its seal does not match its contents/);
  assert.equal(session.unlocked, false);
  assert.deepEqual(area.data.vault, edited, 'nothing written');
  assert.ok(!events.some(([type]) => type === SESSION_EVENTS.opened), 'nothing opened');

  area.data.vault = record;
  await session.load();
  await session.unlock(wrappingKey.slice());
  assert.ok(session.unlocked, 'the record as sealed opens');
  session.lock('Locked.');
  assert.deepEqual(events.at(-1), [SESSION_EVENTS.locked, 'Locked.', false]);
});

test('the idle time: refused outside 1 second to 24 hours, else stored and the alarm re-armed with it', async () => {
  const { session, runtime, area, wrappingKey } = await sessionOverVault();
  await session.unlock(wrappingKey.slice());
  for (const minutes of [0, 0.01, 1441, Number.NaN]) {
    await assert.rejects(session.setAutoLock(minutes), { message: 'Choose an idle time from 1 second (0.02 minutes) to 1440 minutes.' });
  }
  assert.deepEqual(area.data.settings, { autoLockMinutes: 5 }, 'nothing stored');
  await session.setAutoLock(0.05);
  assert.deepEqual(area.data.settings, { autoLockMinutes: 0.05 });
  assert.deepEqual(session.settings, { autoLockMinutes: 0.05 });
  assert.equal(runtime.sent.at(-1).minutes, 0.05, 'the alarm is set again for the new time');
  session.lock('Locked.');
});
