// The live demo page: loads without errors, passes axe, and (Chromium) seals
// its vault with no main-thread task over 50 ms; the 5,000-note vault
// unlocks (the door gives way to the lock), a typo'd search finds its note
// through <fuzzy-search for>, the quick in-page benchmarks draw their bars
// (with numbers, our API first), lock() empties list, search and timings and
// brings the door back; the <vault-unlock> cards work together (create a
// password, then verify it), by keyboard. Saves test-results/demo.png.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ENGINE, ROOT, axeViolations, openBrowser, skipUnless, waitFor } from './harness.mjs';

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

// Issue 13 §3b/§4: sealing 5,000 notes at load used to be one 143-177 ms task. Judged on up to three fresh loads,
// as the other frame tests are (2 shared cores); every load's long tasks are printed.
test('the demo loads and seals its vault with no main-thread task over 50 ms', async (t) => {
  if (!skipUnless(t, browser.engine, 'longTasks')) return;
  const loads = [];
  for (let attempt = 0; attempt < 3; attempt++) {
    const page = await browser.engine.newPage();
    await page.addInitScript(() => {
      const watch = { longTasks: [], sealedAt: null };
      window.loadWatch = watch;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) watch.longTasks.push({ start: Math.round(e.startTime), ms: Math.round(e.duration) });
      }).observe({ type: 'longtask' });
      // The moment the vault is sealed: the door's `disabled` goes. Awaited in one call, not polled, so that the
      // test's own calls into the page do not run while it loads.
      window.loadSealed = new Promise((resolve) => {
        document.addEventListener('DOMContentLoaded', () => {
          const door = document.getElementById('vault-unlock');
          new MutationObserver(() => {
            if (door.hasAttribute('disabled') || watch.sealedAt !== null) return;
            watch.sealedAt = performance.now();
            resolve();
          }).observe(door, { attributes: true, attributeFilter: ['disabled'] });
        });
      });
    });
    await page.goto(browser.url('/demo/'));
    const { longTasks, sealedAt } = await page.evaluate(async () => {
      await Promise.race([window.loadSealed, new Promise((resolve, reject) => {
        setTimeout(() => reject(new Error(`not sealed after 60 s: ${document.getElementById('vault-status').textContent}`)), 60000);
      })]);
      await new Promise((resolve) => setTimeout(resolve, 250));   // entries arrive after their task
      return window.loadWatch;
    });
    const during = longTasks.filter((task) => task.start < sealedAt);
    loads.push({ sealedAt: Math.round(sealedAt), during });
    console.log(`# ${ENGINE} load ${attempt + 1}: sealed at ${Math.round(sealedAt)} ms; tasks over 50 ms until then: ${JSON.stringify(during)}`);
    assert.deepEqual(page.problems, []);
    await page.close();
    if (during.length === 0) break;
  }
  assert.ok(loads.some((load) => load.during.length === 0), `every load had a long task while sealing: ${JSON.stringify(loads)}`);
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
  // Once the start is done, the fireflies fly and the frame counter counts (both wait for it: issue 33).
  await waitFor(page, () => /^\d+$/.test(document.getElementById('fps').textContent), null, { what: 'the frame counter', timeout: 10000 });
  assert.ok(await page.evaluate(() => document.querySelector('.garden').classList.contains('alive')), 'the fireflies fly');

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
  // The door has done its job: its field, button and "Key ready." are gone, the lock is there.
  const shown = (id) => page.evaluate((i) => {
    const box = document.getElementById(i).getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  }, id);
  assert.equal(await shown('vault-unlock'), false, 'the door is hidden once the vault is open');
  assert.equal(await shown('vault-lock'), true, 'the lock button shows once the vault is open');
  const vaultHeight = () => page.evaluate(() => Math.round(document.getElementById('vault').getBoundingClientRect().height));
  const openHeight = await vaultHeight();

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
    [['argon2', 0, 4], ['notes', 0, 2], ['search', 0, 3], ['texture', 0, 5], ['blur', 0, 5]]);
  for (const chart of charts) {
    for (const bar of chart.bars) assert.ok(bar.ms > 0 && bar.width > 0, `${chart.bench}: a drawn bar with a time`);
    for (const value of chart.values) assert.match(value, /^\d+(\.\d+)? ms$/);
    assert.match(chart.labels[0], /^ours/);
  }
  // The first bar, and what each verdict speaks for, is our API: what a user of the library gets.
  assert.deepEqual(charts.map((c) => c.labels[0].replace(/ \((simd|scalar|libsodium|js)(, a worker and back)?\)$/, '')),
    ['ours, argon2id() API (+ a fresh worker)', 'ours, openNotes() in one call', 'ours, index.search()',
      'ours, renderTexture() in a row (a kept worker, into the last maps)', 'ours, boxBlur() API (the kept worker)']);
  assert.deepEqual(charts[0].labels.slice(2), ['libsodium-wrappers-sumo', 'hash-wasm']);
  assert.match(charts[0].labels[1], /^ours, kernel in a worker \((simd|scalar)\)$/);
  assert.deepEqual(charts[1].labels.slice(1), ['libsodium-wrappers, note by note']);
  assert.deepEqual(charts[2].labels.slice(1), ['MiniSearch (fuzzy 0.2 + prefix)', 'uFuzzy (one typo per term)']);
  assert.equal(charts[3].labels[1], 'ours, renderTexture() alone (+ a fresh worker)');
  assert.deepEqual(charts[3].labels.slice(3), ['ours, JS tables (the fallback)', 'simplex-noise fBm, one grey channel']);
  assert.deepEqual(charts[4].labels.slice(2), ['ours, kernel, only the top bar and sidebar', 'ours, sliding-sum JS (the fallback)',
    'StackBlur (stackblur-canvas)']);
  for (const verdict of await page.evaluate(() => [...document.querySelectorAll('#bench-charts .verdict')].map((p) => p.textContent))) {
    assert.match(verdict, /^(argon2id\(\) API|openNotes\(\) in one call|index\.search\(\)|renderTexture\(\) in a row|boxBlur\(\) API): /);
    for (const ratio of verdict.matchAll(/([\d,.]+)× (faster|slower)/g)) assert.match(ratio[1], /^(\d\.\d|\d\d|\d[\d,]*0)$/, verdict);
  }
  // The recorded headlines (bench/results/calls.json): a line a job, each naming its situations (the first call
  // also bundled into an app), our API against the peer in each; the demo's charts of the same run, one per job.
  const headlines = await page.evaluate(() => [...document.querySelectorAll('#bench-headlines li')].map((li) => li.textContent));
  assert.equal(headlines.length, 7, JSON.stringify(headlines));
  for (const line of headlines) {
    assert.match(line, /^first call in a fresh page: .+ · first call, bundled into an app: .+ · after 10 s idle: .+ · in a row: /, line);
  }
  assert.match(headlines[0], /than libsodium-wrappers.*p=1 through argon2id\(\)/);
  assert.match(headlines[1], /than hash-wasm.*p=4/);
  assert.match(headlines[2], /than libsodium-wrappers.*openNotes\(\)/);
  assert.match(headlines[3], /than MiniSearch.*createSearchIndex\(\)/);
  assert.equal(await page.evaluate(() => document.querySelectorAll('#bench-calls figure.chart').length), 11);

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
    timings: ['time-unlock', 'time-open', 'time-search'].map((id) => document.getElementById(id).textContent),
    door: document.getElementById('vault-unlock').shadowRoot.textContent.includes('Key ready.'),
    focused: document.activeElement?.id,
  }));
  assert.deepEqual(locked, { view: [], query: '', results: null, status: 'Locked: the keys and the plaintexts are erased.',
    timings: ['–', '–', '–'], door: false, focused: 'vault-unlock' });
  assert.equal(await shown('vault-unlock'), true, 'the door is back once the vault is locked');
  assert.equal(await shown('vault-lock'), false);
  assert.equal(await vaultHeight(), openHeight, 'the vault card keeps its height from open to locked');
  assert.deepEqual(page.problems, []);
  await page.close();
});
