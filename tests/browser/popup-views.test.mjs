// Each view of the extension's popup alone (extension/views/), on popup.html's
// own markup with the package's elements, over a fake session that records
// what the view asked of it (tests/browser/fixtures/popup-view.js): what each
// view shows, what it hands the session, where it goes next, and what it
// erases when the session ends. tests/browser/extension.test.mjs runs them
// all together in the packed extension, end to end.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

/**
 * A test page on which `run` (a function evaluated there, which finds the
 * fixture module as `window.f`) mounts and drives one view; what it returns.
 */
async function inPage(run) {
  const page = await browser.newPage();
  try {
    await page.evaluate(async () => { window.f = await import('/tests/browser/fixtures/popup-view.js'); });
    const result = await page.evaluate(run);
    assert.deepEqual(page.problems, [], 'no page errors');
    return result;
  } finally {
    await page.close();
  }
}

const KEY = Array(32).fill(1);

test('setup: a create field with the new-vault parameters hands its key to the session; a refusal shows on the field', async () => {
  const r = await inPage(async () => {
    const { f } = window;
    const session = new f.FakeSession({ record: null, unlocked: false });
    const { view, section } = await f.mountView('setup', { session });
    view.enter();
    const create = section.querySelector('#create-slot > vault-unlock#create');
    const attributes = Object.fromEntries(['mode', 'output', 't', 'm', 'p', 'submit-label'].map((a) => [a, create.getAttribute(a)]));
    const focused = document.activeElement === create;
    session.answers.create = async () => { throw new Error('The vault was not created: the disk is full'); };
    f.fire(create, f.ELEMENT_EVENTS.created, { key: new Uint8Array(32).fill(1), salt: 'c2FsdHNhbHRzYWx0c2FsdA==', t: 3, m: 65536, p: 4 });
    await f.settle();
    const error = f.unlockError(create);
    section.querySelector('#setup-import').click();
    view.leave();
    return { attributes, focused, error, seen: window.seen, left: section.querySelector('#create-slot').children.length };
  });
  assert.deepEqual(r.attributes, { mode: 'create', output: 'key', t: '3', m: '65536', p: '4', 'submit-label': 'Create vault' });
  assert.ok(r.focused, 'the password field has the focus');
  assert.deepEqual(r.seen.calls, [['create', { key: Array(32).fill(1), salt: 'c2FsdHNhbHRzYWx0c2FsdA==', t: 3, m: 65536, p: 4 }]]);
  assert.equal(r.error, 'The vault was not created: the disk is full');
  assert.deepEqual(r.seen.gone, [['import', {}]], 'Import it goes to the import view');
  assert.equal(r.left, 0, 'leaving removes the field');
});

test('locked: the vault\'s parameters, the key to the session, an older format announced and "Update and unlock"', async () => {
  const r = await inPage(async () => {
    const { f } = window;
    const session = new f.FakeSession({ unlocked: false, record: f.fakeRecord({ kdf: { t: 2, m: 16384, p: 2 } }) });
    const { view, section } = await f.mountView('locked', { session });
    view.enter();
    const unlock = section.querySelector('vault-unlock#unlock');
    const attributes = Object.fromEntries(['mode', 'salt', 't', 'm', 'p', 'submit-label'].map((a) => [a, unlock.getAttribute(a)]));
    const status = section.querySelector('.status').textContent;
    unlock.dispatchEvent(new Event('input', { bubbles: true }));
    session.answers.unlock = async (key, stillWanted) => {
      window.stillWanted = stillWanted;
      throw new Error('Wrong password. The vault stays locked and nothing was changed.');
    };
    f.fire(unlock, f.ELEMENT_EVENTS.unlocked, { key: new Uint8Array(32).fill(1) });
    await f.settle();
    const error = f.unlockError(unlock);
    const wanted = window.stillWanted();
    view.leave();
    const wantedAfterLeaving = window.stillWanted();
    const left = section.querySelector('#unlock-slot').children.length;
    session.record = f.fakeRecord({ version: 1 });
    view.enter();
    const older = section.querySelector('vault-unlock#unlock');
    return {
      attributes, status, wanted, wantedAfterLeaving, left, error, seen: window.seen,
      olderLabel: older.getAttribute('submit-label'), olderStatus: section.querySelector('.status').textContent,
      olderProblem: section.querySelector('.status').classList.contains('problem'), salt: session.record.kdf.salt,
    };
  });
  assert.deepEqual(r.attributes, { mode: 'derive', salt: r.salt, t: '2', m: '16384', p: '2', 'submit-label': 'Unlock' });
  assert.equal(r.status, '', 'no notice for a version 3 vault');
  assert.deepEqual(r.seen.calls.map(([method]) => method), ['readyAhead', 'unlock'], 'typing readies the session, the key unlocks it');
  assert.deepEqual(r.seen.calls[1].slice(1, 2), [KEY]);
  assert.deepEqual([r.wanted, r.wantedAfterLeaving, r.left], [true, false, 0], 'an attempt is wanted while its field is on the page, which leaving removes');
  assert.equal(r.error, 'Wrong password. The vault stays locked and nothing was changed.');
  assert.equal(r.olderLabel, 'Update and unlock');
  assert.match(r.olderStatus, /^This vault is in format version 1, which does not protect the vault as a whole/);
  assert.ok(r.olderProblem);
});

test('list: newest first, a sensitive text masked, a row opens the reader, focus through the list, Undo through the session, all gone at the session\'s end', async () => {
  const r = await inPage(async () => {
    const { f } = window;
    const { packBody } = await import('/extension/note-envelope.js');
    const deviceKey = crypto.getRandomValues(new Uint8Array(32));
    const plain = [
      { id: 'a', title: 'Older', text: 'the older text', sensitive: false, created: 1000, updated: 1000 },
      { id: 'b', title: 'Secret', text: 'blue-heron-42', sensitive: true, created: 2000, updated: 2000 },
      { id: 'c', title: 'Newest', text: 'the newest text', sensitive: false, created: 500, updated: 3000 },
    ];
    const notes = [];
    for (const n of plain) notes.push(await window.memento.sealNote({ id: n.id, title: n.title, body: packBody(n) }, deviceKey.slice()));
    const session = new f.FakeSession({ record: f.fakeRecord({ notes }), deviceKey });
    const { view, section } = await f.mountView('list', { session });
    const list = section.querySelector('note-list');
    session.emit(f.SESSION_EVENTS.opened);
    view.enter({ focus: true });
    const titles = () => list.view.map((i) => list.opened[i].title).join(', ');
    await f.until(() => titles() === 'Newest, Secret, Older', 'the rows by last update');
    const rows = [...list.shadowRoot.querySelectorAll('.row')].map((row) => row.textContent).join(' | ');
    view.enter({ focus: true });
    const focus = [document.activeElement?.id, list.shadowRoot.activeElement?.id];
    const note = view.noteById('b');
    list.choose(0);
    session.answers.restoreNote = async () => true;
    view.enter({ undo: { sealed: notes[0], at: 0, title: 'Older' } });
    const offered = [section.querySelector('#undo-bar').hidden, section.querySelector('#undo-text').textContent, document.activeElement?.id];
    section.querySelector('#undo').click();
    await f.settle();
    const restored = [section.querySelector('#undo-bar').hidden, section.querySelector('#undo-text').textContent, section.querySelector('.status').textContent];
    view.enter({ undo: { sealed: notes[1], at: 1, title: 'Secret' } });
    session.end();
    const ended = {
      undo: [section.querySelector('#undo-bar').hidden, section.querySelector('#undo-text').textContent],
      list: [list.state, list.opened.length, list.deviceKey], search: section.querySelectorAll('fuzzy-search').length,
    };
    view.enter({ focus: true });
    return { rows, focus, note, offered, restored, ended, emptyFocus: document.activeElement?.id, seen: window.seen };
  });
  assert.ok(!r.rows.includes('blue-heron'), 'no row shows the sensitive text');
  assert.match(r.rows, /Secret.*••••••••••••/, 'the sensitive row shows its title and a mask');
  assert.deepEqual(r.focus, ['notes', 'list'], 'focus on the list\'s listbox, through NoteList.focus()');
  assert.deepEqual(r.note, { id: 'b', title: 'Secret', text: 'blue-heron-42', sensitive: true, created: 2000, updated: 2000, v: 3 },
    'the opened note, read once for the reader and the editor');
  assert.deepEqual(r.seen.gone[0], ['reader', { id: 'c' }], 'the top row opens the newest note');
  assert.deepEqual(r.offered, [false, 'Deleted “Older”.', 'undo']);
  assert.equal(r.seen.calls[0][0], 'restoreNote');
  assert.deepEqual(r.seen.calls[0][1].sealed.id, 'a', 'Undo hands the very same sealed note back');
  assert.deepEqual(r.restored, [true, '', 'Note restored.']);
  assert.deepEqual(r.ended.undo, [true, ''], 'the session\'s end empties the Undo bar and the deleted title');
  assert.deepEqual(r.ended.list, ['locked', 0, undefined], 'the list is locked: no plaintext, no key');
  assert.equal(r.ended.search, 0, 'the search element (and its index) is gone');
  assert.equal(r.emptyFocus, 'new-note', 'an empty list sends the focus to New note');
});

test('reader: masked until revealed, the text gone when it leaves and everything at the session\'s end; Delete and Edit through the session', async () => {
  const r = await inPage(async () => {
    const { f } = window;
    const notes = {
      a: { id: 'a', title: 'Router', text: 'blue-heron-42', sensitive: true, created: 1000, updated: 2000 },
      d: { id: 'd', title: 'x', error: { message: 'its title tag does not match' } },
    };
    const { view, section, session } = await f.mountView('reader', { notes: { noteById: (id) => notes[id] ?? null } });
    const text = () => section.querySelector('#reader-text').textContent;
    const shown = () => ['reader-title', 'reader-meta', 'reader-text'].map((id) => section.querySelector(`#${id}`).textContent);
    view.enter({ id: 'a' });
    const masked = [...shown(), section.querySelector('#reveal').hidden, document.activeElement?.id];
    section.querySelector('#reveal').click();
    const revealed = [text(), section.querySelector('#reveal').getAttribute('aria-pressed')];
    view.leave();
    const afterLeaving = text();
    view.enter({ id: 'a' });
    const again = text();
    section.querySelector('#reveal').click();
    session.end();
    const ended = shown();
    session.term = Symbol('unlocked again');
    view.enter({ id: 'gone' });
    view.enter({ id: 'd' });
    const damaged = [...shown(), section.querySelector('#copy-text').disabled, section.querySelector('#edit-note').disabled, section.querySelector('#reveal').hidden];
    view.enter({ id: 'a' });
    section.querySelector('#edit-note').click();
    session.answers.deleteNote = async () => ({ sealed: { id: 'a' }, at: 2 });
    section.querySelector('#delete-note').click();
    await f.settle();
    view.escape();
    return { masked, revealed, afterLeaving, again, ended, damaged, seen: window.seen };
  });
  assert.equal(r.masked[0], 'Router');
  assert.match(r.masked[1], /^Sensitive · Updated .* · created /);
  assert.deepEqual(r.masked.slice(2), ['••••••••••••', false, 'reader-back']);
  assert.deepEqual(r.revealed, ['blue-heron-42', 'true']);
  assert.equal(r.afterLeaving, '', 'a revealed text leaves the page with the view');
  assert.equal(r.again, '••••••••••••', 'masked again when shown again');
  assert.deepEqual(r.ended, ['', '', ''], 'the session\'s end empties title, metadata and text');
  assert.deepEqual(r.damaged, ['Damaged note', '', 'This note cannot be read: its title tag does not match', true, true, true]);
  assert.deepEqual(r.seen.calls, [['deleteNote', 'a']]);
  assert.deepEqual(r.seen.gone, [
    ['list', { message: 'That note is no longer in the vault.', problem: true }],
    ['editor', { note: { id: 'a', title: 'Router', text: 'blue-heron-42', sensitive: true, created: 1000, updated: 2000 } }],
    ['list', { undo: { sealed: { id: 'a' }, at: 2, title: 'Router' } }],
    ['list', { focus: true }],
  ]);
});

test('editor: a new note and an edit sealed through the session with their metadata; nothing written for an empty note; fields emptied at the session\'s end', async () => {
  const r = await inPage(async () => {
    const { f } = window;
    const { unpackBody } = await import('/extension/note-envelope.js');
    const old = { id: 'e', title: 'Old', text: 'old text', sensitive: true, created: 1000, updated: 1000 };
    const { view, section, session } = await f.mountView('editor', { notes: { noteById: (id) => (id === 'e' ? old : null), whenOpen: async () => {} } });
    const field = (id) => section.querySelector(`#${id}`);
    const fields = () => [field('note-title').value, field('note-body').value, field('note-sensitive').checked];
    const submit = async () => { field('editor').requestSubmit(); await f.settle(); };
    view.enter({ note: null });
    const fresh = [field('editor-title').textContent, ...fields(), document.activeElement?.id];
    await submit();
    const empty = section.querySelector('.status').textContent;
    field('note-title').value = 'Fresh';
    field('note-body').value = 'fresh text';
    field('note-sensitive').checked = true;
    session.answers.saveNote = async () => ({ added: true });
    await submit();
    const afterAdd = fields();
    view.enter({ note: old });
    const editing = [field('editor-title').textContent, ...fields()];
    field('note-body').value = 'new text';
    session.answers.saveNote = async () => ({ added: false });
    await submit();
    view.enter({ note: old });
    session.answers.saveNote = async () => { throw new Error('The note was not saved: the disk is full'); };
    await submit();
    const failed = [section.querySelector('.status').textContent, field('save-note').disabled];
    field('cancel-note').click();
    view.enter({ note: null });
    field('cancel-note').click();
    view.enter({ note: old });
    session.end();
    const ended = fields();
    const bodies = window.seen.calls.filter(([m]) => m === 'saveNote').map(([, note]) => ({ ...note, body: unpackBody(note.body) }));
    return { fresh, empty, afterAdd, editing, failed, ended, bodies, seen: window.seen };
  });
  assert.deepEqual(r.fresh, ['New note', '', '', false, 'note-title']);
  assert.equal(r.empty, 'Write a title or some text first.');
  assert.equal(r.bodies.length, 3, 'nothing was handed over for the empty note');
  const [added, edited] = r.bodies;
  assert.equal(added.title, 'Fresh');
  assert.deepEqual([added.body.text, added.body.sensitive, added.body.created === added.body.updated], ['fresh text', true, true]);
  assert.deepEqual(r.afterAdd, ['', '', false], 'the editor empties once saved');
  assert.deepEqual(r.editing, ['Edit note', 'Old', 'old text', true]);
  assert.equal(edited.id, 'e');
  assert.deepEqual([edited.body.text, edited.body.created], ['new text', 1000], 'an edit keeps its created time');
  assert.ok(edited.body.updated > 1000);
  assert.deepEqual(r.failed, ['The note was not saved: the disk is full', false]);
  assert.deepEqual(r.ended, ['', '', false], 'the session\'s end empties the fields');
  assert.deepEqual(r.seen.gone, [
    ['reader', { id: added.id, message: 'Note added.' }],
    ['reader', { id: 'e', message: 'Note saved.' }],
    ['reader', { id: 'e' }],
    ['list', { focus: true }],
  ]);
});

test('settings: the idle time, Delete only after the password, re-keying in two steps, Escape, and the panels closed at the session\'s end', async () => {
  const r = await inPage(async () => {
    const { f } = window;
    const session = new f.FakeSession({ record: f.fakeRecord({ kdf: { t: 3, m: 65536, p: 4 } }), settings: { autoLockMinutes: 5 } });
    const { view, section } = await f.mountView('settings', { session });
    const field = (id) => section.querySelector(`#${id}`);
    const status = () => section.querySelector('.status').textContent;
    view.enter();
    const entered = [field('kdf-now').textContent, field('idle-minutes').value, document.activeElement?.id];
    field('idle-minutes').value = '0.05';
    session.answers.setAutoLock = async () => {};
    field('settings').requestSubmit();
    await f.settle();
    const saved = status();
    field('wipe').click();
    const wipe = section.querySelector('#wipe-slot > vault-unlock#wipe-password');
    const asked = [field('wipe-confirm').hidden, wipe.getAttribute('mode'), wipe.getAttribute('salt') === session.record.kdf.salt];
    // Escape in the password field is the field's; elsewhere it goes back to the list.
    const onEscape = (event) => view.escape(event);
    document.addEventListener('keydown', onEscape);
    wipe.shadowRoot.getElementById('password').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, composed: true }));
    const goneAfterFieldEscape = window.seen.gone.length;
    session.answers.checkPassword = async () => { throw new Error('Wrong password. Nothing was changed.'); };
    f.fire(wipe, f.ELEMENT_EVENTS.unlocked, { key: new Uint8Array(32) });
    await f.settle();
    const refused = [f.unlockError(wipe), window.seen.calls.some(([m]) => m === 'wipe')];
    session.answers.checkPassword = async () => {};
    f.fire(wipe, f.ELEMENT_EVENTS.unlocked, { key: new Uint8Array(32) });
    await f.settle();
    view.enter();
    field('rekey').click();
    const current = section.querySelector('#rekey-slot > vault-unlock#rekey-current');
    f.fire(current, f.ELEMENT_EVENTS.unlocked, { key: new Uint8Array(32) });
    await f.settle();
    const next = section.querySelector('#rekey-slot > vault-unlock#rekey-new');
    const step2 = [field('rekey-step').textContent, ...['mode', 't', 'm', 'p'].map((a) => next.getAttribute(a))];
    session.answers.rekey = async () => true;
    f.fire(next, f.ELEMENT_EVENTS.created, { key: new Uint8Array(32), salt: 'c2FsdHNhbHRzYWx0c2FsdA==', t: 3, m: 65536, p: 4 });
    await f.settle();
    const rekeyed = [status(), field('rekey-panel').hidden, field('rekey-slot').children.length];
    document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    field('wipe').click();
    field('rekey').click();
    session.end();
    const ended = [field('wipe-confirm').hidden, field('wipe-slot').children.length, field('rekey-panel').hidden, field('rekey-slot').children.length];
    return { entered, saved, asked, goneAfterFieldEscape, refused, step2, rekeyed, ended, seen: window.seen };
  });
  assert.deepEqual(r.entered, ['This vault: Argon2id, 64 MiB, 3 passes, 4 lanes (run one after another here).', '5', 'settings-back']);
  assert.equal(r.saved, 'The vault now locks after 3 seconds without activity.');
  assert.deepEqual(r.asked, [false, 'derive', true]);
  assert.equal(r.goneAfterFieldEscape, 0, 'Escape in the password field stays in Settings');
  assert.deepEqual(r.refused, ['Wrong password. Nothing was changed.', false], 'a wrong password deletes nothing');
  assert.match(r.step2[0], /^Step 2 of 2: the new password \(it may be the same\)\. New key: Argon2id, 64 MiB, 3 passes, 4 lanes\.$/);
  assert.deepEqual(r.step2.slice(1), ['create', '3', '65536', '4']);
  assert.match(r.rekeyed[0], /^Password changed, and the vault has a new key/);
  assert.deepEqual(r.rekeyed.slice(1), [true, 0]);
  assert.deepEqual(r.seen.calls.map(([m]) => m), ['setAutoLock', 'checkPassword', 'checkPassword', 'wipe', 'checkPassword', 'rekey']);
  assert.deepEqual(r.seen.calls[0], ['setAutoLock', 0.05]);
  assert.deepEqual(r.seen.gone, [['setup', { message: 'The vault was deleted from this browser.' }], ['list', { focus: true }]]);
  assert.deepEqual(r.ended, [true, 0, true, 0], 'the session\'s end closes Delete and the re-key, their fields gone');
});

test('import: while unlocked the vault\'s password first; a malformed file refused; an older file announced; its key to the session', async () => {
  const r = await inPage(async () => {
    const { f } = window;
    const session = new f.FakeSession();
    const { view, section } = await f.mountView('import', { session });
    const field = (id) => section.querySelector(`#${id}`);
    view.enter();
    const currentSlot = field('import-current-slot');
    const current = currentSlot.querySelector('vault-unlock#import-current');
    const before = [field('import-file').disabled, current.getAttribute('label')];
    session.answers.checkPassword = async () => { throw new Error('Wrong password. Nothing was changed.'); };
    f.fire(current, f.ELEMENT_EVENTS.unlocked, { key: new Uint8Array(32) });
    await f.settle();
    const refused = [f.unlockError(current), field('import-file').disabled];
    session.answers.checkPassword = async () => {};
    f.fire(current, f.ELEMENT_EVENTS.unlocked, { key: new Uint8Array(32) });
    await f.settle();
    const confirmed = [field('import-file').disabled, currentSlot.children.length, document.activeElement?.id];
    f.chooseFile(field('import-file'), 'broken.json', '{"format": "memento-vault", ');
    const malformed = await f.until(() => field('import-error').textContent, 'the malformed-file message');
    const older = f.fakeRecord({ version: 1 });
    f.chooseFile(field('import-file'), 'old.json', JSON.stringify(older));
    const unlock = await f.until(() => field('import-slot').querySelector('vault-unlock#import-unlock'), 'the file\'s password field');
    const asked = [unlock.getAttribute('submit-label'), unlock.getAttribute('salt') === older.kdf.salt, field('import-error').textContent];
    session.answers.importVault = async () => { throw new Error('This file was made under another password: it does not open with this one. Nothing was imported.'); };
    f.fire(unlock, f.ELEMENT_EVENTS.unlocked, { key: new Uint8Array(32).fill(1) });
    await f.settle();
    const importError = f.unlockError(unlock);
    field('import-cancel').click();
    const cancelled = field('import-slot').children.length;
    const first = structuredClone(window.seen);
    const locked = new f.FakeSession({ unlocked: false });
    const again = await f.mountView('import', { session: locked });
    again.view.enter();
    const whileLocked = [document.getElementById('import-file').disabled, document.getElementById('import-current-slot').children.length];
    document.getElementById('import-cancel').click();
    return { before, refused, confirmed, malformed, asked, importError, cancelled, whileLocked, first, second: window.seen };
  });
  assert.deepEqual(r.before, [true, 'Password of this vault (the file replaces it)'], 'no file before this vault\'s password');
  assert.deepEqual(r.refused, ['Wrong password. Nothing was changed.', true]);
  assert.deepEqual(r.confirmed, [false, 0, 'import-file']);
  assert.match(r.malformed, /^This file cannot be imported: .*\. Nothing was changed\.$/);
  assert.equal(r.asked[0], 'Update and import');
  assert.equal(r.asked[1], true, 'the file\'s own parameters');
  assert.match(r.asked[2], /^This file is in format version 1, which does not protect the vault as a whole/);
  assert.equal(r.importError, 'This file was made under another password: it does not open with this one. Nothing was imported.');
  assert.deepEqual(r.first.calls.map(([m]) => m), ['checkPassword', 'checkPassword', 'importVault']);
  const [, candidate, key, stillWanted] = r.first.calls[2];
  assert.deepEqual([candidate.version, key], [1, KEY], 'the parsed file and its key');
  assert.match(stillWanted, /^function/, 'and whether the attempt is still wanted');
  assert.equal(r.cancelled, 0);
  assert.deepEqual(r.first.gone, [['list', {}]], 'Cancel goes back to the unlocked vault\'s list');
  assert.deepEqual(r.whileLocked, [false, 0], 'with no unlocked vault the file comes first');
  assert.deepEqual(r.second.gone, [['locked', {}]], 'Cancel goes back to the locked view');
});
