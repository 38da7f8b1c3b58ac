// What the tarball holds: custom-elements.json valid against the
// custom-elements-manifest schema and true to the package, every path
// package.json points at present, a LICENSE and a CHANGELOG, and nothing a
// consumer does not need (`npm pack --dry-run`: no tests, bench, build
// leftovers, stray archives or sourcemaps of nothing).
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import Ajv from 'ajv';
import { REPO, listFiles, packedTarball, removeTemps, tempDir } from './helpers.mjs';

const run = promisify(execFile);
const require = createRequire(import.meta.url);

let unpacked;   // the tarball's package/ folder
let files;      // its files, relative
before(async () => {
  const dir = await tempDir('unpacked');
  await run('tar', ['-xzf', await packedTarball(), '-C', dir]);
  unpacked = path.join(dir, 'package');
  files = await listFiles(unpacked);
});
after(() => removeTemps());

const readJson = async (file) => JSON.parse(await readFile(path.join(unpacked, file), 'utf8'));

test('custom-elements.json in the tarball is valid against the custom-elements-manifest schema.json', async () => {
  const schema = JSON.parse(readFileSync(require.resolve('custom-elements-manifest/schema.json'), 'utf8'));
  const manifest = await readJson('custom-elements.json');
  const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
  const valid = validate(manifest);
  const errors = (validate.errors ?? []).map((e) => `  ${e.instancePath || '/'} ${e.message}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  assert.ok(valid, `custom-elements.json breaks the schema in ${errors.length} places:\n${errors.join('\n')}`);
});

test('custom-elements.json describes every element modules.json lists, from modules that are in the package', async () => {
  const pkg = await readJson('package.json');
  assert.ok(pkg.customElements && files.includes(path.posix.normalize(pkg.customElements)),
    `package.json "customElements" (${pkg.customElements}) names a file in the tarball`);
  const manifest = await readJson(pkg.customElements);
  const tags = manifest.modules.flatMap((m) => (m.declarations ?? []).filter((d) => d.customElement).map((d) => d.tagName));
  const { modules } = JSON.parse(readFileSync(path.join(REPO, 'modules.json'), 'utf8'));
  assert.deepEqual(tags.sort(), modules.filter((m) => m.element).map((m) => m.element).sort(), 'custom-elements.json declares the elements of modules.json');
  const missing = manifest.modules.map((m) => m.path).filter((p) => !files.includes(path.posix.normalize(p)));
  assert.deepEqual(missing, [], 'every module path in custom-elements.json is a file of the tarball');
});

test('every path package.json points at (main, module, types, exports) is in the tarball', async () => {
  const pkg = await readJson('package.json');
  const targets = [pkg.main, pkg.module, pkg.types];
  const walk = (value) => {
    if (typeof value === 'string') targets.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(pkg.exports);
  const missing = targets.filter(Boolean).filter((target) => {
    const rel = path.posix.normalize(target);
    if (rel.includes('*')) {
      const [before] = rel.split('*');
      return !files.some((f) => f.startsWith(before));
    }
    return !files.includes(rel);
  });
  assert.deepEqual(missing, [], 'package.json points at files the tarball lacks');
});

test('the tarball carries a LICENSE matching package.json\'s license, and a CHANGELOG.md', async () => {
  const pkg = await readJson('package.json');
  const license = files.find((f) => /^licen[sc]e(\.md|\.txt)?$/i.test(f));
  assert.ok(license, `no LICENSE file in the tarball (package.json says "${pkg.license}")`);
  if (pkg.license === 'MIT') {
    assert.match(await readFile(path.join(unpacked, license), 'utf8'), /MIT License|Permission is hereby granted, free of charge/,
      'LICENSE is the MIT text, as package.json says');
  }
  assert.ok(files.some((f) => /^changelog\.md$/i.test(f)), 'no CHANGELOG.md in the tarball');
});

// Folders of the repository that a consumer never needs.
const NOT_SHIPPED = ['tests/', 'test/', 'bench/', 'build/', 'demo/', 'extension/', 'cpp/', 'cmake/', 'scripts/', 'docs/superpowers/',
  'node_modules/', '.ci/', 'dist.next/', 'test-results/'];
const LEFTOVER = /\.(zip|tgz|log|tmp|o|a)$/;

test('npm pack --dry-run lists no tests, bench, build leftovers, stray archives or sourcemaps of nothing', async () => {
  const { stdout } = await run('npm', ['pack', '--dry-run', '--json'], { cwd: REPO, maxBuffer: 1 << 26 });
  const [{ files: listed, size, unpackedSize }] = JSON.parse(stdout);
  const paths = listed.map((f) => f.path);
  const problems = [];
  for (const p of paths) {
    const folder = NOT_SHIPPED.find((dir) => p.startsWith(dir));
    if (folder) problems.push(`${p}: the package ships ${folder}`);
    if (LEFTOVER.test(p)) problems.push(`${p}: a build leftover`);
    if (p.endsWith('.map')) {
      const file = path.join(REPO, p);
      const map = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
      if (!map || !map.mappings || !(map.sources?.length > 0)) problems.push(`${p}: a sourcemap of nothing (no sources, no mappings)`);
      else if (!paths.includes(p.slice(0, -4))) problems.push(`${p}: a sourcemap whose file is not shipped`);
    }
  }
  const byFolder = {};
  for (const p of paths) {
    const folder = `${path.posix.dirname(p)}/`.replace(/^\.\//, './');
    byFolder[folder] = (byFolder[folder] ?? 0) + 1;
  }
  const summary = `${paths.length} files, ${(size / 1024).toFixed(0)} KiB packed, ${(unpackedSize / 1024).toFixed(0)} KiB unpacked; files per folder: ${
    Object.entries(byFolder).map(([k, n]) => `${k} ${n}`).join(', ')}`;
  assert.deepEqual(problems, [], `npm pack --dry-run (${summary}) lists what a consumer does not need:\n  ${problems.join('\n  ')}`);
});
