// One element at a time (issue 33): package.json names an entry per element of
// modules.json (`memento-elements/<tag>`: its script, its types, and marked as
// having side effects, so that bundlers keep `import 'memento-elements/<tag>'`),
// the build made each from that element's code alone, and docs/api.md's table
// of what each import costs is the build's (within 5%: a small change elsewhere
// need not rewrite it; `node scripts/entry-sizes.mjs --write` does).
// tests/consumers/one-element.test.mjs checks in Chromium what a page downloads.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { documentedSizes, entrySizes } from '../../scripts/entry-sizes.mjs';

const read = (file) => JSON.parse(readFileSync(fileURLToPath(new URL(`../../${file}`, import.meta.url)), 'utf8'));
const pkg = read('package.json');
const { modules } = read('modules.json');
const elements = modules.filter((m) => m.element);

test('package.json exports memento-elements/<tag> for every element of modules.json, with types, as a module with side effects', () => {
  for (const { element: tag } of elements) {
    assert.deepEqual(pkg.exports[`./${tag}`], { types: `./dist/types/${tag}.d.ts`, default: `./dist/${tag}.js` }, `exports["./${tag}"]`);
    assert.ok(pkg.sideEffects.includes(`./dist/${tag}.js`), `sideEffects lists ./dist/${tag}.js`);
  }
  const entries = Object.keys(pkg.exports).filter((key) => /^\.\/[a-z]+-[a-z-]+$/.test(key)).map((key) => key.slice(2)).sort();
  assert.deepEqual(entries, elements.map((m) => m.element).sort(), 'no entry for an element modules.json does not list');
});

test('each element\'s entry is built from its own element and module only (build/entries.json, from esbuild\'s metafile)', () => {
  const closures = read('build/entries.json');
  for (const { name, element: tag } of elements) {
    const others = elements.filter((m) => m.element !== tag);
    const foreign = closures[tag].sources.filter((source) => others.some((m) => source === `components/${m.element}.js` || source === `api/modules/${m.name}.js`));
    assert.deepEqual(foreign, [], `memento-elements/${tag} holds code of other elements`);
    assert.ok(closures[tag].sources.includes(`components/${tag}.js`) && closures[tag].sources.includes(`api/modules/${name}.js`), `memento-elements/${tag} holds its own`);
    assert.ok(existsSync(fileURLToPath(new URL(`../../dist/types/${tag}.d.ts`, import.meta.url))), `dist/types/${tag}.d.ts`);
  }
});

test('docs/api.md\'s table of what each import costs is the build\'s, within 5%', () => {
  const documented = documentedSizes();
  const kib = (bytes) => bytes / 1024;
  for (const { entry, imported, running } of entrySizes()) {
    const measured = [imported.raw, imported.gzip, ...(running ? [running.raw, running.gzip] : [])].map(kib);
    assert.ok(documented[entry], `docs/api.md's table has no row for ${entry}: run \`node scripts/entry-sizes.mjs --write\``);
    assert.equal(documented[entry].length, measured.length, `${entry}: the row has ${documented[entry].length} numbers`);
    documented[entry].forEach((kibs, i) => assert.ok(Math.abs(kibs - measured[i]) <= Math.max(0.05 * measured[i], 0.1),
      `${entry}: docs/api.md says ${kibs} KiB where the build has ${measured[i].toFixed(1)}: run \`node scripts/entry-sizes.mjs --write\``));
  }
});
