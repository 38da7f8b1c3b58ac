// The live demo page: loads without errors, passes axe, and its cards work
// together (create a password, then verify it), by keyboard.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { AXE_PATH, openBrowser, waitFor } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

async function openDemo(isolated = false) {
  const page = await browser.engine.newPage();
  await page.goto(browser.url('/demo/', { isolated }));
  await waitFor(page, () => customElements.get('vault-unlock') && document.getElementById('fps').textContent !== '…', null,
    { what: 'the demo to load', timeout: 10000 });
  return page;
}

const logOf = (page, id) => page.evaluate((listId) => [...document.getElementById(listId).children].map((li) => li.textContent), id);

test('the demo loads with no errors and no axe violations', async () => {
  const page = await openDemo();
  await page.addScript(AXE_PATH);
  const violations = await page.evaluate(async () => (await window.axe.run(document)).violations.map((v) => `${v.id}: ${v.help}`));
  assert.deepEqual(violations, []);
  const vitals = await page.evaluate(() => ({ isolation: document.getElementById('isolation').textContent, simd: document.getElementById('simd').textContent }));
  assert.deepEqual(vitals, { isolation: 'not isolated', simd: 'yes' });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('the verify card unlocks with the demo password and shows its timing', async () => {
  const page = await openDemo();
  await page.press('Tab'); // the verify card's field is the first control on the page
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
  await page.press('Tab');
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
