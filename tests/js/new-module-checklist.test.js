// docs/new-module.md names the files a module adds and the files it edits (issue 31: a new module added from one
// list). This holds every module of modules.json to that list, read from the document itself: each file of a module
// (named after it or its element) is a file or folder the list names, each file the list says a module adds is
// there for each module, and each existing file the list says a module edits mentions each module.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');
const { modules } = JSON.parse(read('modules.json'));
// Tracked files and new ones not yet added (not ignored): a maintainer runs this before the first `git add`.
const tracked = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n').filter(Boolean);

// The checklist's section "The files a module touches", in its three parts.
const doc = read('docs/new-module.md');
const section = doc.slice(doc.indexOf('## The files a module touches'), doc.indexOf('## 1. '));
const part = (from, to) => section.slice(section.indexOf(from), to ? section.indexOf(to) : undefined);
const ticks = (text) => [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]);
const required = part('New files', 'Any other file').split('\n').filter((line) => line.startsWith('- ') || line.startsWith('  '))
  .flatMap((line) => ticks(line.replace(/\([^)]*\)/g, ''))).filter((t) => t.includes('<'));
const elsewhere = ticks(part('Any other file', 'Existing files'));
const existing = part('Existing files', 'Generated, not written').split('\n').filter((line) => line.startsWith('- '))
  .map((line) => ticks(line)[0]);

const fill = (pattern, { name, element }) => pattern.replaceAll('<module>', name).replaceAll('<element>', element);
const glob = (pattern) => new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*|<[a-z]+>/g, '[^/]*')}$`);
const namedFor = (file, { name, element }) => [name, element].some((word) => new RegExp(`^${word}([-_.]|$)`).test(path.basename(file)));

/** The files of a module outside its kernel folder: named after it or its element, or in a folder named after it. */
function filesOf(module) {
  return tracked.filter((file) => !file.startsWith(`cpp/${module.name}/`) && !file.startsWith('bench/results/')
    && (namedFor(file, module) || file.split('/').slice(0, -1).includes(module.name)));
}

/** Where the list lets a module's other files be: a named folder (files named after the module), or a pattern. */
function allowed(file, module) {
  return elsewhere.some((entry) => {
    const filled = fill(entry, module);
    if (filled.endsWith('/')) {
      return path.dirname(file) + '/' === filled && (namedFor(file, module) || filled.endsWith(`/${module.name}/`));
    }
    return glob(filled).test(file);
  }) || required.some((entry) => glob(fill(entry, module)).test(file));
}

test('the checklist reads: files every module adds, the folders for the rest, the files every module edits', () => {
  assert.ok(required.length >= 10, `required files: ${required.join(', ')}`);
  assert.ok(elsewhere.filter((e) => e.endsWith('/')).length >= 10, `folders: ${elsewhere.join(', ')}`);
  assert.ok(existing.length >= 6, `existing files: ${existing.join(', ')}`);
});

for (const module of modules) {
  test(`${module.name}: every file it has is one docs/new-module.md names`, () => {
    const stray = filesOf(module).filter((file) => !allowed(file, module));
    assert.deepEqual(stray, [], `files of ${module.name} where docs/new-module.md does not say a module's files go`);
  });

  test(`${module.name}: every file docs/new-module.md says a module adds is there`, () => {
    const missing = required.map((entry) => fill(entry, module)).filter((filled) => !tracked.some((file) => glob(filled).test(file)));
    assert.deepEqual(missing, []);
  });

  test(`${module.name}: every file docs/new-module.md says a module edits mentions it`, () => {
    const { name, element } = module;
    const needles = {
      'modules.json': `"name": "${name}"`,
      'api/index.js': `./${name}.js`,
      'components/index.js': `./${element}.js`,
      'package.json': `"./${element}"`,
      'docs/api.md': `### \`<${element}>\``,
      'docs/architecture.md': `### ${name}`,   // "### Argon2id", "### Notes": read lower-cased
      'README.md': `<${element}>`,
      'CHANGELOG.md': `<${element}>`,
      'docs/README.md': `specs/${name}`,   // specs/argon2id.md, specs/textures.md
      'bench/calls/startup.js': `'${element}':`,   // its SHOW entry
    };
    for (const file of existing) {
      assert.ok(needles[file], `docs/new-module.md names ${file}: this test must say what to look for in it`);
      const text = file === 'docs/architecture.md' ? read(file).toLowerCase() : read(file);
      assert.ok(text.includes(needles[file]), `${file} does not mention ${needles[file]}`);
    }
  });
}
