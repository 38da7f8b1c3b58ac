// Who may import whom (docs/architecture.md, "Layers"): the benchmarks (bench/)
// and the demo (demo/) import nothing from tests/ or from each other, only
// from fixtures/ and the code they run; fixtures/ imports none of the three;
// shipped code (api/, components/, common/, worker/, extension/, bundlers/)
// imports no dev-side folder; and an element reaches the runtime only through
// its module's API file (components/ never imports api/runtime/). Tests may
// import what they test. Module imports are what count: static and dynamic
// import, export-from, worker and script URLs (`new URL('….js', import.meta.url)`,
// `<script src>`), absolute served paths ('/demo/…', '/iso/…') included; a
// data file fetched (the demo reading bench/results/*.json) is not an import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SHIPPED = ['api/', 'components/', 'common/', 'worker/', 'extension/', 'bundlers/'];
const DEV = ['tests/', 'bench/', 'demo/', 'fixtures/', 'scripts/'];
const RULES = [
  { from: 'bench/', not: ['tests/', 'demo/'] },
  { from: 'demo/', not: ['tests/', 'bench/'] },
  { from: 'fixtures/', not: ['tests/', 'bench/', 'demo/'] },
  ...SHIPPED.map((from) => ({ from, not: DEV })),
  { from: 'components/', not: ['api/runtime/'] },
];
const CODE = /\.(m?js|html)$/;

// import … from '…', export … from '…', import('…'), import '…', new URL('….js', import.meta.url),
// new Worker('…'), importScripts('…'), <script src="…">. Template literals count up to their first ${.
const SPECIFIERS = [
  /\b(?:import|export)\b[^'"`;]*?\bfrom\s*(['"`])([^'"`]+)\1/g,
  /\bimport\s*\(\s*(['"`])([^'"`]+)\1/g,
  /\bimport\s+(['"])([^'"]+)\1/g,
  /\bnew\s+URL\(\s*(['"`])([^'"`]+\.m?js)\1/g,
  /\bnew\s+(?:Shared)?Worker\(\s*(['"`])([^'"`]+)\1/g,
  /\bimportScripts\(\s*(['"`])([^'"`]+)\1/g,
  /<script\b[^>]*\bsrc=(['"])([^'"]+)\1/g,
];

/** The module specifiers of a source text, comments left out. */
export function specifiers(text) {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
  const found = [];
  for (const pattern of SPECIFIERS) {
    for (const match of code.matchAll(pattern)) found.push(match[2].split('${')[0]);
  }
  return found;
}

/** The repository path a specifier of `file` names, or null (a package, a URL, a run-time name). */
export function resolveSpecifier(file, spec) {
  if (spec.startsWith('/')) return path.posix.normalize(spec.replace(/^\/iso(?=\/)/, '')).slice(1);
  if (!spec.startsWith('./') && !spec.startsWith('../')) return null;
  const target = path.posix.normalize(path.posix.join(path.posix.dirname(file), spec));
  return target.startsWith('../') ? null : target;
}

/** Every import of `file` (repository path, source text) that RULES forbid: "file: spec (-> target)". */
export function forbiddenImports(file, text) {
  const rules = RULES.filter((rule) => file.startsWith(rule.from));
  const bad = [];
  for (const spec of specifiers(text)) {
    const target = resolveSpecifier(file, spec);
    if (target == null) continue;
    for (const rule of rules) {
      const folder = rule.not.find((no) => `${target}/`.startsWith(no));
      if (folder) bad.push(`${file}: '${spec}' (${rule.from} must not import ${folder})`);
    }
  }
  return bad;
}

function filesUnder(folder) {
  return readdirSync(path.join(ROOT, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && CODE.test(entry.name))
    .map((entry) => path.posix.join(path.relative(ROOT, entry.parentPath).split(path.sep).join('/'), entry.name))
    .filter((file) => !file.includes('node_modules/'));
}

test('the scanner finds every kind of import and resolves served paths', () => {
  const text = [
    "import { a } from '../tests/js/x.js';",
    "export { b } from '../demo/y.js';",
    "const c = await import(`../bench/${name}.mjs`);",
    "new Worker(new URL('../tests/w.js', import.meta.url));",
    "import { d } from '/iso/demo/z.js';",
    "// import { e } from '../tests/commented.js';",
    "const data = new URL('../bench/results/open.json', import.meta.url);",
    "import 'libsodium-wrappers';",
  ].join('\n');
  assert.deepEqual(specifiers(text).map((s) => resolveSpecifier('demo/page.js', s)),
    ['tests/js/x.js', 'demo/y.js', 'demo/z.js', 'bench/', null, 'tests/w.js']);
  assert.deepEqual(forbiddenImports('demo/page.js', text), [
    "demo/page.js: '../tests/js/x.js' (demo/ must not import tests/)",
    "demo/page.js: '../bench/' (demo/ must not import bench/)",
    "demo/page.js: '../tests/w.js' (demo/ must not import tests/)",
  ]);
  assert.deepEqual(forbiddenImports('components/x.js', "import { enginePath } from '../api/runtime/client.js';"),
    ["components/x.js: '../api/runtime/client.js' (components/ must not import api/runtime/)"]);
  assert.deepEqual(forbiddenImports('components/x.js', "import { enginePath } from '../api/texture.js';"), []);
});

test('bench/, demo/ and fixtures/ import nothing from each other or tests/, shipped code no dev folder, elements no api/runtime/', () => {
  const folders = [...new Set(RULES.map((rule) => rule.from))];
  const files = folders.flatMap(filesUnder);
  assert.ok(files.includes('bench/notes.mjs') && files.includes('demo/index.html') && files.includes('components/note-list.js'),
    'the walk reaches every folder');
  assert.ok(specifiers(readFileSync(path.join(ROOT, 'bench/notes.mjs'), 'utf8')).includes('../fixtures/sealed-vault.mjs'),
    'the scanner reads bench/notes.mjs\'s imports');
  const bad = files.flatMap((file) => forbiddenImports(file, readFileSync(path.join(ROOT, file), 'utf8')));
  assert.deepEqual(bad, [], `imports across layers:\n${bad.join('\n')}`);
});
