// The live demo page: loads without errors, passes axe; the 5,000-note vault
// unlocks, a typo'd search finds its note through <fuzzy-search for>, the
// quick in-page benchmarks draw their bars (with numbers), lock() empties list
// and search; the <vault-unlock> cards work together (create a password, then
// verify it), by keyboard. Saves test-results/demo.png.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AXE_PATH, ENGINE, ROOT, openBrowser, waitFor } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

async function openDemo(isolated = false, query = '') {
  const page = await browser.engine.newPage();
  await page.goto(browser.url(`/demo/${query}`, { isolated }));
  await waitFor(page, () => customElements.get('vault-unlock') && document.getElementById('fps').textContent !== '…', null,
    { what: 'the demo to load', timeout: 10000 });
  return page;
}

const axeViolations = async (page) => {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScript(AXE_PATH);
  return page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target).join(', ')})`));
};

const logOf = (page, id) => page.evaluate((listId) => [...document.getElementById(listId).children].map((li) => li.textContent), id);

test('the demo loads with no errors and no axe violations', async () => {
  const page = await openDemo();
  await waitFor(page, () => !document.getElementById('vault-unlock').disabled, null, { what: 'the demo vault to be sealed', timeout: 30000 });
  assert.deepEqual(await axeViolations(page), []);
  const vitals = await page.evaluate(() => ({ isolation: document.getElementById('isolation').textContent, simd: document.getElementById('simd').textContent }));
  assert.deepEqual(vitals, { isolation: 'not isolated', simd: 'yes' });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the verify card unlocks with the demo password and shows its timing', async () => {
  const page = await openDemo();
  await page.evaluate(() => document.getElementById('verify').focus());
  await page.type('moonflower');
  await page.press('Enter');
  await waitFor(page, () => document.getElementById('verify-log').children.length === 1, null, { what: 'a log line' });
  const [line] = await logOf(page, 'verify-log');
  assert.match(line, /^Unlocked in \d+\.\d\d s \((simd|scalar|libsodium)\)$/);
  await page.close();
});

test('a password created in the create card is what the verify card then checks', async () => {
  const page = await openDemo(true);
  assert.equal(await page.evaluate(() => document.getElementById('isolation').textContent), 'cross-origin isolated');
  await page.evaluate(() => {
    // Small parameters keep the test short; the wiring is what is under test.
    const create = document.getElementById('create');
    create.m = 1024;
    create.t = 1;
    const shadow = create.shadowRoot;
    shadow.getElementById('password').value = 'glow-worms at midnight';
    shadow.getElementById('confirm').value = 'glow-worms at midnight';
    shadow.querySelector('form').requestSubmit();
  });
  await waitFor(page, () => document.getElementById('create-log').children.length === 1, null, { what: 'the hash' });
  assert.match((await logOf(page, 'create-log'))[0], /^Hash created in .* Verify now checks your password\.$/);
  const hash = await page.evaluate(() => document.getElementById('verify').hash);
  assert.match(hash, /^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
  assert.equal(await page.evaluate(() => document.getElementById('verify-cost').textContent), 't=1, 1 MiB');
  await page.evaluate(() => document.getElementById('verify').focus());
  await page.type('moonflower');
  await page.press('Enter');
  await waitFor(page, () => document.getElementById('verify-log').children.length === 1, null, { what: 'a refusal' });
  assert.match((await logOf(page, 'verify-log'))[0], /^Wrong password, checked in /);
  await page.type('glow-worms at midnight');
  await page.press('Enter');
  await waitFor(page, () => document.getElementById('verify-log').children.length === 2, null, { what: 'an unlock' });
  assert.match((await logOf(page, 'verify-log'))[0], /^Unlocked in /);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the vault: a wrong then the right password, 5,000 notes open, a typo\'d search finds its note, quick benchmarks draw bars, lock empties it', async () => {
  const page = await openDemo(false, '?quick');
  await waitFor(page, () => !document.getElementById('vault-unlock').disabled, null, { what: 'the demo vault to be sealed', timeout: 30000 });
  const text = (id) => page.evaluate((i) => document.getElementById(i).textContent, id);
  assert.match(await text('vault-status'), /^Vault sealed in .*: 5,000 notes\. Enter the password \(moonflower\) to open it\.$/);

  // By keyboard: the password field, Enter.
  await page.evaluate(() => document.getElementById('vault-unlock').focus());
  await page.type('moonlight');
  await page.press('Enter');
  await waitFor(page, () => document.getElementById('vault-unlock').shadowRoot.textContent.includes('Wrong password: the vault stays locked'),
    null, { what: 'the wrong password to be refused', timeout: 30000 });
  assert.equal(await page.evaluate(() => document.getElementById('vault-notes').opened.length), 0);
  await page.type('moonflower');
  await page.press('Enter');
  await waitFor(page, () => document.getElementById('time-open').textContent !== '–', null, { what: 'the notes to open', timeout: 60000 });
  assert.match(await text('time-unlock'), /^\d+(\.\d+)? ms \(Argon2id .* \+ unwrapKey .*\)$/);
  assert.match(await text('time-open'), /^\d+(\.\d+)? ms \(5,000 notes, one worker call\)$/);
  assert.equal(await page.evaluate(() => document.getElementById('vault-notes').view.length), 5000);

  // Search while typing, with two typos; the list itself is filtered (no page code between the elements).
  await page.evaluate(() => document.getElementById('vault-search').focus());
  await page.type('kubernets upgrde');
  const found = await waitFor(page, () => {
    const list = document.getElementById('vault-notes');
    const search = document.getElementById('vault-search');
    if (search.results?.query !== 'kubernets upgrde') return null;
    const titles = [...list.shadowRoot.querySelectorAll('[part~="title"]')].map((t) => t.textContent);
    return { view: list.view, titles };
  }, null, { what: 'the search results', timeout: 30000 });
  assert.deepEqual(found, { view: [3217], titles: ['Kubernetes upgrade checklist'] });
  assert.match(await text('time-search'), /^\d+(\.\d+)? ms \(1 note\)$/);
  for (const name of ['argon2', 'notes', 'search']) assert.match(await text(`path-${name}`), /^(simd|scalar|libsodium|js)$/, name);

  // The benchmarks, quick, started from the keyboard.
  await page.evaluate(() => document.getElementById('bench-run').focus());
  await page.press('Enter');
  await waitFor(page, () => /^(Done|The benchmarks failed)/.test(document.getElementById('bench-status').textContent), null,
    { what: 'the benchmarks', timeout: 120000 });
  assert.match(await text('bench-status'), /^Done in .* \(quick mode\)\.$/);
  const charts = await page.evaluate(() => [...document.querySelectorAll('#bench-charts figure')].map((figure) => ({
    bench: figure.dataset.bench,
    problems: figure.querySelectorAll('.problem').length,
    bars: [...figure.querySelectorAll('rect.bar')].map((bar) => ({ ms: Number(bar.dataset.ms), width: Number(bar.getAttribute('width')) })),
    values: [...figure.querySelectorAll('text.value')].map((t) => t.textContent),
    labels: [...figure.querySelectorAll('text.label')].map((t) => t.textContent),
  })));
  assert.deepEqual(charts.map((c) => [c.bench, c.problems, c.bars.length]),
    [['argon2', 0, 4], ['notes', 0, 2], ['search', 0, 2], ['texture', 0, 4], ['blur', 0, 5]]);
  for (const chart of charts) {
    for (const bar of chart.bars) assert.ok(bar.ms > 0 && bar.width > 0, `${chart.bench}: a drawn bar with a time`);
    for (const value of chart.values) assert.match(value, /^\d+(\.\d+)? ms$/);
    assert.match(chart.labels[0], /^ours/);
  }
  assert.deepEqual(charts[0].labels.slice(1), ['ours, argon2id() API (+ a fresh worker)', 'libsodium-wrappers-sumo', 'hash-wasm']);
  assert.deepEqual(charts[3].labels.slice(1),
    ['ours, renderTexture() API (+ a fresh worker)', 'ours, JS tables (the fallback)', 'simplex-noise fBm, one grey channel']);
  assert.deepEqual(charts[4].labels.slice(1), ['ours, kernel, only the top bar and sidebar', 'ours, boxBlur() API (the kept worker)',
    'ours, sliding-sum JS (the fallback)', 'StackBlur (stackblur-canvas)']);

  mkdirSync(path.join(ROOT, 'test-results'), { recursive: true });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot(path.join(ROOT, 'test-results', ENGINE === 'chromium' ? 'demo.png' : `demo-${ENGINE}.png`));
  assert.deepEqual(await axeViolations(page), []);

  // Lock: the list and the search empty themselves.
  await page.evaluate(() => document.getElementById('vault-lock').focus());
  await page.press('Enter');
  const locked = await page.evaluate(() => ({
    view: document.getElementById('vault-notes').view,
    query: document.getElementById('vault-search').value,
    results: document.getElementById('vault-search').results ?? null,
    status: document.getElementById('vault-status').textContent,
  }));
  assert.deepEqual(locked, { view: [], query: '', results: null, status: 'Locked: the keys and the plaintexts are erased.' });
  assert.deepEqual(page.problems, []);
  await page.close();
});
