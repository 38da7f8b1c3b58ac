// The MV3 extension popup, end to end, in a 400 x 600 window: create a vault,
// add notes (one sensitive), read, reveal, copy (the clipboard cleared 30 s
// later by the background once the popup has closed, and left alone when it
// holds something else by then), lock, a wrong then the right password,
// search with a typo, edit, delete and Undo, the order by last update, export,
// wipe, refused imports, import, auto-lock, and a version 1 vault migrated on
// unlock (all or nothing). Then issue 30's promises, tried as an attacker
// would: a re-key leaves the old record and password opening nothing current;
// a stored record or export edited (a note dropped, reordered, rolled back or
// brought back, the version edited down) refuses the vault; Lock leaves no
// deleted title; Import and Delete ask for the password; two popups lock on
// their own idle times; the package ships only what the popup runs. Along the way: storage never holds the password, a
// note's text or the sealed metadata, the actions of every view are in sight
// without scrolling, no worker survives a lock, and axe-core finds nothing in
// any state, light or dark (each kept as a picture in test-results/extension-<engine>/).
// Chromium: Debian's chromium with build/extension loaded (puppeteer-core,
// CDP). Firefox: Firefox ESR with build/extension-firefox installed through
// WebDriver BiDi's webExtension.install (puppeteer-core's installExtension).
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import puppeteer from 'puppeteer-core';
import sodium from 'libsodium-wrappers-sumo';
import { argon2id as hashWasmArgon2id } from 'hash-wasm';
import { AXE_PATH, ENGINE, ROOT } from './harness.mjs';
import { unpackBody } from '../../extension/note-envelope.js';

const FIREFOX = ENGINE === 'firefox';
const EXT = path.join(ROOT, FIREFOX ? 'build/extension-firefox' : 'build/extension');
const ZIP = path.join(ROOT, FIREFOX ? 'build/memento-vault-extension-firefox.zip' : 'build/memento-vault-extension.zip');
const SKIP = ['chromium', 'firefox'].includes(ENGINE) ? false : `the extension is tested in Chromium and Firefox (ENGINE=${ENGINE})`;
const FIREFOX_UUID = '5f0b3c2e-8d7a-4e1b-9c6f-14a2b7e9d301';   // the moz-extension:// host, fixed through a pref
const WIDTH = 400;
const HEIGHT = 600;
const PASSWORD = 'moss lantern orchard 47';
const WRONG = 'moss lantern orchard 48';
const NEW_PASSWORD = 'heron willow quarry 19';
const NOTES = [
  { title: 'Lighthouse keeper', body: 'The spare key hangs behind the tide chart in the lamp room.' },
  { title: 'Garden plan', body: 'Plant the quince by the south wall before the first frost.' },
  { title: 'Bank letter', body: 'Reference 88-QX for the safe deposit box; ask for Ilse.' },
];
const SENSITIVE = { title: 'Router', body: 'Password: blue-heron-42', sensitive: true };
const SECRET_TEXTS = [PASSWORD, WRONG, NEW_PASSWORD, ...NOTES.flatMap((n) => [n.title, n.body]), SENSITIVE.body, 'blue-heron', 'tide chart', 'quince', 'Ilse'];
const MASK = '••••••••••••';

/** The extension id Chromium derives from the manifest's `key` (sha256 of the DER, a-p for 0-f). */
function extensionId(manifest) {
  const hex = createHash('sha256').update(Buffer.from(manifest.key, 'base64')).digest('hex').slice(0, 32);
  return [...hex].map((c) => String.fromCharCode(97 + parseInt(c, 16))).join('');
}

let browser;
let profile;
let page;
let popupUrl;
let manifest;
const problems = [];
const temp = [];

before(async () => {
  if (SKIP) return;
  if (!existsSync(path.join(EXT, 'manifest.json'))) throw new Error(`${path.relative(ROOT, EXT)} is missing: run \`sh scripts/build.sh\` first`);
  manifest = JSON.parse(readFileSync(path.join(EXT, 'manifest.json'), 'utf8'));
  const viewport = { width: WIDTH, height: HEIGHT };
  if (FIREFOX) {
    const geckoId = manifest.browser_specific_settings.gecko.id;
    browser = await puppeteer.launch({
      browser: 'firefox', executablePath: process.env.FIREFOX_BIN || '/usr/bin/firefox-esr', headless: true, defaultViewport: viewport,
      // BiDi refuses to navigate a tab to a moz-extension:// page unless the remote agent may reach privileged
      // pages (Firefox 153: isWebdriverSafeNavigationURL); the popup is opened as a tab, as in Chromium.
      env: { ...process.env, MOZ_DISABLE_NONLOCAL_CONNECTIONS: '1', MOZ_REMOTE_ALLOW_SYSTEM_ACCESS: '1' },
      extraPrefsFirefox: {
        'services.settings.server': 'data:,#remote-settings-dummy/v1',
        'extensions.webextensions.uuids': JSON.stringify({ [geckoId]: FIREFOX_UUID }),
      },
    });
    assert.equal(await browser.installExtension(EXT), geckoId, 'installed under its gecko id');
    popupUrl = `moz-extension://${FIREFOX_UUID}/popup.html`;
  } else {
    profile = await mkdtemp(path.join(os.tmpdir(), 'memento-extension-'));
    browser = await puppeteer.launch({
      browser: 'chrome', executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium', headless: true, pipe: true,
      userDataDir: profile, defaultViewport: viewport, enableExtensions: [EXT],
      args: [
        '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
        '--disable-renderer-backgrounding', '--disable-background-timer-throttling',
      ],
    });
    const worker = await browser.waitForTarget((target) => target.type() === 'service_worker', { timeout: 15000 });
    const id = new URL(worker.url()).host;
    assert.equal(id, extensionId(manifest), 'stable id from the manifest key');
    popupUrl = `chrome-extension://${id}/popup.html`;
  }
  page = await browser.newPage();
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('console', (message) => { if (message.type() === 'error') problems.push(`console.error: ${message.text()}`); });
  await openPopup();
});

after(async () => {
  await browser?.close().catch(() => {});
  if (profile) await rm(profile, { recursive: true, force: true });
  for (const file of temp) await rm(file, { force: true });
});

// ---- helpers -----------------------------------------------------------------

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Loads the popup page in the tab (again), as opening the popup does, and
 * waits for it to settle. Firefox loads a moz-extension:// page in another
 * process and puppeteer's BiDi goto() never sees that navigation end (the
 * page does load), so the page itself is watched instead.
 */
async function openPopup() {
  if (!FIREFOX) {
    await page.goto(popupUrl);
    return;
  }
  await page.evaluate(() => { window.previousPopup = true; }).catch(() => {});
  // The workers of the document being left die with it, but puppeteer may go on listing them
  // (the realms were in the other process): a full-suite run failed two later checks on them.
  for (const worker of page.workers()) leftWithDocument.add(worker);
  page.goto(popupUrl, { timeout: 0 }).catch(() => {});
  await waitUntil(() => page.evaluate((url) => location.href === url && !window.previousPopup
    && document.getElementById('app')?.getAttribute('aria-busy') === 'false', popupUrl).catch(() => false), 'the popup to load');
}

async function waitUntil(fn, what, timeout = 20000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

const isVisible = (selector) => page.evaluate((s) => {
  const element = document.querySelector(s);
  return !!element && element.checkVisibility();
}, selector);
const visible = (selector, timeout = 30000) => waitUntil(() => isVisible(selector), `${selector} to show`, timeout);
const hidden = (selector, timeout = 30000) => waitUntil(async () => !(await isVisible(selector)), `${selector} to hide`, timeout);
const click = (selector) => page.locator(selector).click();
const fill = (selector, value) => page.locator(selector).fill(value);
const text = (selector) => page.evaluate((s) => document.querySelector(s)?.textContent ?? '', selector);
const storageDump = () => page.evaluate(() => chrome.storage.local.get(null));
/** The status line of the view shown. */
const message = () => page.evaluate(() => document.querySelector('main > .view:not([hidden]) > .status')?.textContent ?? '');
const rowTitles = () => page.evaluate(() => {
  const list = document.getElementById('notes');
  return list.view.map((i) => list.opened[i]).map((note) => (note.error ? `damaged: ${note.error.message}` : note.title));
});
/** What the list's rows show, as a person sees them. */
const rowTexts = () => page.evaluate(() => [...document.getElementById('notes').shadowRoot.querySelectorAll('.row')].map((row) => row.textContent));
const openedBodies = () => page.evaluate(() => document.getElementById('notes').opened.map((note) => note.body));
// The workers that hold a key or plaintext: notes and search (the elements' and the popup's).
// Argon2id workers are checked apart: with p = 4 on an isolated page, Chromium often still
// lists one to three argon2 workers (title "argon2", the page as parent) long after every
// job and warm start ended with terminate(); calling into one answers "Target closed" or
// nothing within 3 s, and performance.measureUserAgentSpecificMemory() (the popup is
// isolated) attributes no memory to any argon2 worker, while it does to the live search
// worker: a listing left behind, not a worker. So an argon2 worker fails the test if it
// answers, or if the page's own memory measurement still finds one.
const leftWithDocument = new WeakSet();   // workers of a popup document since reloaded (Firefox, see openPopup)
const liveWorkers = () => page.workers().filter((w) => !w.url().endsWith('/argon2.js') && !leftWithDocument.has(w)).length;
const workerNames = () => page.workers().filter((w) => !leftWithDocument.has(w)).map((w) => w.url()).join(', ');
async function assertNoArgon2Alive(t) {
  const listed = page.workers().filter((w) => w.url().endsWith('/argon2.js') && !leftWithDocument.has(w));
  if (!listed.length) return;
  const answers = await Promise.all(listed.map((w) => Promise.race([
    w.evaluate(() => self.name).then((name) => `alive (${name})`, () => 'closed'),
    sleep(3000).then(() => 'no answer'),
  ])));
  t.diagnostic(`argon2 workers still listed by the browser: ${answers.join(', ')}`);
  assert.ok(!answers.some((a) => a.startsWith('alive')), `an argon2 worker is still running: ${answers.join(', ')}`);
  if (await page.evaluate(() => crossOriginIsolated)) {
    const scopes = await page.evaluate(async () => (await performance.measureUserAgentSpecificMemory()).breakdown
      .flatMap((b) => (b.bytes > 0 ? b.attribution : [])).filter((a) => a.scope === 'DedicatedWorkerGlobalScope').map((a) => a.url));
    assert.deepEqual(scopes.filter((url) => url.endsWith('/argon2.js')), [], 'no argon2 worker holds memory');
    t.diagnostic('the page\'s memory measurement finds no argon2 worker: a stale listing');
  }
}

/** The clipboard's text, read as the extension's own pages may (clipboardRead): no focus needed. */
const clipboardText = () => page.evaluate(() => {
  const area = document.createElement('textarea');
  document.body.append(area);
  area.focus();
  document.execCommand('paste');
  const value = area.value;
  area.remove();
  return value;
});
const setClipboard = (value) => page.evaluate((v) => {
  const copy = (event) => { event.clipboardData.setData('text/plain', v); event.preventDefault(); };
  document.addEventListener('copy', copy, { once: true });
  document.execCommand('copy');
}, value);

async function typePassword(unlockId, password, confirm) {
  await fill(`vault-unlock#${unlockId} >>> input#password`, password);
  if (confirm !== undefined) await fill(`vault-unlock#${unlockId} >>> input#confirm`, confirm);
  await click(`vault-unlock#${unlockId} >>> button[type=submit]`);
}

/** A wrong password typed into <vault-unlock id=unlockId>; waits until its error says `refusal` (`what`: the wait's name). */
async function typeWrongPassword(unlockId, refusal, what = 'the refusal') {
  await typePassword(unlockId, WRONG);
  await waitUntil(async () => refusal.test(await page.$eval(`vault-unlock#${unlockId} >>> #error`, (e) => e.textContent)), what);
}

/**
 * The vault's password, asked in <vault-unlock id=unlockId> before an action: a wrong one is refused and changes
 * nothing stored (`unchanged`: the assertion's message), then the right one lets the action go on.
 */
async function confirmWithPassword(unlockId, unchanged) {
  const stored = (await storageDump()).vault;
  await typeWrongPassword(unlockId, /Wrong password/);
  assert.deepEqual((await storageDump()).vault, stored, unchanged);
  await typePassword(unlockId, PASSWORD);
}

async function addNote({ title, body, sensitive = false }) {
  await click('#new-note');
  await visible('#editor-view');
  await fill('#note-title', title);
  await fill('#note-body', body);
  if (sensitive) await click('#note-sensitive');
  await click('#save-note');
  await visible('#reader');
}

async function openNoteTitled(title) {
  await waitUntil(async () => (await rowTitles()).includes(title), `the row "${title}"`);
  const row = await page.evaluateHandle((t) => [...document.getElementById('notes').shadowRoot.querySelectorAll('.row')]
    .find((r) => r.querySelector('.title').textContent === t), title);
  await row.asElement().click();
  await visible('#reader');
  await waitUntil(async () => (await text('#reader-title')) === title, 'the read view of the note');
}

async function backToList() {
  await click('#reader-back');
  await visible('#unlocked');
}

function assertNoSecrets(dump, when) {
  const json = JSON.stringify(dump);
  for (const secret of SECRET_TEXTS) assert.ok(!json.includes(secret), `${when}: storage holds "${secret}"`);
  const utf8 = (s) => Buffer.from(s).toString('base64');
  for (const secret of [PASSWORD, SENSITIVE.body, ...NOTES.map((n) => n.body)]) assert.ok(!json.includes(utf8(secret)), `${when}: storage holds base64 of a secret`);
  // The metadata is sealed: no field of it, and nothing but the validated record, is stored.
  for (const field of ['sensitive', 'created', 'updated', 'text']) assert.ok(!json.includes(`"${field}"`), `${when}: storage holds a "${field}" field`);
}

// Dark: emulated where the engine can (Chromium); in Firefox, whose BiDi has no
// prefers-color-scheme override yet, the popup's own dark rules are applied as
// the media query would apply them.
async function setTheme(theme) {
  if (!FIREFOX) {
    await page.emulateMediaFeatures([{ name: 'prefers-color-scheme', value: theme }]);
    return;
  }
  await page.evaluate((dark) => {
    document.getElementById('forced-dark')?.remove();
    if (!dark) return;
    const rules = [];
    for (const sheet of document.styleSheets) {
      for (const rule of sheet.cssRules) {
        if (rule instanceof CSSMediaRule && /prefers-color-scheme:\s*dark/.test(rule.conditionText)) {
          for (const inner of rule.cssRules) rules.push(inner.cssText);
        }
      }
    }
    const style = Object.assign(document.createElement('style'), { id: 'forced-dark', textContent: rules.join('\n') });
    document.head.append(style);
  }, theme === 'dark');
}

const SHOTS = path.join(ROOT, 'test-results', `extension-${ENGINE}`);
let shot = 0;

async function axeViolations(state) {
  if (shot === 0) {
    await rm(SHOTS, { recursive: true, force: true });
    mkdirSync(SHOTS, { recursive: true });
  }
  const loaded = await page.evaluate(() => typeof window.axe === 'object');
  // Evaluated through the driver: the popup's CSP (rightly) refuses an inline <script>.
  if (!loaded) await page.evaluate(readFileSync(AXE_PATH, 'utf8'));
  for (const theme of ['light', 'dark']) {
    await setTheme(theme);
    const violations = await page.evaluate(async () => (await window.axe.run(document, { resultTypes: ['violations'] }))
      .violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`));
    assert.deepEqual(violations, [], `axe-core, ${state}, ${theme} theme`);
    // Every state checked is also kept as a 400 x 600 picture, to be looked at as a person would.
    shot += 1;
    const name = `${String(shot).padStart(2, '0')}-${state.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}-${theme}.png`;
    await page.screenshot({ path: path.join(SHOTS, name) });
  }
  await setTheme('light');
}

/** Every button of `selector` lies inside the 400 x 600 window, with the page not scrolled. */
async function assertActionsInSight(selector, view) {
  const boxes = await page.evaluate((s) => ({
    scrolled: document.scrollingElement.scrollTop,
    overflow: document.scrollingElement.scrollHeight - innerHeight,
    size: [innerWidth, innerHeight],
    buttons: [...document.querySelectorAll(s)].filter((b) => b.checkVisibility())
      .map((b) => ({ id: b.id || b.textContent, ...b.getBoundingClientRect().toJSON() })),
  }), selector);
  assert.deepEqual(boxes.size, [WIDTH, HEIGHT]);
  assert.equal(boxes.scrolled, 0, `${view}: the page is not scrolled`);
  assert.ok(boxes.overflow <= 0, `${view}: the page does not scroll (${boxes.overflow} px too tall)`);
  assert.ok(boxes.buttons.length > 0, `${view}: actions found`);
  for (const b of boxes.buttons) {
    assert.ok(b.top >= 0 && b.bottom <= HEIGHT && b.left >= 0 && b.right <= WIDTH, `${view}: ${b.id} in sight (${JSON.stringify(b)})`);
  }
}

/** A sealed note of version 1 (the bare text as body), with libsodium alone. */
function sealV1(id, title, body, deviceKey) {
  const B64 = sodium.base64_variants.ORIGINAL;
  const noteKey = sodium.randombytes_buf(32);
  const nonceK = sodium.randombytes_buf(24);
  const key = new Uint8Array([...nonceK, ...sodium.crypto_secretbox_easy(noteKey, nonceK, deviceKey)]);
  const seal = (value, prefix) => {
    const nonce = sodium.randombytes_buf(24);
    return sodium.to_base64(new Uint8Array([...nonce, ...sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(value, prefix + id, null, nonce, noteKey)]), B64);
  };
  return { id, key: sodium.to_base64(key, B64), title: seal(title, 'title:'), body: seal(body, 'body:') };
}

// ---- the flow, step by step (the tests share the one popup) ------------------

let exported;
let copiedAt = 0;
let secondCopyAt = 0;

test('the manifest: MV3, strict CSP, icons, and the engine\'s background; the zip is the folder', { skip: SKIP }, () => {
  assert.equal(manifest.manifest_version, 3);
  assert.equal(manifest.content_security_policy.extension_pages, "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'");
  if (FIREFOX) {
    assert.deepEqual(manifest.background, { scripts: ['background.js'], type: 'module' });
    assert.match(manifest.browser_specific_settings.gecko.id, /^[\w.-]+@[\w.-]+$/);
    assert.equal(manifest.key, undefined);
    assert.ok(!manifest.permissions.includes('offscreen'));
    assert.deepEqual(manifest.browser_specific_settings.gecko.data_collection_permissions, { required: ['none'] }, 'AMO: collects nothing');
  } else {
    assert.deepEqual(manifest.background, { service_worker: 'background.js', type: 'module' });
    assert.match(manifest.key, /^[A-Za-z0-9+/]+=*$/);
  }
  const zipped = execFileSync('unzip', ['-Z1', ZIP], { encoding: 'utf8' }).split('\n').filter((name) => name && !name.endsWith('/')).sort();
  const unpacked = readdirSync(EXT, { recursive: true }).filter((name) => statSync(path.join(EXT, name)).isFile()).sort();
  assert.deepEqual(zipped, unpacked, 'the zip holds exactly the unpacked extension');
  for (const file of ['manifest.json', 'popup.html', 'popup.js', 'background.js', 'workers/notes.js', 'wasm/notes.simd.wasm', 'LICENSES.txt']) {
    assert.ok(unpacked.includes(file), `the package has ${file}`);
  }
  // Only what the popup runs: no texture or blur worker or wasm.
  assert.deepEqual(unpacked.filter((file) => /^(workers|wasm)\//.test(file)).map((file) => file.replace(/^\w+\/|\..*$/g, '').replace(/-sodium$/, '')).filter((v, i, a) => a.indexOf(v) === i).sort(),
    ['argon2', 'notes', 'search'], 'the workers and wasm of argon2, notes and search only');
  // The notices of what it bundles: libsodium's ISC licence with the two libsodium fallback workers.
  const notices = readFileSync(path.join(EXT, 'LICENSES.txt'), 'utf8');
  for (const name of ['memento-elements', 'libsodium', 'libsodium-wrappers', 'libsodium-sumo', 'libsodium-wrappers-sumo']) {
    assert.match(notices, new RegExp(`^${name} .*\\n`, 'm'), `the notice of ${name}`);
  }
  assert.match(notices, /^libsodium \S+ \(ISC\)\n\nCopyright[^\n]*\n[\s\S]*?Frank Denis[\s\S]*?Permission to use, copy, modify/m);
  for (const size of [16, 32, 48, 128]) {
    const file = manifest.icons[size];
    const png = readFileSync(path.join(EXT, file));
    assert.equal(png.subarray(1, 4).toString(), 'PNG', `${file} is a PNG`);
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [size, size], `${file} is ${size} px`);
  }
});

test('first run: create a vault with the password typed twice, a strength hint and no axe violations', { skip: SKIP }, async () => {
  await visible('#setup');
  await axeViolations('first run');
  await fill('vault-unlock#create >>> input#password', PASSWORD);
  assert.match(await page.$eval('vault-unlock#create >>> #hint', (e) => e.textContent), /^Strength: /);
  await fill('vault-unlock#create >>> input#confirm', 'something else entirely');
  await click('vault-unlock#create >>> button[type=submit]');
  await waitUntil(async () => /do not match/.test(await page.$eval('vault-unlock#create >>> #error', (e) => e.textContent)), 'the mismatch message');
  assert.deepEqual(await storageDump(), {}, 'a mismatch stores nothing');
  await axeViolations('first run, mismatch error');
  await typePassword('create', PASSWORD, PASSWORD);
  await visible('#unlocked');
  const { vault } = await storageDump();
  assert.equal(vault.format, 'memento-vault');
  assert.equal(vault.version, 3);
  assert.equal(Buffer.from(vault.seal, 'base64').length, 32, 'the record is sealed as a whole');
  assert.equal(vault.revision, 1);
  assert.deepEqual({ ...vault.kdf, salt: undefined }, { algorithm: 'argon2id13', salt: undefined, t: 3, m: 65536, p: 4 },
    'new vaults: Argon2id 64 MiB, t=3, p=4');
  // Chromium honours the manifest's COOP/COEP: the four lanes run in parallel workers.
  // Firefox ESR ignores those keys: the same lanes run one after another, same key.
  assert.equal(await page.evaluate(() => crossOriginIsolated), !FIREFOX, 'the popup is cross-origin isolated where the engine supports it');
  assert.equal(Buffer.from(vault.kdf.salt, 'base64').length, 16);
  assert.equal(Buffer.from(vault.wrappedKey, 'base64').length, 72, 'nonce + secretbox of the 32-byte device key');
  assert.deepEqual(vault.notes, []);
  await axeViolations('unlocked, empty vault');
});

test('notes are added (one sensitive) and listed most recently updated first; each write is one revision', { skip: SKIP }, async () => {
  for (const note of [...NOTES, SENSITIVE]) {
    await addNote(note);
    assert.equal(await message(), 'Note added.', 'the read view says it');
    assert.equal(await text('#reader-title'), note.title);
    await backToList();
    assert.equal(await message(), '', 'the message left with the read view');
  }
  await waitUntil(async () => (await rowTitles()).length === 4, 'four rows');
  assert.deepEqual(await rowTitles(), [SENSITIVE.title, ...NOTES.map((n) => n.title).reverse()], 'newest first');
  const { vault } = await storageDump();
  assert.equal(vault.revision, 5, 'one revision per write');
  assert.equal(vault.notes.length, 4);
  assertNoSecrets(await storageDump(), 'after adding');
  await axeViolations('unlocked, four notes');
});

test('at 400 x 600 the list\'s, the read view\'s and the editor\'s actions are in sight without scrolling', { skip: SKIP }, async () => {
  await assertActionsInSight('#unlocked button, header button', 'list');
  await openNoteTitled('Garden plan');
  await assertActionsInSight('#reader button, header button', 'read view');
  await click('#edit-note');
  await visible('#editor-view');
  // A long text scrolls inside its field; the actions stay.
  await fill('#note-body', `${NOTES[1].body}\n${'More lines about the garden.\n'.repeat(60)}`);
  await assertActionsInSight('#editor-view button, header button', 'editor with a long text');
  await axeViolations('editor');
  await click('#cancel-note');
  await visible('#reader');
  assert.equal(await page.evaluate(() => document.querySelector('#reader-text').textContent), NOTES[1].body, 'Cancel changed nothing');
  await axeViolations('read view');
  await backToList();
  // By keyboard: back on the list, Enter opens the active note, Escape goes back.
  assert.equal(await page.evaluate(() => document.activeElement?.id === 'notes' && document.activeElement.shadowRoot.activeElement?.id), 'list',
    'focus is back on the list');
  await page.keyboard.press('Enter');
  await visible('#reader');
  assert.equal(await text('#reader-title'), 'Garden plan', 'the active row is still the note just read');
  await page.keyboard.press('Escape');
  await visible('#unlocked');
});

test('a sensitive note is masked in the list and the read view until revealed; Copy puts its text on the clipboard', { skip: SKIP }, async () => {
  const rows = await rowTexts();
  assert.ok(rows.some((row) => row.includes(SENSITIVE.title) && row.includes(MASK)), 'the row shows the title and a mask');
  assert.ok(!rows.join().includes('blue-heron'), 'no row shows the text');
  assert.ok(rows.some((row) => row.includes(NOTES[0].body.slice(0, 30))), 'other notes show their text');
  await openNoteTitled(SENSITIVE.title);
  assert.equal(await text('#reader-text'), MASK);
  assert.match(await text('#reader-meta'), /^Sensitive · Updated /);
  assert.ok(!(await page.evaluate(() => document.body.innerText)).includes('blue-heron'), 'nothing on screen shows the text');
  await axeViolations('read view, sensitive note masked');
  await click('#reveal');
  assert.equal(await text('#reader-text'), SENSITIVE.body);
  assert.equal(await page.$eval('#reveal', (b) => b.getAttribute('aria-pressed')), 'true');
  await axeViolations('read view, sensitive note revealed');
  await click('#reveal');
  assert.equal(await text('#reader-text'), MASK, 'Hide masks it again');
  await setClipboard('something before');
  await click('#copy-text');
  copiedAt = Date.now();
  await waitUntil(async () => /^Copied\. The clipboard is cleared in 30 seconds\./.test(await message()), 'the copied message');
  assert.equal(await clipboardText(), SENSITIVE.body, 'the clipboard holds the text');
  assert.ok(!JSON.stringify(await page.evaluate(() => chrome.storage.session?.get(null) ?? {})).includes('blue-heron'),
    'the background keeps a digest, not the text');
  assertNoSecrets(await storageDump(), 'after copying');
});

test('closing the popup right after a copy: it reopens locked, and nothing of the session is left', { skip: SKIP }, async () => {
  await openPopup();   // the popup closes when the page is clicked to paste: its timer dies with it
  await visible('#locked');
  await visible('vault-unlock#unlock');
});

/** The vault's Argon2id key from another implementation: hash-wasm (libsodium's crypto_pwhash has no p). */
const kdfKey = (password, { salt, t, m, p }) => hashWasmArgon2id({
  password, salt: Buffer.from(salt, 'base64'), iterations: t, memorySize: m, parallelism: p, hashLength: 32, outputType: 'binary',
});

test('the stored vault opens with hash-wasm\'s Argon2id and libsodium, and the metadata is sealed inside each body', { skip: SKIP }, async () => {
  await sodium.ready;
  const B64 = sodium.base64_variants.ORIGINAL;
  const { vault } = await storageDump();
  const wrappingKey = await kdfKey(PASSWORD, vault.kdf);
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
    const inner = unpackBody(open(body, 'body:'));
    assert.ok(inner.created > 0 && inner.updated >= inner.created, 'created and updated times');
    return { title: open(title, 'title:'), body: inner.text, sensitive: inner.sensitive };
  });
  assert.deepEqual(opened, [...NOTES.map((n) => ({ ...n, sensitive: false })), SENSITIVE]);
  const other = await kdfKey(WRONG, vault.kdf);
  assert.throws(() => sodium.crypto_secretbox_open_easy(wrapped.subarray(24), wrapped.subarray(0, 24), other));
});

test('a wrong password is refused with a clear message and changes nothing; the right one unlocks', { skip: SKIP }, async () => {
  const stored = await storageDump();
  await typeWrongPassword('unlock', /Wrong password/, 'the wrong-password message');
  assert.ok(await isVisible('#locked'));
  assert.deepEqual(await storageDump(), stored, 'nothing stored changed');
  await axeViolations('locked, wrong password');
  // The kernels run as wasm under the extension's CSP, not through a fallback.
  assert.equal(await page.evaluate(() => document.querySelector('vault-unlock#unlock').path), 'simd', 'Argon2id path');
  await typePassword('unlock', PASSWORD);
  await visible('#unlocked');
  await waitUntil(async () => (await rowTitles()).length === 4, 'the four notes');
  assert.deepEqual(await rowTitles(), [SENSITIVE.title, ...NOTES.map((n) => n.title).reverse()], 'still newest first');
  assert.deepEqual(await storageDump(), stored, 'unlocking writes nothing');
});

test('a search with a typo finds the note; clearing it brings back the order by last update', { skip: SKIP }, async () => {
  await fill('fuzzy-search >>> input', 'lighthuose');
  await waitUntil(async () => (await rowTitles()).length === 1, 'one match');
  assert.deepEqual(await rowTitles(), ['Lighthouse keeper']);
  assert.deepEqual(await page.evaluate(() => [document.getElementById('notes').path, document.querySelector('fuzzy-search').path]),
    ['simd', 'simd'], 'notes and search paths');
  await axeViolations('unlocked, filtered by a search');
  await page.locator('fuzzy-search >>> input').click();
  await page.keyboard.press('Escape');   // clears the query
  await waitUntil(async () => (await rowTitles()).length === 4, 'all rows');
  assert.deepEqual(await rowTitles(), [SENSITIVE.title, ...NOTES.map((n) => n.title).reverse()]);
});

test('Edit is one action from the read view; saving reseals the note and moves it to the top', { skip: SKIP }, async () => {
  const before = (await storageDump()).vault;
  await openNoteTitled('Lighthouse keeper');
  await click('#edit-note');
  await visible('#editor-view');
  assert.equal(await page.$eval('#note-body', (e) => e.value), NOTES[0].body);
  NOTES[0].body = 'The spare key now hangs behind the barometer in the lamp room.';
  await fill('#note-body', NOTES[0].body);
  await click('#save-note');
  await visible('#reader');
  assert.equal(await message(), 'Note saved.');
  assert.equal(await text('#reader-text'), NOTES[0].body);
  assert.match(await text('#reader-meta'), /^Updated .* · created /);
  const after = (await storageDump()).vault;
  const changed = before.notes.filter((n) => !after.notes.some((m) => m.key === n.key));
  assert.equal(changed.length, 1, 'one note changed');
  const [old, now] = [before, after].map((v) => v.notes.find((n) => n.id === changed[0].id));
  for (const field of ['key', 'title', 'body']) {
    assert.notEqual(Buffer.from(now[field], 'base64').subarray(0, 24).toString('hex'),
      Buffer.from(old[field], 'base64').subarray(0, 24).toString('hex'), `fresh nonce for ${field}`);
  }
  assert.deepEqual(after.notes.map((n) => n.id), before.notes.map((n) => n.id), 'stored in place: storage order says nothing of updates');
  await backToList();
  await waitUntil(async () => (await rowTitles())[0] === 'Lighthouse keeper', 'the edited note on top');
  assert.deepEqual(await rowTitles(), ['Lighthouse keeper', SENSITIVE.title, 'Bank letter', 'Garden plan']);
  assertNoSecrets(await storageDump(), 'after editing');
});

test('Delete offers Undo, which restores the exact note; without Undo it is gone after a few seconds', { skip: SKIP }, async () => {
  const before = (await storageDump()).vault;
  await openNoteTitled('Bank letter');
  await click('#delete-note');
  await visible('#undo-bar');
  assert.match(await text('#undo-text'), /Deleted “Bank letter”/);
  await waitUntil(async () => (await rowTitles()).length === 3, 'three rows');
  assert.equal((await storageDump()).vault.notes.length, 3);
  await axeViolations('list, Undo offered');
  await click('#undo');
  await waitUntil(async () => (await rowTitles()).length === 4, 'four rows again');
  const restored = (await storageDump()).vault;
  assert.deepEqual(restored.notes, before.notes, 'the very same sealed note, in its place');
  assert.equal(restored.revision, before.revision + 2);
  assert.equal(await message(), 'Note restored.');
  assert.ok(!(await isVisible('#undo-bar')));

  await openNoteTitled('Bank letter');
  await click('#delete-note');
  await visible('#undo-bar');
  await hidden('#undo-bar', 15000);
  assert.deepEqual(await rowTitles(), ['Lighthouse keeper', SENSITIVE.title, 'Garden plan']);
  assert.equal((await storageDump()).vault.notes.length, 3);
  NOTES.pop();
});

/** Every text of the page, its open shadow roots included. */
const pageText = () => page.evaluate(() => {
  const texts = [];
  const walk = (root) => {
    for (const node of root.querySelectorAll('*')) {
      if (node.shadowRoot) walk(node.shadowRoot);
    }
    texts.push(root.textContent ?? '', ...[...root.querySelectorAll('input, textarea')].map((e) => e.value));
  };
  walk(document);
  texts.push(document.documentElement.outerHTML);
  return texts.join('\n');
});

test('Lock right after a delete leaves nothing of the deleted note in the page (#undo-text included)', { skip: SKIP }, async () => {
  const title = 'Ephemeral harbour note';
  await addNote({ title, body: 'Gone before the tide.' });
  await click('#delete-note');
  await visible('#undo-bar');
  assert.match(await text('#undo-text'), new RegExp(title));
  await click('#lock');
  await visible('#locked');
  assert.ok(!(await pageText()).includes(title), 'the deleted note\'s title is gone from the page');
  assert.equal(await text('#undo-text'), '');
  await typePassword('unlock', PASSWORD);
  await visible('#unlocked');
  await waitUntil(async () => (await rowTitles()).length === 3, 'the three notes');
});

async function rekey(current, next) {
  await click('#rekey');
  await visible('vault-unlock#rekey-current');
  await typePassword('rekey-current', current);
  await visible('vault-unlock#rekey-new', 60000);
  await typePassword('rekey-new', next, next);
}

// The clipboard tests wait for the background's real 30 s alarm. The second copy's check is the file's last
// test but one, so the tests between fill its wait (CI's 30-minute budget; it waited 18 s before). (Moving
// the first check below the import too made the auto-lock test that followed it take 66 s: a listed argon2
// worker that no longer answers, and the memory measurement behind it, in three runs of four.)
test('30 s after a copy the background has cleared the clipboard, the popup being closed meanwhile', { skip: SKIP }, async () => {
  await waitUntil(async () => Date.now() - copiedAt > 32000 && (await clipboardText()) === '', 'the clipboard to be emptied', 45000);
  // A clipboard that holds something else by then is left alone.
  await openNoteTitled(SENSITIVE.title);
  await click('#copy-text');
  secondCopyAt = Date.now();
  await waitUntil(async () => (await clipboardText()) === SENSITIVE.body, 'the second copy');
  await setClipboard('a link the user copied since');
  await backToList();
});

test('re-keying: the current password first, then the new one; a fresh device key, every note key moved under it, titles and bodies untouched', { skip: SKIP }, async () => {
  await click('#open-settings');
  await visible('#settings-view');
  assert.match(await text('#kdf-now'), /^This vault: Argon2id, 64 MiB, 3 passes, 4 lanes/);
  const before = (await storageDump()).vault;
  await click('#rekey');
  await visible('vault-unlock#rekey-current');
  await axeViolations('settings, re-key step 1');
  await confirmWithPassword('rekey-current', 'a wrong current password changes nothing');
  await visible('vault-unlock#rekey-new', 60000);
  await axeViolations('settings, re-key step 2');
  await typePassword('rekey-new', NEW_PASSWORD, NEW_PASSWORD);
  await waitUntil(async () => /^Password changed/.test(await message()), 'the changed message', 60000);
  const after = (await storageDump()).vault;
  assert.equal(after.revision, before.revision + 1, 'one write');
  const sealedFields = (notes) => notes.map(({ id, title, body }) => ({ id, title, body }));
  assert.deepEqual(sealedFields(after.notes), sealedFields(before.notes), 'titles and bodies are not sealed again');
  assert.ok(after.notes.every((note, i) => note.key !== before.notes[i].key), 'every note key is wrapped anew');
  // The attacker's side: the record as it was (a backup) and the old password give the old device key,
  // which opens no note key of the vault as it is now, nor its seal's key.
  await sodium.ready;
  const B64 = sodium.base64_variants.ORIGINAL;
  const unwrap = (box, key) => sodium.crypto_secretbox_open_easy(box.subarray(24), box.subarray(0, 24), key);
  const oldDeviceKey = unwrap(sodium.from_base64(before.wrappedKey, B64), await kdfKey(PASSWORD, before.kdf));
  for (const note of after.notes) assert.throws(() => unwrap(sodium.from_base64(note.key, B64), oldDeviceKey), 'an old copy opens no current note');
  const newDeviceKey = unwrap(sodium.from_base64(after.wrappedKey, B64), await kdfKey(NEW_PASSWORD, after.kdf));
  assert.notDeepEqual(newDeviceKey, oldDeviceKey, 'a fresh device key');
  for (const note of after.notes) assert.equal(unwrap(sodium.from_base64(note.key, B64), newDeviceKey).length, 32);
  assert.match(await message(), /new key: it opens with the new password only, and an older copy of it \(an export, a backup\) opens nothing written from now on/);
  // The session goes on under the new device key: the list opens every note again, none damaged.
  await click('#settings-back');
  await visible('#unlocked');
  await waitUntil(async () => JSON.stringify(await rowTitles()) === JSON.stringify(['Lighthouse keeper', SENSITIVE.title, 'Garden plan']),
    'the list under the new key');
  await click('#open-settings');
  await visible('#settings-view');
  assert.notEqual(after.kdf.salt, before.kdf.salt, 'a fresh salt');
  assert.notEqual(after.wrappedKey, before.wrappedKey, 'the device key wrapped again');
  assert.deepEqual({ ...after.kdf, salt: 0 }, { algorithm: 'argon2id13', salt: 0, t: 3, m: 65536, p: 4 });
  assertNoSecrets(await storageDump(), 'after re-keying');

  await click('#lock');
  await visible('#locked');
  await typePassword('unlock', PASSWORD);
  await waitUntil(async () => /Wrong password/.test(await page.$eval('vault-unlock#unlock >>> #error', (e) => e.textContent)), 'the old password refused');
  await typePassword('unlock', NEW_PASSWORD);
  await visible('#unlocked');
  await waitUntil(async () => (await rowTitles()).length === 3, 'the same notes');

  // Closed midway (the popup goes while the new key is derived): nothing was written, the vault opens as before.
  await click('#open-settings');
  await visible('#settings-view');
  const stored = (await storageDump()).vault;
  await rekey(NEW_PASSWORD, PASSWORD);
  await openPopup();
  assert.deepEqual((await storageDump()).vault, stored, 'an interrupted re-key writes nothing');
  await visible('#locked');
  await typePassword('unlock', NEW_PASSWORD);
  await visible('#unlocked');
  // Back to the first password, for the rest of the flow.
  await click('#open-settings');
  await visible('#settings-view');
  await rekey(NEW_PASSWORD, PASSWORD);
  await waitUntil(async () => /^Password changed/.test(await message()), 'the changed message', 60000);
  await click('#settings-back');
  await visible('#unlocked');
});

test('export downloads the encrypted vault; a wipe empties storage', { skip: SKIP }, async (t) => {
  await click('#open-settings');
  await visible('#settings-view');
  await axeViolations('settings');
  // The download's blob, read in the page as the link is clicked.
  await page.evaluate(() => {
    window.exportedText = new Promise((resolve) => {
      const original = HTMLAnchorElement.prototype.click;
      HTMLAnchorElement.prototype.click = function click() {
        HTMLAnchorElement.prototype.click = original;
        fetch(this.href).then((response) => response.text()).then(resolve);
      };
    });
  });
  await click('#export');
  exported = await page.evaluate(() => window.exportedText);
  const stored = (await storageDump()).vault;
  assert.deepEqual(JSON.parse(exported), stored, 'the file is the stored record');
  for (const secret of SECRET_TEXTS) assert.ok(!exported.includes(secret), `the export holds "${secret}"`);
  assert.match(await message(), /^Exported/);
  await click('#wipe');
  await visible('#wipe-confirm');
  await visible('vault-unlock#wipe-password');
  await axeViolations('settings, delete confirmation');
  // Delete asks for the vault's password: a wrong one deletes nothing.
  await confirmWithPassword('wipe-password', 'a wrong password deletes nothing');
  await visible('#setup');
  assert.equal(await message(), 'The vault was deleted from this browser.');
  assert.deepEqual(Object.keys(await storageDump()).filter((k) => k === 'vault'), [], 'no vault stored');
  await waitUntil(async () => (await liveWorkers()) === 0, 'no worker after the wipe').catch((e) => { throw new Error(`${e.message}: ${workerNames()}`); });
  // The password that confirmed the delete was just hashed: its Argon2id workers end 500 ms after
  // the job (argon2LingerMs), later under load. Each look that finds one alive tries again, for 15 s.
  const deadline = Date.now() + 15000;
  for (;;) {
    try {
      await assertNoArgon2Alive(t);
      break;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await sleep(1000);
    }
  }
});

function tempFile(name, content) {
  const file = path.join(os.tmpdir(), `memento-${process.pid}-${name}`);
  writeFileSync(file, content);
  temp.push(file);
  return file;
}
async function chooseFile(name, content) {
  const input = await page.$('#import-file');
  await input.uploadFile(tempFile(name, content));
}

test('import refuses a malformed file and a file made under another password, changing nothing', { skip: SKIP }, async () => {
  const stored = await storageDump();
  await click('#setup-import');
  await visible('#import-panel');
  await chooseFile('broken.json', exported.slice(0, exported.length / 2));
  await waitUntil(async () => /not valid JSON/.test(await text('#import-error')), 'the malformed-file message');
  const tampered = JSON.parse(exported);
  tampered.notes[0].title = tampered.notes[0].title.replace(/=*$/, '').slice(0, -1) + '!';
  await chooseFile('tampered.json', JSON.stringify(tampered));
  await waitUntil(async () => /cannot be imported: note 1: title/.test(await text('#import-error')), 'the bad-field message');
  // An id with a lone surrogate (JSON may spell one) would alias U+FFFD in the sealed associated data.
  await chooseFile('surrogate.json', exported.replace(/"id": "[^"]*"/, '"id": "\\ud800"'));
  await waitUntil(async () => /cannot be imported: note 1: its id is not well-formed Unicode: a lone surrogate \(U\+D800\)/.test(await text('#import-error')),
    'the lone-surrogate message');
  await axeViolations('import, malformed file');
  assert.deepEqual(await storageDump(), stored, 'malformed files change nothing');
  await chooseFile('vault.json', exported);
  await visible('vault-unlock#import-unlock');
  await typeWrongPassword('import-unlock', /another password/, 'the wrong-password message');
  assert.deepEqual(await storageDump(), stored, 'a file under another password changes nothing');
  assert.ok(await isVisible('#import-panel'));
  await axeViolations('import, another password');
});

test('importing the exported file with its password brings back the same notes', { skip: SKIP }, async () => {
  await typePassword('import-unlock', PASSWORD);
  await visible('#unlocked');
  await waitUntil(async () => (await rowTitles()).length === 3, 'the imported notes');
  assert.deepEqual(await rowTitles(), ['Lighthouse keeper', SENSITIVE.title, 'Garden plan'], 'newest first');
  const { vault } = await storageDump();
  assert.deepEqual({ ...vault, revision: 0 }, { ...JSON.parse(exported), revision: 0 }, 'the stored vault is the file');
  assertNoSecrets(await storageDump(), 'after import');
});

test('auto-lock: after the configured idle time the popup locks and no worker is left', { skip: SKIP }, async (t) => {
  await click('#open-settings');
  await visible('#settings-view');
  await fill('#idle-minutes', '0.05'); // 3 seconds
  await click('#settings button[type=submit]');
  // Saving is a storage write: the message follows it, not the click.
  await waitUntil(async () => /3 seconds/.test(await message()), 'the message confirming 3 seconds');
  assert.deepEqual((await storageDump()).settings, { autoLockMinutes: 0.05 });
  await click('#settings-back');
  assert.equal(await message(), '', 'the settings message left with its view');
  assert.ok(await liveWorkers() > 0);
  const started = Date.now();
  await visible('#locked', 20000);
  const waited = Date.now() - started;
  assert.ok(waited >= 2500, `locked after ${waited} ms, not before the idle time`);
  assert.match(await message(), /without activity/);
  assert.deepEqual(await rowTitles(), []);
  assert.equal(await page.evaluate(() => document.getElementById('notes').deviceKey), undefined);
  assert.equal(await page.evaluate(() => document.querySelectorAll('fuzzy-search').length), 0, 'the search element (and its index) is gone');
  await waitUntil(async () => (await liveWorkers()) === 0, 'every worker to end after auto-lock').catch((e) => { throw new Error(`${e.message}: ${workerNames()}`); });
  await assertNoArgon2Alive(t);
  assertNoSecrets(await storageDump(), 'at the end');
  await page.evaluate(() => chrome.storage.local.set({ settings: { autoLockMinutes: 5 } }));
});

test('a version 1 vault is migrated on unlock, all or nothing', { skip: SKIP }, async () => {
  await sodium.ready;
  const B64 = sodium.base64_variants.ORIGINAL;
  const salt = sodium.randombytes_buf(16);
  const params = { t: 1, m: 8192, p: 1 };
  const wrappingKey = sodium.crypto_pwhash(32, PASSWORD, salt, params.t, params.m * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13);
  const deviceKey = sodium.randombytes_buf(32);
  const nonce = sodium.randombytes_buf(24);
  const old = [
    { title: 'Old recipe', body: 'Two cups of flour, one of sugar.' },
    { title: 'Old code', body: 'The gate code is 4471.' },
  ];
  const v1 = {
    format: 'memento-vault', version: 1, revision: 7,
    kdf: { algorithm: 'argon2id13', salt: sodium.to_base64(salt, B64), ...params },
    wrappedKey: sodium.to_base64(new Uint8Array([...nonce, ...sodium.crypto_secretbox_easy(deviceKey, nonce, wrappingKey)]), B64),
    notes: old.map((n, i) => sealV1(`old-${i}`, n.title, n.body, deviceKey)),
  };
  // A damaged note: the vault is not migrated, the old record stays.
  const damaged = structuredClone(v1);
  const bytes = Buffer.from(damaged.notes[1].body, 'base64');
  bytes[30] ^= 1;
  damaged.notes[1].body = bytes.toString('base64');
  await page.evaluate((vault) => chrome.storage.local.set({ vault }), damaged);
  await openPopup();
  await visible('#locked');
  await typePassword('unlock', PASSWORD);
  await waitUntil(async () => /not updated to the new format/.test(await page.$eval('vault-unlock#unlock >>> #error', (e) => e.textContent)),
    'the refused migration');
  assert.deepEqual((await storageDump()).vault, damaged, 'the old record is untouched');
  assert.ok(await isVisible('#locked'));

  await page.evaluate((vault) => chrome.storage.local.set({ vault }), v1);
  await openPopup();
  await visible('#locked');
  // An older format is updated only by an explicit step, with the password: the view says so.
  assert.match(await message(), /format version 1, which does not protect the vault as a whole/);
  assert.equal(await page.$eval('vault-unlock#unlock >>> button[type=submit]', (e) => e.textContent.trim()), 'Update and unlock');
  await typePassword('unlock', PASSWORD);
  await visible('#unlocked');
  assert.match(await message(), /updated to format version 3/);
  await waitUntil(async () => (await rowTitles()).length === 2, 'the migrated notes');
  assert.deepEqual(await rowTitles(), ['Old code', 'Old recipe'], 'equal times: the later stored first');
  const { vault } = await storageDump();
  assert.equal(vault.version, 3);
  assert.equal(vault.revision, 8, 'one write');
  assert.deepEqual(vault.kdf, v1.kdf, 'the parameters are kept');
  assert.equal(vault.wrappedKey, v1.wrappedKey, 'the device key is the same');
  const bodies = (await openedBodies()).map(unpackBody);
  assert.deepEqual(bodies.map((b) => [b.text, b.sensitive]), old.map((n) => [n.body, false]));
  const json = JSON.stringify(vault);
  for (const n of old) assert.ok(!json.includes(n.body) && !json.includes(n.title));
  await openNoteTitled('Old code');
  assert.equal(await text('#reader-text'), old[1].body);
  await axeViolations('read view of a migrated note');

  // The migrated vault kept t=1, 8 MiB, p=1; re-keying moves it to 64 MiB, t=3, p=4, notes untouched.
  await click('#open-settings');
  await visible('#settings-view');
  assert.match(await text('#kdf-now'), /^This vault: Argon2id, 8 MiB, 1 pass, 1 lane\.$/);
  const migrated = (await storageDump()).vault;
  await rekey(PASSWORD, PASSWORD);
  await waitUntil(async () => /^Password changed/.test(await message()), 'the changed message', 60000);
  const rekeyed = (await storageDump()).vault;
  assert.deepEqual({ ...rekeyed.kdf, salt: 0 }, { algorithm: 'argon2id13', salt: 0, t: 3, m: 65536, p: 4 });
  assert.deepEqual(rekeyed.notes.map((n) => [n.id, n.title, n.body]), migrated.notes.map((n) => [n.id, n.title, n.body]));
  assert.match(await text('#kdf-now'), /^This vault: Argon2id, 64 MiB, 3 passes, 4 lanes/);
});

/** Puts `vault` in storage, reloads the popup and types the password; the message the unlock shows. */
async function unlockStored(vault, password = PASSWORD) {
  await page.evaluate((v) => chrome.storage.local.set({ vault: v }), vault);
  await openPopup();
  await visible('#locked');
  await typePassword('unlock', password);
  return waitUntil(async () => {
    if (await isVisible('#unlocked')) return 'unlocked';
    return page.$eval('vault-unlock#unlock >>> #error', (e) => e.textContent).catch(() => '');
  }, 'the unlock to end', 60000);
}

test('the attacker edits the stored record: a dropped, reordered, rolled-back or brought-back note, or an edited version, each refuse the vault', { skip: SKIP }, async () => {
  // Two notes (the migrated vault); one edited, so that an older sealed copy of it exists.
  await click('#settings-back');
  await visible('#unlocked');
  const older = (await storageDump()).vault;
  await addNote({ title: 'Third', body: 'A third note, to reorder and drop.' });
  await backToList();
  await openNoteTitled('Old code');
  await click('#edit-note');
  await visible('#editor-view');
  await fill('#note-body', 'The gate code is now 9912.');
  await click('#save-note');
  await waitUntil(async () => /^Note saved/.test(await message()), 'the save');
  const good = (await storageDump()).vault;
  assert.equal(good.notes.length, 3);
  const at = good.notes.findIndex((n) => n.id === older.notes[1].id);
  const { seal, ...unsealed } = good;
  const edits = {
    'a note dropped': { ...good, notes: good.notes.filter((_, i) => i !== 0) },
    'two notes reordered': { ...good, notes: [good.notes[1], good.notes[0], good.notes[2]] },
    'a note rolled back to its older sealed copy': { ...good, notes: good.notes.map((n, i) => (i === at ? older.notes[1] : n)) },
    'a deleted note brought back from an old export': { ...older, notes: [...older.notes, good.notes[2]], seal: older.seal },
    'the seal of an old export': { ...good, seal: older.seal },
  };
  for (const [what, vault] of Object.entries(edits)) {
    const said = await unlockStored(vault);
    assert.match(said, /^This vault cannot be trusted: its seal does not match its contents/, what);
    assert.deepEqual((await storageDump()).vault, vault, `${what}: nothing written`);
    assert.deepEqual(await rowTitles(), [], `${what}: nothing opened`);
    assert.equal(await page.evaluate(() => document.getElementById('notes').deviceKey), undefined);
  }
  // The downgrade: the version edited to 1 (or 2) and the seal removed. The popup asks to update;
  // the notes' sealed headers say 3, so the update is refused and nothing is shown unmasked.
  for (const version of [1, 2]) {
    const vault = { ...unsealed, version };
    const said = await unlockStored(vault);
    assert.match(said, new RegExp(`version says ${version}, but note 1 was written by version 3: the version was edited`), `version ${version}`);
    assert.deepEqual((await storageDump()).vault, vault, `version ${version}: nothing written`);
    assert.deepEqual(await rowTitles(), []);
  }
  assert.equal(seal, good.seal);
  // An edited export is refused at import too (here while unlocked: this vault's password first), and the vault stays.
  assert.equal(await unlockStored(good), 'unlocked', 'the untouched vault opens');
  await click('#open-settings');
  await visible('#settings-view');
  await click('#import');
  await visible('vault-unlock#import-current');
  await typePassword('import-current', PASSWORD);
  await waitUntil(() => page.$eval('#import-file', (e) => !e.disabled), 'the file input');
  await chooseFile('dropped.json', JSON.stringify(edits['a note dropped']));
  await visible('vault-unlock#import-unlock');
  await typePassword('import-unlock', PASSWORD);
  await waitUntil(async () => /This file cannot be imported: its seal does not match/.test(
    await page.$eval('vault-unlock#import-unlock >>> #error', (e) => e.textContent)), 'the refused import');
  assert.deepEqual((await storageDump()).vault, good, 'the vault stays');
  await click('#import-cancel');
  await visible('#unlocked');
  await waitUntil(async () => (await rowTitles()).length === 3, 'its three notes');
});

test('while unlocked, Import asks for this vault\'s password before a file can replace it', { skip: SKIP }, async () => {
  await click('#open-settings');
  await visible('#settings-view');
  await click('#import');
  await visible('vault-unlock#import-current');
  assert.equal(await page.$eval('#import-file', (e) => e.disabled), true, 'no file before the password');
  await typeWrongPassword('import-current', /Wrong password/);
  assert.equal(await page.$eval('#import-file', (e) => e.disabled), true);
  await typePassword('import-current', PASSWORD);
  await waitUntil(() => page.$eval('#import-file', (e) => !e.disabled), 'the file input');
  assert.ok(!(await isVisible('vault-unlock#import-current')));
  await axeViolations('import while unlocked, password given');
  await click('#import-cancel');
  await visible('#unlocked');
});

test('each popup locks on its own idle time: activity in one keeps no other unlocked', { skip: SKIP }, async () => {
  const first = page;
  await first.evaluate(() => chrome.storage.local.set({ settings: { autoLockMinutes: 0.05 } }));
  const second = await browser.newPage();
  second.on('pageerror', (error) => problems.push(`pageerror (second popup): ${error.message}`));
  page = second;
  try {
    if (FIREFOX) {
      page.goto(popupUrl, { timeout: 0 }).catch(() => {});
      await waitUntil(() => page.evaluate((url) => location.href === url
        && document.getElementById('app')?.getAttribute('aria-busy') === 'false', popupUrl).catch(() => false), 'the second popup');
    } else {
      await page.goto(popupUrl);
    }
    await visible('#locked');
    await typePassword('unlock', PASSWORD);
    await visible('#unlocked');
    const unlockedAt = Date.now();
    // The first popup (unlocked, its own 5-minute setting read at load) is busy all along.
    let locked = 0;
    while (Date.now() - unlockedAt < 12000 && !locked) {
      // Activity as the popup counts it (its capturing keydown and pointerdown listeners); dispatched in the
      // page, since a tab in the background takes no input from the driver.
      await first.evaluate(() => {
        document.dispatchEvent(new KeyboardEvent('keydown', { key: 'Shift', bubbles: true }));
        document.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
      });
      if (await isVisible('#locked')) locked = Date.now() - unlockedAt;
      await sleep(400);
    }
    assert.ok(locked > 0, 'the idle second popup locked although the first had activity');
    assert.match(await message(), /Locked after 3 seconds without activity/);
    page = first;
    assert.ok(await isVisible('#unlocked'), 'the busy first popup stays unlocked');
  } finally {
    page = first;
    await second.close().catch(() => {});
    await first.evaluate(() => chrome.storage.local.set({ settings: { autoLockMinutes: 5 } }));
  }
});

test('a copy whose clipboard was overwritten since is left alone', { skip: SKIP }, async () => {
  await sleep(Math.max(0, secondCopyAt + 33000 - Date.now()));
  assert.equal(await clipboardText(), 'a link the user copied since');
});

test('the popup logged no errors (no CSP violation, no eval)', { skip: SKIP }, () => {
  assert.deepEqual(problems, []);
});
