// The elements where web developers write them (issue 33): React 19 + TypeScript,
// Vue 3 + vue-tsc and Svelte 5 + svelte-check apps laid out as create-vite's
// react-ts, vue-ts and svelte-ts templates make them (tests/consumers/frameworks/:
// the templates' package.json, configs and main file, our App in place of
// theirs; their index.html, the same page in the three but for a title, a mount
// point and a main file, written in from frameworks/vite-index.html), each installing the framework from npm and memento-elements from the
// tarball only. Each app is type-checked strictly both ways (the template's own
// check passes on the app, and fails on wrong/ with a number for `documents`),
// built with Vite, and driven in Chromium through the framework's own state and
// handlers: <vault-unlock> gives libsodium's key, <note-list> opens the sealed
// notes set as properties, <fuzzy-search> fed the opened texts answers a misspelled query.
import assert from 'node:assert/strict';
import { cp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import {
  KEY, launchChromium, M, packedTarball, PASSWORD, PLAIN, QUERY, removeTemps, runIn, SALT_BASE64, serveStatic, T, tempDir, VAULT_JSON,
} from './helpers.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const { modules } = JSON.parse(await readFile(path.join(here, '../../modules.json'), 'utf8'));
/** The elements the apps use, each imported from its own entry. */
const USED = ['vault-unlock', 'note-list', 'fuzzy-search'];
const hex = (bytes) => Buffer.from(bytes).toString('hex');

/**
 * Each app: what its template's index.html says (`page`: the {{title}}, {{mount}} and {{main}} of
 * frameworks/vite-index.html), its template's type check (as its package.json runs it; svelte-check's output made
 * for machines) and the file that must not compile.
 */
const FRAMEWORKS = [
  { name: 'react', page: { title: 'React', mount: 'root', main: 'main.tsx' }, check: [['tsc', '-b']], wrong: 'Wrong.tsx' },
  { name: 'vue', page: { title: 'Vue', mount: 'app', main: 'main.ts' }, check: [['vue-tsc', '-b']], wrong: 'Wrong.vue' },
  { name: 'svelte', page: { title: 'Svelte', mount: 'app', main: 'main.ts' },
    check: [['svelte-check', '--tsconfig', './tsconfig.app.json', '--output', 'machine'], ['tsc', '-p', 'tsconfig.node.json']],
    wrong: 'Wrong.svelte' },
];
const viteIndex = await readFile(path.join(here, 'frameworks/vite-index.html'), 'utf8');

const apps = new Map();   // name -> {dir, installMs} or {error}
let browser;
before(async () => {
  const tarball = await packedTarball();
  // The three installs at once: they wait on the registry (or npm's cache), not on the CPU.
  await Promise.all(FRAMEWORKS.map(async ({ name, page }) => {
    const dir = await tempDir(`${name}-app`);
    await cp(path.join(here, 'frameworks', name), dir, { recursive: true, filter: (from) => !from.includes(`${path.sep}wrong`) });
    await writeFile(path.join(dir, 'index.html'), viteIndex.replace(/\{\{(\w+)\}\}/g, (_, key) => page[key]));
    await writeFile(path.join(dir, 'src/vault.json'), JSON.stringify({ salt: SALT_BASE64, t: T, m: M, notes: JSON.parse(VAULT_JSON) }));
    const started = Date.now();
    const { code, output } = await runIn(dir, 'npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error', tarball],
      { timeout: 300000 });
    apps.set(name, code === 0 ? { dir, installMs: Date.now() - started } : { error: `npm install failed (${code}):\n${output}` });
  }));
  browser = await launchChromium();
});
after(async () => {
  await browser?.close();
  await removeTemps();
});

/** Runs every step of the app's type check; resolves to {code: the first non-zero exit or 0, output: all of it}. */
async function typeCheck(dir, steps) {
  let code = 0;
  let output = '';
  for (const [tool, ...args] of steps) {
    const result = await runIn(dir, path.join(dir, 'node_modules/.bin', tool), args, { timeout: 180000 });
    code ||= result.code;
    output += result.output;
  }
  return { code, output };
}

/** The errors in tsc / vue-tsc output (`file(line,col): error TSnnnn: ...`, or `error TSnnnn` with no file) and svelte-check's machine output. */
function typeErrors(output) {
  const errors = [];
  for (const line of output.split('\n')) {
    const tsc = /^(?:(.+?)\(\d+,\d+\): )?error (TS\d+: .*)$/.exec(line.trim());
    const svelte = /^\d+ ERROR "([^"]+)" \d+:\d+ "(.*)"$/.exec(line.trim());
    if (tsc) errors.push({ file: tsc[1] ?? '', message: tsc[2] });
    else if (svelte) errors.push({ file: svelte[1], message: svelte[2] });
  }
  return errors;
}

/** Polls `read` in the page until `until(value)` holds; fails with the page's problems after 30 s. */
async function waitFor(page, step, read, until) {
  const deadline = Date.now() + 30000;
  let value;
  for (;;) {
    value = await page.evaluate(read);
    if (until(value)) return value;
    if (Date.now() > deadline) assert.fail(`${step}: still ${JSON.stringify(value)} after 30 s\n  ${page.problems.join('\n  ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

for (const { name, check, wrong } of FRAMEWORKS) {
  test(`${name}: type-checked strictly both ways, built with Vite, the three elements driven through ${name}'s state and handlers in Chromium`,
    { timeout: 600000 }, async (t) => {
      const app = apps.get(name);
      assert.ok(!app.error, app.error);
      const { dir } = app;
      const steps = [`npm install ${(app.installMs / 1000).toFixed(1)} s (the three at once)`];
      let stepStart = Date.now();
      const step = (what) => {
        steps.push(`${what} ${((Date.now() - stepStart) / 1000).toFixed(1)} s`);
        stepStart = Date.now();
      };

      // One run of the template's type check over the app and wrong/'s file: every error must be in the
      // wrong file (so the app compiles) and one must say documents={42} is not a string[].
      await cp(path.join(here, 'frameworks', name, 'wrong', wrong), path.join(dir, 'src', wrong));
      const { code, output } = await typeCheck(dir, check);
      await rm(path.join(dir, 'src', wrong));
      const errors = typeErrors(output);
      assert.notEqual(code, 0, `${wrong} (documents={42}) compiled:\n${output}`);
      assert.deepEqual(errors.filter((e) => path.basename(e.file) !== wrong), [], `the app itself has type errors:\n${output}`);
      assert.ok(errors.some((e) => /number/.test(e.message) && /string\[\]/.test(e.message)),
        `the type check fails on ${wrong}'s documents={42}, saying a number is not a string[]:\n${output}`);
      step('type check');

      const build = await runIn(dir, path.join(dir, 'node_modules/.bin/vite'), ['build'], { timeout: 180000 });
      assert.equal(build.code, 0, `vite build failed:\n${build.output}`);
      // The apps import memento-elements/<tag> for their three elements: the build holds no worker or wasm of the others.
      const unused = modules.filter((m) => m.element && !USED.includes(m.element)).flatMap((m) => [...m.workers, m.name]);
      const emitted = await readdir(path.join(dir, 'dist/assets'));
      assert.deepEqual(emitted.filter((file) => unused.some((name) => new RegExp(`^${name}[-.]`).test(file))), [],
        `the build emitted a worker or wasm of an element the app does not import (${emitted.join(', ')})`);
      step('vite build');

      const server = await serveStatic(path.join(dir, 'dist'));
      const page = await browser.newPage();
      try {
        await page.goto(server.url, { waitUntil: 'load' });
        await page.locator('#unlock #password').click();
        await page.keyboard.type(PASSWORD);
        await page.keyboard.press('Enter');
        const key = await waitFor(page, '<vault-unlock>\'s key in the app\'s state', () => document.getElementById('key').textContent, Boolean);
        assert.equal(key, hex(KEY), 'the key the app took from the unlock event equals libsodium crypto_pwhash for the same inputs');

        await waitFor(page, 'the opened notes in the app\'s state', () => document.getElementById('opened').textContent, (n) => n === String(PLAIN.length));
        assert.deepEqual(await page.evaluate(() => document.getElementById('notes').opened), PLAIN,
          '<note-list> opened the sealed notes the app set as properties to the texts sealed in Node');

        await page.locator('#search #input').click();
        await page.keyboard.type(QUERY);
        const found = await waitFor(page, `the app's results for "${QUERY}"`,
          () => [...document.querySelectorAll('#found li')].map((li) => li.textContent), (list) => list.length > 0);
        assert.deepEqual(found, [1, 3].map((i) => `${PLAIN[i].title}: ${PLAIN[i].body}`),
          `"${QUERY}" finds "Quarterly report" and the bread note in the texts the app fed <fuzzy-search>`);
        assert.deepEqual(page.problems, [], 'no page error, console error or failed request');
        step('Chromium');
        t.diagnostic(steps.join(', '));
      } finally {
        await page.close();
        await server.close();
      }
    });
}
