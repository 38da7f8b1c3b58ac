// The five elements on a page that enforces Trusted Types
// (`require-trusted-types-for 'script'`, the CSP of security-minded sites):
// each constructs, and does its job through its worker: <vault-unlock> derives
// the key argon2id() gives, <note-list> opens sealed notes, <fuzzy-search for>
// filters them, <procedural-texture> renders, <glass-blur> draws its first
// frame on the worker path. No Trusted Types violation is reported. The page
// first proves the policy is enforced (innerHTML with a string throws).
// Chromium only: Trusted Types are not in Firefox ESR or WebKitGTK yet.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { loadElements, openBrowser, waitFor } from './harness.mjs';

const EVENTS = {
  unlock: 'vault-unlocked', notesOpened: 'notes-opened', results: 'search-results', textureReady: 'texture-ready', glassReady: 'glass-ready',
  errors: ['vault-error', 'notes-error', 'search-error', 'texture-error', 'glass-error'],
};

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

test('under require-trusted-types-for \'script\' all five elements construct and work, with no violation', async () => {
  const page = await browser.engine.newPage();
  await page.goto(browser.url('/tests/browser/fixtures/trusted-types.html'));
  const enforced = await page.evaluate(() => {
    window.violations = [];
    document.addEventListener('securitypolicyviolation', (event) => window.violations.push(`${event.violatedDirective}: ${event.sample}`));
    try {
      document.getElementById('root').innerHTML = '<b>plain string</b>';
      return false;
    } catch (error) {
      return error instanceof TypeError;
    }
  });
  assert.equal(enforced, true, 'the fixture page must refuse innerHTML with a plain string');
  await page.evaluate(() => { window.violations = []; });   // the check above reported one on purpose
  const probeProblems = page.problems.length;
  await loadElements(page);
  await page.evaluate(async (events) => {
    const { sealNotes } = window.memento;
    window.events = [];
    for (const type of [events.unlock, events.notesOpened, events.results, events.textureReady, events.glassReady, ...events.errors]) {
      document.addEventListener(type, (event) => window.events.push({ type, target: event.composedPath()[0].id,
        detail: event.detail?.key ? { key: Array.from(event.detail.key) } : event.detail }));
    }
    const make = (tag, attributes) => {
      const element = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      return element;
    };
    const root = document.getElementById('root');
    const sky = make('canvas', { id: 'sky', width: '320', height: '160' });
    const context = sky.getContext('2d');
    const gradient = context.createLinearGradient(0, 0, 320, 160);
    gradient.addColorStop(0, '#123');
    gradient.addColorStop(1, '#fc8');
    context.fillStyle = gradient;
    context.fillRect(0, 0, 320, 160);
    const glass = make('glass-blur', { id: 'glass', source: 'sky', radius: '4', style: 'position:absolute;left:8px;top:8px;width:200px;height:60px' });
    const stage = make('div', { style: 'position:relative' });
    stage.append(sky, glass);
    // The glass first: it draws only while on screen, and below the list (which holds its height while locked) it
    // was out of the 800 px viewport, so glass-ready never came.
    root.append(
      stage,
      make('vault-unlock', { id: 'unlock', mode: 'derive', salt: 'AAECAwQFBgcICQoLDA0ODw==', t: '1', m: '64', 'no-warm-start': '' }),
      make('fuzzy-search', { id: 'search', for: 'notes', label: 'Search the notes' }),
      make('note-list', { id: 'notes', 'key-from': 'unlock' }),
      make('procedural-texture', { id: 'texture', size: '64', seed: '7' }));
    const key = await window.memento.argon2id({ password: 'correct horse', salt: Uint8Array.from({ length: 16 }, (_, i) => i), t: 1, m: 64, p: 1, length: 32 });
    window.expectedKey = Array.from(key);
    const texts = [['Kubernetes upgrade', 'drain the nodes first'], ['Groceries', 'apples, bread'], ['Garden', 'plant the tulips']];
    window.notes = await sealNotes(texts.map(([title, body], i) => ({ id: `n${i}`, title, body })), key);
    document.getElementById('notes').notes = window.notes;
  }, EVENTS);
  // The password typed and Enter pressed, as a person does.
  await page.evaluate(() => {
    const input = document.getElementById('unlock').shadowRoot.getElementById('password');
    input.focus();
  });
  await page.type('correct horse');
  await page.press('Enter');
  const unlocked = await waitFor(page, (type) => window.events.find((e) => e.type === type), EVENTS.unlock, { what: 'the unlock event' });
  assert.deepEqual(unlocked.detail.key, await page.evaluate(() => window.expectedKey), 'the key argon2id() gives');
  const opened = await waitFor(page, (type) => window.events.find((e) => e.type === type), EVENTS.notesOpened, { what: 'the notes opened' });
  assert.deepEqual({ total: opened.detail.total, opened: opened.detail.opened }, { total: 3, opened: 3 });
  await page.evaluate(() => document.getElementById('search').shadowRoot.getElementById('input').focus());
  await page.type('kubernets');
  const results = await waitFor(page, (type) => window.events.findLast((e) => e.type === type && e.detail.query === 'kubernets'), EVENTS.results,
    { what: 'the search results' });
  assert.deepEqual(Array.from(Object.values(results.detail.indices)), [0]);
  assert.deepEqual(await page.evaluate(() => document.getElementById('notes').view), [0], 'the list filtered by the search');
  const texture = await waitFor(page, (type) => window.events.find((e) => e.type === type), EVENTS.textureReady, { what: 'the texture' });
  assert.match(texture.detail.path, /^(simd|scalar|js)$/);
  const glass = await waitFor(page, (type) => window.events.find((e) => e.type === type), EVENTS.glassReady, { what: 'the glass' });
  assert.match(glass.detail.path, /^(simd|scalar|js)$/, 'the worker path, not the CSS fallback');
  const { errors, violations, styled } = await page.evaluate((types) => ({
    errors: window.events.filter((e) => types.includes(e.type)),
    violations: window.violations,
    // The styles went in (adopted sheets): the note list's listbox has its border.
    styled: getComputedStyle(document.getElementById('notes').shadowRoot.getElementById('list')).borderTopStyle,
  }), EVENTS.errors);
  assert.deepEqual(errors, []);
  assert.deepEqual(violations, []);
  assert.equal(styled, 'solid');
  assert.deepEqual(page.problems.slice(probeProblems), []);
  await page.close();
});
