// One element at a time (issue 33): a page importing only
// `memento-elements/<tag>` (the file package.json's exports name for it, served
// as installed from the tarball) defines that element alone and downloads no
// code of the other four: no request for their workers or wasm, and no script
// it fetched holds their element or module code (each shipped script's source
// map names the sources it was made of). For <note-list>, the page then opens
// sealed notes set as properties, so its own worker and wasm are fetched too.
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { KEY, launchChromium, makeProject, PLAIN, REPO, removeTemps, serveStatic, VAULT_JSON } from './helpers.mjs';

const { modules } = JSON.parse(await readFile(path.join(REPO, 'modules.json'), 'utf8'));
const ELEMENTS = modules.filter((m) => m.element);

let browser;
let dir;
let pkg;
before(async () => {
  dir = await makeProject('one-element', { 'vault.json': VAULT_JSON });
  pkg = JSON.parse(await readFile(path.join(dir, 'node_modules/memento-elements/package.json'), 'utf8'));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await removeTemps();
});

/** The page: the entry imported alone; for note-list, the notes and the device key set as properties. */
const pageHtml = (entry, tag) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${tag} alone</title><link rel="icon" href="data:,"></head>
<body>
<${tag} id="element"></${tag}>
<script type="module">
import * as entry from '/node_modules/memento-elements/${entry}';
window.entryExports = Object.keys(entry);
window.defined = await customElements.whenDefined('${tag}').then(() => true);
</script>
</body></html>
`;

/** The source files of the scripts the page fetched, from each script's source map. */
async function sourcesOf(paths) {
  const sources = new Map();
  for (const served of paths.filter((p) => p.endsWith('.js'))) {
    const map = JSON.parse(await readFile(path.join(dir, `${served}.map`), 'utf8').catch(() => 'null'));
    assert.ok(map, `${served} has no source map in the package`);
    sources.set(served, map.sources.map((source) => path.posix.normalize(path.posix.join(path.posix.dirname(served), source))));
  }
  return sources;
}

for (const { name: module, element: tag, workers } of ELEMENTS) {
  test(`memento-elements/${tag} alone defines <${tag}> and downloads no code of the other elements`, { timeout: 120000 }, async () => {
    const entry = pkg.exports[`./${tag}`]?.default;
    assert.ok(entry, `package.json exports "./${tag}"`);
    const html = path.join(dir, `${tag}.html`);
    await writeFile(html, pageHtml(entry.replace(/^\.\//, ''), tag));
    const server = await serveStatic(dir);
    const page = await browser.newPage();
    try {
      await page.goto(`${server.url}/${tag}.html`, { waitUntil: 'load' });
      await page.waitForFunction(() => window.defined === true, null, { timeout: 30000 });
      const defined = await page.evaluate((tags) => tags.filter((t) => customElements.get(t)), ELEMENTS.map((e) => e.element));
      assert.deepEqual(defined, [tag], `only <${tag}> is defined`);

      if (tag === 'note-list') {
        await page.evaluate(async ({ notes, key }) => {
          const list = document.getElementById('element');
          const opened = new Promise((resolve, reject) => {
            list.addEventListener('notes-opened', resolve, { once: true });
            list.addEventListener('notes-error', (e) => reject(new Error(`${e.detail.name}: ${e.detail.message}`)), { once: true });
          });
          list.notes = notes;
          list.deviceKey = Uint8Array.from(key);
          await opened;
        }, { notes: JSON.parse(VAULT_JSON), key: Array.from(KEY) });
        assert.deepEqual(await page.evaluate(() => document.getElementById('element').opened), PLAIN, 'the notes opened');
      }

      const fetched = server.requests.filter((r) => r.status === 200).map((r) => r.path.replace(/^\//, ''));
      const others = ELEMENTS.filter((e) => e.element !== tag);
      const otherFiles = new RegExp(`/(workers/(${others.flatMap((e) => e.workers).join('|')})\\.js|wasm/(${others.map((e) => e.name).join('|')})[.\\w]*\\.wasm)$`);
      assert.deepEqual(fetched.filter((p) => otherFiles.test(`/${p}`)), [], 'no worker or wasm of another element was fetched');
      const otherSources = new RegExp(`(^|/)(components/(${others.map((e) => e.element).join('|')})\\.js|api/modules/(${others.map((e) => e.name).join('|')})\\.js)$`);
      const foreign = [...(await sourcesOf(fetched))].flatMap(([served, sources]) => sources.filter((s) => otherSources.test(s)).map((s) => `${served}: ${s}`));
      assert.deepEqual(foreign, [], 'no script the page fetched holds another element\'s code');
      const ownSources = [...(await sourcesOf(fetched)).values()].flat();
      assert.ok(ownSources.some((s) => s.endsWith(`components/${tag}.js`)), `the page fetched <${tag}>'s own code (${fetched.join(', ')})`);
      if (tag === 'note-list') {
        assert.ok(fetched.some((p) => p.endsWith(`workers/${workers[0]}.js`)), `the page fetched its own worker (${fetched.join(', ')})`);
        assert.ok(fetched.some((p) => new RegExp(`wasm/${module}[.\\w]*\\.wasm$`).test(p)), `and its own wasm (${fetched.join(', ')})`);
      }
      assert.deepEqual(page.problems, [], 'no page error, console error or failed request');
    } finally {
      await page.close();
      await server.close();
    }
  });
}
