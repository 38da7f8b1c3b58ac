// The MV3 extension popup, end to end in Debian's Chromium with the unpacked
// extension (build/extension) loaded: create a vault, add three notes, lock,
// a wrong then the right password, search with a typo, edit, delete, export,
// wipe, refused imports (malformed, another password), import, same notes.
// Along the way: chrome.storage.local never holds the password or a note's
// text, a refused attempt changes nothing stored, auto-lock locks, no worker
// of the popup survives a lock, and axe-core finds nothing in any state.
// Chromium only (Firefox and WebKit cannot load this extension here).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { chromium } from 'playwright-core';
import sodium from 'libsodium-wrappers-sumo';
import { AXE_PATH, ENGINE, ROOT } from './harness.mjs';

const EXT = path.join(ROOT, 'build/extension');
const SKIP = ENGINE !== 'chromium' ? `the extension is tested in Chromium only (ENGINE=${ENGINE})` : false;
const PASSWORD = 'moss lantern orchard 47';
const WRONG = 'moss lantern orchard 48';
const NOTES = [
  { title: 'Lighthouse keeper', body: 'The spare key hangs behind the tide chart in the lamp room.' },
  { title: 'Garden plan', body: 'Plant the quince by the south wall before the first frost.' },
  { title: 'Bank letter', body: 'Reference 88-QX for the safe deposit box; ask for Ilse.' },
];
const SECRET_TEXTS = [PASSWORD, WRONG, ...NOTES.flatMap((n) => [n.title, n.body]), 'tide chart', 'quince', 'Ilse'];

/** The extension id Chromium derives from the manifest's `key` (sha256 of the DER, a-p for 0-f). */
function extensionId(manifest) {
  const hex = createHash('sha256').update(Buffer.from(manifest.key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
}

let context;
let profile;
let page;
let cdp;
const problems = [];

before(async () => {
  if (SKIP) return;
  if (!existsSync(path.join(EXT, 'manifest.json'))) throw new Error('build/extension is missing: run `sh scripts/build.sh` first');
  profile = await mkdtemp(path.join(os.tmpdir(), 'memento-extension-'));
  context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium',
    headless: false, // --headless=new below
    ignoreDefaultArgs: ['--disable-extensions'],
    acceptDownloads: true,
    viewport: { width: 480, height: 900 },
    args: [
      '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
      '--disable-renderer-backgrounding', '--disable-background-timer-throttling',
      `--disable-extensions-except=${EXT}`, `--load-extension=${EXT}`,
    ],
  });
  let [worker] = context.serviceWorkers();
  worker ??= await context.waitForEvent('serviceworker', { timeout: 15000 });
  const id = new URL(worker.url()).host;
  assert.equal(id, extensionId(JSON.parse(readFileSync(path.join(EXT, 'manifest.json'), 'utf8'))), 'stable id from the manifest key');
  page = await context.newPage();
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => { if (message.type() === 'error') problems.push(`console.error: ${message.text()}`); });
  await page.goto(`chrome-extension://${id}/popup.html`);
  cdp = await context.newCDPSession(page);
});

after(async () => {
  await context?.close().catch(() => {});
  if (profile) await rm(profile, { recursive: true, force: true });
});

// ---- helpers -----------------------------------------------------------------

const visible = (selector, timeout = 30000) => page.locator(selector).waitFor({ state: 'visible', timeout });
const storageDump = () => page.evaluate(() => chrome.storage.local.get(null));
const message = () => page.locator('#message').textContent();
const rowTitles = () => page.evaluate(() => {
  const list = document.getElementById('notes');
  return list.view.map((i) => list.opened[i]).map((note) => (note.error ? `damaged: ${note.error.message}` : note.title));
});
const openedNotes = () => page.evaluate(() => document.getElementById('notes').opened
  .map((note) => ({ title: note.title, body: note.body, error: note.error?.message })));

async function waitUntil(fn, what, timeout = 20000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Dedicated workers alive in the popup, as the browser sees them (CDP targets and Playwright's list). */
async function liveWorkers() {
  const { targetInfos } = await cdp.send('Target.getTargets');
  return Math.max(targetInfos.filter((info) => info.type === 'worker').length, page.workers().length);
}

async function typePassword(unlockId, password, confirm) {
  await page.locator(`vault-unlock#${unlockId} input#password`).fill(password);
  if (confirm !== undefined) await page.locator(`vault-unlock#${unlockId} input#confirm`).fill(confirm);
  await page.locator(`vault-unlock#${unlockId} button[type=submit]`).click();
}

async function saveNote(title, body) {
  await page.locator('#note-title').fill(title);
  await page.locator('#note-body').fill(body);
  await page.locator('#save-note').click();
  await page.locator('#editor').waitFor({ state: 'hidden' });
}

async function openNoteTitled(title) {
  await page.locator('note-list .row', { hasText: title }).click();
  await visible('#editor');
}

function assertNoSecrets(dump, when) {
  const text = JSON.stringify(dump);
  for (const secret of SECRET_TEXTS) assert.ok(!text.includes(secret), `${when}: chrome.storage.local holds "${secret}"`);
  const utf8 = (s) => Buffer.from(s).toString('base64');
  for (const secret of [PASSWORD, ...NOTES.map((n) => n.body)]) assert.ok(!text.includes(utf8(secret)), `${when}: storage holds base64 of a secret`);
}

async function axeViolations(state) {
  const loaded = await page.evaluate(() => typeof window.axe === 'object');
  // Evaluated through the DevTools protocol: the popup's CSP (rightly) refuses an inline <script>.
  if (!loaded) await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] }))
    .violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`));
  assert.deepEqual(violations, [], `axe-core, ${state}`);
}

// ---- the flow, step by step (the tests share the one popup) ----------

let exported;
let beforeEdit;

test('the manifest keeps the strict CSP, a fixed key and a module service worker', { skip: SKIP }, () => {
  const manifest = JSON.parse(readFileSync(path.join(EXT, 'manifest.json'), 'utf8'));
  assert.equal(manifest.manifest_version, 3);
  assert.equal(manifest.content_security_policy.extension_pages, "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'");
  assert.deepEqual(manifest.background, { service_worker: 'background.js', type: 'module' });
  assert.match(manifest.key, /^[A-Za-z0-9+/]+=*$/);
  const zipped = execFileSync('unzip', ['-Z1', path.join(ROOT, 'build/memento-vault-extension.zip')], { encoding: 'utf8' })
    .split('\n').filter((name) => name && !name.endsWith('/')).sort();
  const unpacked = readdirSync(EXT, { recursive: true }).filter((name) => statSync(path.join(EXT, name)).isFile()).sort();
  assert.deepEqual(zipped, unpacked, 'the zip holds exactly the unpacked extension');
  for (const file of ['manifest.json', 'popup.html', 'popup.js', 'background.js', 'workers/notes.js', 'wasm/notes.simd.wasm']) {
    assert.ok(unpacked.includes(file), `the package has ${file}`);
  }
});

test('first run: create a vault with the password typed twice, a strength hint and no axe violations', { skip: SKIP }, async () => {
  await visible('#setup');
  await axeViolations('first run');
  await page.locator('vault-unlock#create input#password').fill(PASSWORD);
  assert.match(await page.locator('vault-unlock#create #hint').textContent(), /^Strength: /);
  await page.locator('vault-unlock#create input#confirm').fill('something else entirely');
  await page.locator('vault-unlock#create button[type=submit]').click();
  await waitUntil(async () => /do not match/.test(await page.locator('vault-unlock#create #error').textContent()), 'the mismatch message');
  assert.deepEqual(await storageDump(), {}, 'a mismatch stores nothing');
  await axeViolations('first run, mismatch error');
  await typePassword('create', PASSWORD, PASSWORD);
  await visible('#unlocked');
  const { vault } = await storageDump();
  assert.equal(vault.format, 'memento-vault');
  assert.equal(vault.revision, 1);
  assert.deepEqual({ ...vault.kdf, salt: undefined }, { algorithm: 'argon2id13', salt: undefined, t: 3, m: 65536, p: 1 });
  assert.equal(Buffer.from(vault.kdf.salt, 'base64').length, 16);
  assert.equal(Buffer.from(vault.wrappedKey, 'base64').length, 72, 'nonce + secretbox of the 32-byte device key');
  assert.deepEqual(vault.notes, []);
});

test('three notes are added, each sealed and stored in one write; storage holds no note text', { skip: SKIP }, async () => {
  for (const note of NOTES) {
    await page.locator('#new-note').click();
    await saveNote(note.title, note.body);
    assert.equal(await message(), 'Note added.');
  }
  await waitUntil(async () => (await rowTitles()).length === 3, 'three rows');
  assert.deepEqual((await rowTitles()).sort(), NOTES.map((n) => n.title).sort());
  const { vault } = await storageDump();
  assert.equal(vault.revision, 4, 'one revision per write');
  assert.equal(vault.notes.length, 3);
  assertNoSecrets(await storageDump(), 'after adding');
  await openNoteTitled('Garden plan');
  await axeViolations('unlocked, editor open');
  await page.locator('#cancel-note').click();
});

test('the stored vault opens with libsodium alone: Argon2id key, secretbox-wrapped device key, sealed notes', { skip: SKIP }, async () => {
  await sodium.ready;
  const B64 = sodium.base64_variants.ORIGINAL;
  const { vault } = await storageDump();
  const { salt, t, m } = vault.kdf;
  const wrappingKey = sodium.crypto_pwhash(32, PASSWORD, sodium.from_base64(salt, B64), t, m * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13);
  const wrapped = sodium.from_base64(vault.wrappedKey, B64);
  const deviceKey = sodium.crypto_secretbox_open_easy(wrapped.subarray(24), wrapped.subarray(0, 24), wrappingKey);
  assert.equal(deviceKey.length, 32);
  const opened = vault.notes.map(({ id, key, title, body }) => {
    const k = sodium.from_base64(key, B64);
    const noteKey = sodium.crypto_secretbox_open_easy(k.subarray(24), k.subarray(0, 24), deviceKey);
    const open = (field, prefix) => {
      const bytes = sodium.from_base64(field, B64);
      return sodium.to_string(sodium.crypto_aead_xchacha20poly1305_ietf_decrypt(null, bytes.subarray(24), prefix + id, bytes.subarray(0, 24), noteKey));
    };
    return { title: open(title, 'title:'), body: open(body, 'body:') };
  });
  assert.deepEqual(opened, NOTES);
  const other = sodium.crypto_pwhash(32, WRONG, sodium.from_base64(salt, B64), t, m * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13);
  assert.throws(() => sodium.crypto_secretbox_open_easy(wrapped.subarray(24), wrapped.subarray(0, 24), other));
});

test('locking by hand erases the session and leaves no worker of the popup alive', { skip: SKIP }, async () => {
  assert.ok(await liveWorkers() > 0, 'the unlocked popup runs workers (notes, search)');
  await page.locator('#lock').click();
  await visible('#locked');
  assert.deepEqual(await rowTitles(), [], 'the list holds no plaintext');
  assert.equal(await page.evaluate(() => document.getElementById('notes').deviceKey), undefined);
  assert.equal(await page.locator('fuzzy-search').count(), 0, 'the search element (and its index) is gone');
  await waitUntil(async () => (await liveWorkers()) === 0, 'every worker to end after locking');
  await axeViolations('locked');
});

test('a wrong password is refused with a clear message and changes nothing; the right one unlocks', { skip: SKIP }, async () => {
  const stored = await storageDump();
  await typePassword('unlock', WRONG);
  await waitUntil(async () => /Wrong password/.test(await page.locator('vault-unlock#unlock #error').textContent()), 'the wrong-password message');
  assert.ok(await page.locator('#locked').isVisible());
  assert.deepEqual(await storageDump(), stored, 'nothing stored changed');
  await axeViolations('locked, wrong password');
  // The kernels run as wasm under the extension's CSP, not through a fallback.
  assert.equal(await page.evaluate(() => document.querySelector('vault-unlock#unlock').path), 'simd', 'Argon2id path');
  await typePassword('unlock', PASSWORD);
  await visible('#unlocked');
  await waitUntil(async () => (await rowTitles()).length === 3, 'the three notes');
  assert.deepEqual(await storageDump(), stored, 'unlocking writes nothing');
});

test('a search with a typo finds the note', { skip: SKIP }, async () => {
  await page.locator('fuzzy-search input').fill('lighthuose');
  await waitUntil(async () => (await rowTitles()).length === 1, 'one match');
  assert.deepEqual(await rowTitles(), ['Lighthouse keeper']);
  assert.deepEqual(await page.evaluate(() => [document.getElementById('notes').path, document.querySelector('fuzzy-search').path]),
    ['simd', 'simd'], 'notes and search paths');
  await axeViolations('unlocked, filtered by a search');
});

test('editing reseals the note with a fresh note key and nonces', { skip: SKIP }, async () => {
  beforeEdit = (await storageDump()).vault;
  await openNoteTitled('Lighthouse keeper');
  assert.equal(await page.locator('#note-body').inputValue(), NOTES[0].body);
  NOTES[0].body = 'The spare key now hangs behind the barometer in the lamp room.';
  await page.locator('#note-body').fill(NOTES[0].body);
  await page.locator('#save-note').click();
  await page.locator('#editor').waitFor({ state: 'hidden' });
  const after = (await storageDump()).vault;
  const id = beforeEdit.notes.find((n) => !after.notes.some((m) => m.key === n.key))?.id;
  assert.ok(id, 'one note changed');
  const [old, now] = [beforeEdit, after].map((v) => v.notes.find((n) => n.id === id));
  for (const field of ['key', 'title', 'body']) {
    assert.notEqual(Buffer.from(now[field], 'base64').subarray(0, 24).toString('hex'),
      Buffer.from(old[field], 'base64').subarray(0, 24).toString('hex'), `fresh nonce for ${field}`);
  }
  assert.equal(after.notes.filter((n) => n.id !== id).map((n) => n.key).join(), beforeEdit.notes.filter((n) => n.id !== id).map((n) => n.key).join(),
    'the other notes are untouched');
  await page.locator('fuzzy-search input').fill('');
  await waitUntil(async () => (await openedNotes()).some((n) => n.body === NOTES[0].body), 'the edited text in the list');
  assertNoSecrets(await storageDump(), 'after editing');
});

test('deleting a note removes it from the list and from storage', { skip: SKIP }, async () => {
  await waitUntil(async () => (await rowTitles()).length === 3, 'all rows');
  await openNoteTitled('Bank letter');
  await page.locator('#delete-note').click();
  await page.locator('#editor').waitFor({ state: 'hidden' });
  await waitUntil(async () => (await rowTitles()).length === 2, 'two rows');
  assert.deepEqual((await rowTitles()).sort(), ['Garden plan', 'Lighthouse keeper']);
  assert.equal((await storageDump()).vault.notes.length, 2);
  NOTES.pop();
});

test('export downloads the encrypted vault; a wipe empties storage', { skip: SKIP }, async () => {
  await page.locator('#tools summary').click();
  const [download] = await Promise.all([page.waitForEvent('download'), page.locator('#export').click()]);
  exported = readFileSync(await download.path(), 'utf8');
  const stored = (await storageDump()).vault;
  assert.deepEqual(JSON.parse(exported), stored, 'the file is the stored record');
  for (const secret of SECRET_TEXTS) assert.ok(!exported.includes(secret), `the export holds "${secret}"`);
  await page.locator('#wipe').click();
  await visible('#wipe-confirm');
  await axeViolations('unlocked, settings open, delete confirmation');
  await page.locator('#wipe-yes').click();
  await visible('#setup');
  assert.deepEqual(Object.keys(await storageDump()).filter((k) => k === 'vault'), [], 'no vault stored');
  await waitUntil(async () => (await liveWorkers()) === 0, 'no worker after the wipe');
});

test('import refuses a malformed file and a file made under another password, changing nothing', { skip: SKIP }, async () => {
  const stored = await storageDump();
  await page.locator('#setup-import').click();
  await visible('#import-panel');
  const file = (name, text) => ({ name, mimeType: 'application/json', buffer: Buffer.from(text) });
  await page.locator('#import-file').setInputFiles(file('broken.json', exported.slice(0, exported.length / 2)));
  await waitUntil(async () => /not valid JSON/.test(await page.locator('#import-error').textContent()), 'the malformed-file message');
  const tampered = JSON.parse(exported);
  tampered.notes[0].title = tampered.notes[0].title.replace(/=*$/, '').slice(0, -1) + '!';
  await page.locator('#import-file').setInputFiles(file('tampered.json', JSON.stringify(tampered)));
  await waitUntil(async () => /cannot be imported: note 1: title/.test(await page.locator('#import-error').textContent()), 'the bad-field message');
  await axeViolations('import, malformed file');
  assert.deepEqual(await storageDump(), stored, 'malformed files change nothing');
  await page.locator('#import-file').setInputFiles(file('vault.json', exported));
  await visible('vault-unlock#import-unlock');
  await typePassword('import-unlock', WRONG);
  await waitUntil(async () => /another password/.test(await page.locator('vault-unlock#import-unlock #error').textContent()), 'the wrong-password message');
  assert.deepEqual(await storageDump(), stored, 'a file under another password changes nothing');
  assert.ok(await page.locator('#import-panel').isVisible());
  await axeViolations('import, another password');
});

test('importing the exported file with its password brings back the same notes', { skip: SKIP }, async () => {
  await typePassword('import-unlock', PASSWORD);
  await visible('#unlocked');
  await waitUntil(async () => (await rowTitles()).length === 2, 'the imported notes');
  const opened = await openedNotes();
  assert.deepEqual(opened.map(({ title, body }) => ({ title, body })).sort((a, b) => a.title.localeCompare(b.title)),
    NOTES.map(({ title, body }) => ({ title, body })).sort((a, b) => a.title.localeCompare(b.title)));
  const { vault } = await storageDump();
  assert.deepEqual({ ...vault, revision: 0 }, { ...JSON.parse(exported), revision: 0 }, 'the stored vault is the file');
  assertNoSecrets(await storageDump(), 'after import');
});

test('auto-lock: after the configured idle time the popup locks and no worker is left', { skip: SKIP }, async () => {
  await page.locator('#tools summary').click();
  await page.locator('#idle-minutes').fill('0.05'); // 3 seconds
  await page.locator('#settings button[type=submit]').click();
  // Saving is a storage write: the message follows it, not the click.
  await waitUntil(async () => /3 seconds/.test(await message()), 'the message confirming 3 seconds');
  assert.deepEqual((await storageDump()).settings, { autoLockMinutes: 0.05 });
  assert.ok(await liveWorkers() > 0);
  const started = Date.now();
  await visible('#locked', 20000);
  const waited = Date.now() - started;
  assert.ok(waited >= 2500, `locked after ${waited} ms, not before the idle time`);
  assert.match(await message(), /without activity/);
  assert.deepEqual(await rowTitles(), []);
  await waitUntil(async () => (await liveWorkers()) === 0, 'every worker to end after auto-lock');
  assertNoSecrets(await storageDump(), 'at the end');
});

test('the popup logged no errors (no CSP violation, no eval)', { skip: SKIP }, () => {
  assert.deepEqual(problems, []);
});
