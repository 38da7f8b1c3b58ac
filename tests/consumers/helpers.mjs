// Shared by the consumer-project tests: the packed tarball, fresh consumer
// projects that install only that tarball, a static server that records every
// request, Chromium, and the one scenario every project's page must pass.
//
// The tarball is made once by run.mjs (MEMENTO_TARBALL); a test file run on its
// own (`node --test tests/consumers/pages.test.mjs`) packs one itself.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { argon2id as hashWasmArgon2id } from 'hash-wasm';
import sodium from 'libsodium-wrappers-sumo';

export const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const KEEP = process.env.KEEP_CONSUMERS === '1';   // keep the temp projects to look at them
const run = promisify(execFile);

/** Throws a clear message when dist/ is missing: the package must be built before it is packed. */
export function checkDist() {
  const needed = ['dist/index.js', 'dist/api.js', 'dist/workers/argon2.js', 'dist/wasm/argon2.simd.wasm', 'custom-elements.json'];
  const missing = needed.filter((file) => !existsSync(path.join(REPO, file)));
  if (missing.length) {
    throw new Error(`the package is not built (missing ${missing.join(', ')}): run \`sh scripts/build.sh\` first`);
  }
}

/** A temp dir removed at exit (unless KEEP_CONSUMERS=1). */
const temps = [];
export async function tempDir(name) {
  const dir = await mkdtemp(path.join(os.tmpdir(), `memento-consumer-${name}-`));
  temps.push(dir);
  return dir;
}
export async function removeTemps() {
  if (KEEP) { console.log(`kept: ${temps.join(' ')}`); return; }
  await Promise.all(temps.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

/** Runs `npm pack` of the repository into `dir`; resolves to the tarball's path. */
export async function npmPack(dir) {
  checkDist();
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', dir], { cwd: REPO, maxBuffer: 1 << 26 });
  const [{ filename }] = JSON.parse(stdout);
  return path.join(dir, filename);
}

let tarball;
/** The tarball run.mjs made, or one packed now. */
export function packedTarball() {
  tarball ??= process.env.MEMENTO_TARBALL ? Promise.resolve(process.env.MEMENTO_TARBALL)
    : tempDir('pack').then((dir) => npmPack(dir));
  return tarball;
}

/**
 * A fresh consumer project: `files` ({relative path: text}) written into a temp
 * dir with a package.json, then the tarball installed (nothing else: the
 * package has no dependencies, so --offline). `tools` names packages of the
 * repository's own node_modules (esbuild, vite) linked into the project after
 * the install, as if the user had installed them.
 */
export async function makeProject(name, files, { tools = [] } = {}) {
  const dir = await tempDir(name);
  const pkg = { name: `consumer-${name}`, version: '1.0.0', private: true, type: 'module' };
  await writeFile(path.join(dir, 'package.json'), JSON.stringify(pkg, null, 2));
  for (const [file, text] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, file)), { recursive: true });
    await writeFile(path.join(dir, file), text);
  }
  await run('npm', ['install', '--no-audit', '--no-fund', '--offline', '--loglevel=error', await packedTarball()],
    { cwd: dir, maxBuffer: 1 << 24 });
  for (const tool of tools) {
    await mkdir(path.dirname(path.join(dir, 'node_modules', tool)), { recursive: true });   // a scope such as @rollup/
    await symlink(path.join(REPO, 'node_modules', tool), path.join(dir, 'node_modules', tool), 'dir');
  }
  return dir;
}

/** Runs a command in `cwd`; resolves to {code, output} (stdout + stderr) and never rejects on a non-zero exit. */
export async function runIn(cwd, command, args, { timeout = 120000, env } = {}) {
  try {
    const { stdout, stderr } = await run(command, args, { cwd, timeout, maxBuffer: 1 << 26, env: { ...process.env, ...env } });
    return { code: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    return { code: error.code ?? 1, output: `${error.stdout ?? ''}${error.stderr ?? ''}${error.killed ? '\n(killed: timed out)' : ''}` };
  }
}

/** Every file under `dir`, relative, sorted. */
export async function listFiles(dir, prefix = '') {
  const out = [];
  for (const entry of await readdir(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.posix.join(prefix, entry.name);
    if (entry.isDirectory()) out.push(...await listFiles(dir, rel));
    else out.push(rel);
  }
  return out.sort();
}

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.json': 'application/json; charset=utf-8', '.map': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm', '.svg': 'image/svg+xml', '.ico': 'image/x-icon',
};

/**
 * Serves `root` as-is on 127.0.0.1 (a random port), `/` and folders as their
 * index.html, .wasm as application/wasm, and records every request with its
 * status in `requests`; `isolated` adds COOP/COEP, `headers` any others (CORS, CSP). (scripts/server.mjs sends `/` to the demo and keeps no
 * record, which these tests need.)
 */
export async function serveStatic(root, { isolated = false, headers = {} } = {}) {
  const isolation = isolated ? {
    'cross-origin-opener-policy': 'same-origin', 'cross-origin-embedder-policy': 'require-corp', 'cross-origin-resource-policy': 'same-origin',
  } : {};
  const requests = [];
  const server = http.createServer(async (req, res) => {
    const { pathname } = new URL(req.url, 'http://localhost');
    const record = (status) => requests.push({ status, path: pathname });
    try {
      let file = path.join(root, path.normalize(decodeURIComponent(pathname)));
      if (file !== root && !file.startsWith(root + path.sep)) { record(403); res.writeHead(403).end(); return; }
      let info = await stat(file).catch(() => null);
      if (info?.isDirectory()) {
        file = path.join(file, 'index.html');
        info = await stat(file).catch(() => null);
      }
      if (!info?.isFile()) {
        record(404);
        res.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${pathname}`);
        return;
      }
      record(200);
      res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'content-length': info.size,
        'cache-control': 'no-store', ...isolation, ...headers });
      createReadStream(file).pipe(res);
    } catch (error) {
      record(500);
      res.writeHead(500).end(String(error));
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests,
    close: () => new Promise((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

// The flags of scripts/browsers/chromium.mjs: Debian's Chromium, new headless, loopback only.
const CHROMIUM_FLAGS = [
  '--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1',
];

/** Debian's Chromium through playwright-core, with a fresh profile. */
export async function launchChromium() {
  const { chromium } = await import('playwright-core');
  const profile = await tempDir('chromium-profile');
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: process.env.CHROMIUM_BIN || '/usr/bin/chromium', headless: false /* --headless=new is in the flags */,
    args: CHROMIUM_FLAGS,
  });
  return {
    /** A page that records page errors, console errors and failed requests in `problems`. */
    async newPage() {
      const page = await context.newPage();
      const problems = [];
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
      });
      page.on('requestfailed', (request) => problems.push(`request failed: ${request.url()} (${request.failure()?.errorText})`));
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`HTTP ${response.status()}: ${response.url()}`);
      });
      // Worker scripts the page started (as Chromium reports them: nested workers may be missing).
      page.workerUrls = [];
      page.on('worker', (worker) => page.workerUrls.push(worker.url().length > 90 ? `${worker.url().slice(0, 90)}…` : worker.url()));
      page.problems = problems;
      return page;
    },
    close: () => context.close(),
  };
}

// ---- the scenario every consumer page runs ----

await sodium.ready;
const B64 = sodium.base64_variants.ORIGINAL;

export const PASSWORD = 'Mondschein über den Gärten';
const SALT = Uint8Array.from({ length: 16 }, (_, i) => i * 7 + 3);
export const SALT_BASE64 = sodium.to_base64(SALT, B64);
export const T = 1;
export const M = 1024;   // KiB
/** What <vault-unlock mode="derive"> must give: libsodium's crypto_pwhash for the same inputs. */
export const KEY = sodium.crypto_pwhash(32, PASSWORD, SALT, T, M * 1024, sodium.crypto_pwhash_ALG_ARGON2ID13);
/** The same with p = 2 (libsodium has only p = 1): hash-wasm's argon2id. */
export const KEY_P2 = hashWasmArgon2id({ password: PASSWORD, salt: SALT, iterations: T, memorySize: M, parallelism: 2, hashLength: 32,
  outputType: 'binary' });

export const PLAIN = [
  { id: 'n0', title: 'Garden plans', body: 'tomatoes along the south wall, basil by the door' },
  { id: 'n1', title: 'Quarterly report', body: 'revenue up, costs flat; send to the board on Friday' },
  { id: 'n2', title: 'Vault keys', body: 'the spare key is with the neighbour' },
  { id: 'n3', title: 'Bread', body: 'flour, water, salt, yeast; a quarterly tradition for the garden party' },
  { id: 'n4', title: 'Café in München', body: 'über den Dächern 🌙' },
];
// A typo'd query: one edit from "quarterly" (notes n1 and n3).
export const QUERY = 'quartely';

/** Seals a note as the package's format says (tests/js/notes.test.js does the same with libsodium-wrappers). */
function seal({ id, title, body }, deviceKey) {
  const noteKey = sodium.randombytes_buf(32);
  const join = (a, b) => { const o = new Uint8Array(a.length + b.length); o.set(a); o.set(b, a.length); return o; };
  const keyNonce = sodium.randombytes_buf(24);
  const aead = (prefix, text) => {
    const nonce = sodium.randombytes_buf(24);
    return join(nonce, sodium.crypto_aead_xchacha20poly1305_ietf_encrypt(sodium.from_string(text), sodium.from_string(prefix + id), null,
      nonce, noteKey));
  };
  return {
    id,
    key: sodium.to_base64(join(keyNonce, sodium.crypto_secretbox_easy(noteKey, keyNonce, deviceKey)), B64),
    title: sodium.to_base64(aead('title:', title), B64),
    body: sodium.to_base64(aead('body:', body), B64),
  };
}
export const VAULT_JSON = JSON.stringify(PLAIN.map((note) => seal(note, KEY)));

/** The markup every consumer page has in its body: a key from a password opens the notes, the search filters them. */
export const BODY = `<vault-unlock id="unlock" mode="derive" salt="${SALT_BASE64}" t="${T}" m="${M}"></vault-unlock>
<fuzzy-search id="search" for="notes" label="Search the notes"></fuzzy-search>
<note-list id="notes" key-from="unlock" src="./vault.json"></note-list>`;

/** The page's script (after `import 'memento-elements'` or its equivalent): logs every element event. */
export const APP_JS = `const EVENTS = ['vault-unlocked', 'vault-error', 'notes-opened', 'notes-error', 'notes-damaged', 'search-results', 'search-error'];
window.consumerLog = [];
for (const type of EVENTS) {
  document.addEventListener(type, (event) => {
    const detail = {};
    for (const [k, v] of Object.entries(event.detail ?? {})) detail[k] = ArrayBuffer.isView(v) ? Array.from(v) : v;
    window.consumerLog.push({ type, target: event.target.id, detail });
  });
}
window.consumerReady = Promise.all(['vault-unlock', 'note-list', 'fuzzy-search'].map((name) => customElements.whenDefined(name)));
`;

export const indexHtml = (head, script) => `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>memento-elements consumer</title><link rel="icon" href="data:,">${head}</head>
<body>
${BODY}
${script}
</body>
</html>
`;

/**
 * A fresh page on `url` with the elements defined, and its plumbing:
 * waitForEvent(types, step) polls window.consumerLog, fail(step) fails with
 * the step, the elements' error events, the page's problems and every failed
 * request (`serverRequests`: the static server's record).
 */
async function scenarioPage(browser, url, serverRequests = []) {
  const page = await browser.newPage();
  const problems = () => [...page.problems,
    ...serverRequests.filter((r) => r.status >= 400).map((r) => `server sent ${r.status} for ${r.path}`)];
  const fail = async (step) => {
    const log = await page.evaluate(() => window.consumerLog ?? null).catch(() => null);
    const errors = (log ?? []).filter((e) => e.type.endsWith('-error'))
      .map((e) => `  event ${e.type} on #${e.target}: ${e.detail.name}: ${e.detail.message}`);
    assert.fail([`${step} (page ${url})`, ...errors, ...problems().map((p) => `  ${p}`),
      log === null ? '  window.consumerLog is missing: the page script did not run' : ''].filter(Boolean).join('\n'));
  };
  const waitForEvent = async (types, step, { timeout = 30000, where = () => true } = {}) => {
    const deadline = Date.now() + timeout;
    for (;;) {
      const log = await page.evaluate(() => window.consumerLog ?? []);
      const hit = log.find((e) => types.includes(e.type) && where(e));
      if (hit) return hit;
      if (Date.now() > deadline) await fail(`${step}: no ${types.join(' / ')} event within ${timeout / 1000} s`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const unlockWith = async (password) => {
    await page.locator('#unlock #password').click();
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    const unlocked = await waitForEvent(['vault-unlocked', 'vault-error'], '<vault-unlock> deriving the key');
    if (unlocked.type !== 'vault-unlocked') await fail('<vault-unlock> failed to derive the key');
    return unlocked;
  };
  const noProblems = async () => {
    if (problems().length) await fail('the scenario passed, but the page had problems');
  };
  try {
    const response = await page.goto(url, { waitUntil: 'load' });
    assert.equal(response?.status(), 200, `the page itself (${url}) loads`);
    const ready = await page.evaluate(() => window.consumerReady?.then(() => true)).catch((error) => `threw ${error.message}`);
    if (ready !== true) await fail(`the elements are not defined (${ready})`);
  } catch (error) {
    await page.close();
    throw error;
  }
  return { page, fail, waitForEvent, unlockWith, noProblems };
}

/**
 * The scenario on `url`: <vault-unlock> derives libsodium's key from the typed
 * password, <note-list> opens the notes with it, <fuzzy-search> filters them,
 * every module on its SIMD build, and no page error, console error or failed request.
 */
export async function runScenario(browser, url, { serverRequests } = {}) {
  const { page, fail, waitForEvent, unlockWith, noProblems } = await scenarioPage(browser, url, serverRequests);
  try {
    // <vault-unlock>: the password typed, Enter, a key as libsodium's.
    const unlocked = await unlockWith(PASSWORD);
    assert.deepEqual(unlocked.detail.key, Array.from(KEY), 'the unlock key equals libsodium crypto_pwhash for the same inputs');

    // <note-list key-from="unlock" src="./vault.json">: every note opened to its text.
    const opened = await waitForEvent(['notes-opened', 'notes-error'], '<note-list> opening the notes');
    if (opened.type !== 'notes-opened') await fail('<note-list> failed to open the notes');
    assert.deepEqual({ total: opened.detail.total, opened: opened.detail.opened, damaged: opened.detail.damaged },
      { total: PLAIN.length, opened: PLAIN.length, damaged: 0 }, 'notes-opened counts');
    assert.deepEqual(await page.evaluate(() => document.getElementById('notes').opened), PLAIN, 'the opened notes are the texts sealed in Node');

    // <fuzzy-search for="notes">: a typo'd query typed, the two notes it matches, and the list filtered to them.
    await page.locator('#search #input').click();
    await page.keyboard.type(QUERY);
    const results = await waitForEvent(['search-results', 'search-error'], `<fuzzy-search> answering "${QUERY}"`,
      { where: (e) => e.type !== 'search-results' || e.detail.query === QUERY });
    if (results.type !== 'search-results') await fail('<fuzzy-search> failed');
    assert.deepEqual(results.detail.indices, [1, 3], `"${QUERY}" finds "Quarterly report" and the bread note (quarterly), in that order`);
    assert.deepEqual(await page.evaluate(() => document.getElementById('notes').view), [1, 3], 'the list shows the two results');

    // Each element ran its wasm build (SIMD in Chromium), not a fallback.
    const paths = await page.evaluate(() => {
      const unlock = document.getElementById('unlock');
      return { argon2: unlock.path ?? unlock.engine, notes: document.getElementById('notes').path, search: document.getElementById('search').path };
    });
    assert.deepEqual(paths, { argon2: 'simd', notes: 'simd', search: 'simd' }, 'every module ran its SIMD wasm build');
    await noProblems();
  } finally {
    await page.close();
  }
}

/**
 * On a cross-origin-isolated page (`url` served with COOP/COEP): <vault-unlock
 * p="2"> runs its lanes in parallel, so the argon2 worker starts the lane worker
 * and the page fetches argon2.lanes.wasm (`serverRequests` shows it served;
 * names may carry a bundler's hash); the key equals hash-wasm's. A bundler that
 * names its assets by hash alone (webpack's `[hash][ext]`) gives `names`: a Map
 * from each served file name to the package's (from its build stats). Resolves
 * to notes for the test's diagnostics (a lane worker the bundler inlined).
 */
export async function runLanesScenario(browser, url, { serverRequests, names = new Map() }) {
  const { page, unlockWith, noProblems } = await scenarioPage(browser, url, serverRequests);
  try {
    assert.equal(await page.evaluate(() => crossOriginIsolated), true, 'the page is cross-origin isolated (COOP/COEP)');
    await page.evaluate(() => {
      // Only the unlock: the notes were sealed under the p = 1 key.
      document.getElementById('notes').remove();
      document.getElementById('search').remove();
      document.getElementById('unlock').setAttribute('p', '2');
    });
    const unlocked = await unlockWith(PASSWORD);
    assert.deepEqual(unlocked.detail.key, Array.from(await KEY_P2), 'the p = 2 key equals hash-wasm argon2id for the same inputs');
    // A served path or worker URL with its last segment renamed to the package's file, where `names` knows it.
    const named = (where) => where.replace(/[^/]*$/, (file) => names.get(file) ?? file);
    const served = (pattern) => serverRequests.map((r) => ({ ...r, path: named(r.path) }))
      .filter((r) => pattern.test(r.path)).map((r) => `${r.status} ${r.path}`);
    const wasm = served(/argon2\.lanes[^/]*\.wasm$/);
    assert.ok(wasm.some((r) => r.startsWith('200')), `argon2.lanes.wasm was served (requests: ${wasm.join(', ') || 'none'})`);
    // A lane worker runs the argon2 worker's own script (any bundler hash): the page then sees that
    // script start twice, once for the job and once, nested, for the second lane (Chromium reports
    // nested workers too). Anything started from a blob: or data: URL means a bundler inlined it.
    // (Vite and Rollup name it argon2-<hash>.js, Parcel argon2.<hash>.js; argon2-sodium is the libsodium fallback.)
    const argon2Starts = page.workerUrls.map(named).filter((url) => /\/argon2(?!-sodium)(-[\w-]{6,}|\.[0-9a-f]{8})?\.js$/.test(url));
    const inlined = page.workerUrls.filter((url) => /^(blob|data):/.test(url));
    assert.ok(argon2Starts.length >= 2, `a lane worker started (workers the page saw: ${page.workerUrls.join(', ') || 'none'}): `
      + 'without it the lanes run one after another, silently');
    assert.deepEqual(inlined, [], 'no worker started from a blob: or data: URL on a same-origin page');
    await noProblems();
    return [];
  } finally {
    await page.close();
  }
}
