// The package loaded from a CDN: a page on one loopback origin imports the
// package from another, which sends Access-Control-Allow-Origin: * as public
// CDNs do. Workers start through a same-origin blob: module and the wasm is
// fetched with CORS, in Chromium and Firefox: <vault-unlock> derives the key,
// <note-list> opens the notes, <fuzzy-search> filters them, and the API answers.
// Under a CSP that forbids blob: workers the elements still render, and the
// error says what is blocked and how to fix it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { KEY, PASSWORD, PLAIN, QUERY, VAULT_JSON, indexHtml, APP_JS, makeProject, removeTemps, serveStatic } from './helpers.mjs';

const ENGINES = { chromium: '../../scripts/browsers/chromium.mjs', firefox: '../../scripts/browsers/firefox.mjs' };
const CORS = { 'access-control-allow-origin': '*' };

let project;
let cdn;
before(async () => {
  project = await makeProject('cdn', {});
  cdn = await serveStatic(project, { headers: CORS });
});
after(async () => {
  await cdn?.close();
  await removeTemps();
});

/** A page folder whose import map points at the CDN's copy of the package. */
async function pageProject(name) {
  const entry = `${cdn.url}/node_modules/memento-elements/dist/index.js`;
  const importMap = `<script type="importmap">{ "imports": { "memento-elements": "${entry}" } }</script>`;
  return makeProject(name, {
    'index.html': indexHtml(importMap, '<script type="module" src="./main.js"></script>'),
    'main.js': `import { pwhashStr, pwhashVerify } from 'memento-elements';\n${APP_JS}
window.apiAnswer = pwhashStr('cdn', { t: 1, m: 1024 }).then((hash) => pwhashVerify(hash, 'cdn'))
  .then((ok) => ({ ok }), (error) => ({ error: error.name + ': ' + error.message }));`,
    'vault.json': VAULT_JSON,
  });
}

async function waitForLog(page, types, what, timeout = 30000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const log = await page.evaluate(() => window.consumerLog ?? []);
    const hit = log.find((e) => types.includes(e.type));
    if (hit) return hit;
    if (Date.now() > deadline) assert.fail(`${what}: none of ${types.join(', ')} within ${timeout / 1000} s; log ${JSON.stringify(log)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function typeInto(page, selector, inner, text) {
  await page.evaluate(([host, field]) => document.querySelector(host).shadowRoot.querySelector(field).focus(), [selector, inner]);
  await page.type(text);
}

for (const [engineName, enginePath] of Object.entries(ENGINES)) {
  describe(`loaded from another origin (a CDN) in ${engineName}`, () => {
    let browser;
    let site;
    before(async () => {
      browser = await (await import(enginePath)).launch();
      site = await pageProject(`cdn-page-${engineName}`);
    });
    after(() => browser?.close());

    test('the workers start and the wasm loads across origins: the key, the notes, the search and the API', { timeout: 120000 }, async () => {
      const server = await serveStatic(site);
      const page = await browser.newPage();
      try {
        await page.goto(`${server.url}/index.html`);
        await page.evaluate(() => window.consumerReady);
        await typeInto(page, '#unlock', '#password', PASSWORD);
        await page.press('Enter');
        const unlocked = await waitForLog(page, ['vault-unlocked', 'vault-error'], 'the unlock');
        assert.equal(unlocked.type, 'vault-unlocked', JSON.stringify(unlocked.detail));
        assert.deepEqual(unlocked.detail.key, Array.from(KEY), 'the key equals libsodium crypto_pwhash');
        const opened = await waitForLog(page, ['notes-opened', 'notes-error'], 'the notes');
        assert.equal(opened.type, 'notes-opened', JSON.stringify(opened.detail));
        assert.deepEqual(await page.evaluate(() => document.getElementById('notes').opened), PLAIN);
        await typeInto(page, '#search', '#input', QUERY);
        const deadline = Date.now() + 20000;
        let view;
        while (Date.now() < deadline) {
          view = await page.evaluate(() => document.getElementById('notes').view);
          if (view.length === 2) break;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
        assert.deepEqual(view, [1, 3], `"${QUERY}" filters the list to its two notes`);
        assert.deepEqual(await page.evaluate(() => window.apiAnswer), { ok: true }, 'the API answers from the CDN too');
        const paths = await page.evaluate(() => ['unlock', 'notes', 'search'].map((id) => document.getElementById(id).path));
        assert.deepEqual(paths, ['simd', 'simd', 'simd']);
        const fetched = cdn.requests.filter((r) => /\.(wasm|js)$/.test(r.path));
        assert.ok(fetched.some((r) => r.path.endsWith('/dist/workers/argon2.js')), 'the worker script came from the CDN');
        assert.ok(fetched.some((r) => r.path.endsWith('.simd.wasm')), 'the wasm came from the CDN');
        assert.deepEqual(server.requests.filter((r) => r.status >= 400), [], 'the page origin served everything it was asked');
      } finally {
        await page.close();
        await server.close();
      }
    });

    test('under a CSP without blob: workers the elements render, and the error names what is blocked and both fixes', { timeout: 60000 }, async () => {
      const csp = `default-src 'self'; script-src 'self' 'unsafe-inline' ${cdn.url} 'wasm-unsafe-eval'; connect-src 'self' ${cdn.url}; worker-src 'self'`;
      const server = await serveStatic(site, { headers: { 'content-security-policy': csp } });
      const page = await browser.newPage();
      try {
        await page.goto(`${server.url}/index.html`);
        await page.evaluate(() => window.consumerReady);
        assert.ok(await page.evaluate(() => Boolean(document.getElementById('unlock').shadowRoot?.querySelector('#password'))),
          '<vault-unlock> rendered its field');
        await typeInto(page, '#unlock', '#password', PASSWORD);
        await page.press('Enter');
        const failed = await waitForLog(page, ['vault-unlocked', 'vault-error'], 'the blocked unlock');
        assert.equal(failed.type, 'vault-error');
        assert.equal(failed.detail.name, 'WorkerError');
        assert.match(failed.detail.message, /another origin/);
        assert.match(failed.detail.message, /worker-src/);
        assert.match(failed.detail.message, /own origin/);
        const status = await page.evaluate(() => document.getElementById('unlock').shadowRoot.textContent);
        assert.match(status, /worker-src/, 'the element shows the message, not only the event');
        assert.deepEqual(await page.evaluate(() => window.apiAnswer).then((answer) => answer.error?.split(':')[0]), 'WorkerError');
      } finally {
        await page.close();
        await server.close();
      }
    });
  });
}
