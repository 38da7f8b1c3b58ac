// axe-core finds no violations in any state of any mode of <vault-unlock>
// (idle, busy, error, success, malformed attributes).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import sodium from 'libsodium-wrappers-sumo';
import { axeViolations as violations, openBrowser, recordEvents, waitFor, waitForEvents } from './harness.mjs';

await sodium.ready;
const PASSWORD = 'quiet moths over the lilies';
// Slow enough that three concurrent attempts are still running while axe looks.
const SLOW = { t: 3, m: 262144 };
const FAST = { t: 1, m: 1024 };
const SALT = 'bmlnaHQtZ2FyZGVuLXNhbHQ=';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });


function markup({ t, m }, hash) {
  return `
    <h2>Verify</h2><vault-unlock id="verify" mode="verify" hash="${hash}"></vault-unlock>
    <h2>Derive</h2><vault-unlock id="derive" mode="derive" salt="${SALT}" t="${t}" m="${m}"></vault-unlock>
    <h2>Create</h2><vault-unlock id="create" mode="create" output="key" t="${t}" m="${m}"></vault-unlock>`;
}

/** Submits each element with the given passwords (create gets it twice), as a form submission. */
function submitAll(page, passwords) {
  return page.evaluate((list) => {
    for (const [id, password, confirm] of list) {
      const shadow = document.getElementById(id).shadowRoot;
      shadow.getElementById('password').value = password;
      shadow.getElementById('confirm').value = confirm ?? '';
      shadow.querySelector('form').requestSubmit();
    }
  }, passwords);
}

async function pageFor(params) {
  const hash = sodium.crypto_pwhash_str(PASSWORD, params.t, params.m * 1024);
  const page = await browser.newPage();
  await recordEvents(page);
  await page.evaluate((html) => { document.getElementById('root').innerHTML = html; }, markup(params, hash));
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return page;
}

test('no violations when idle, and when every mode shows an error', async () => {
  const page = await pageFor(FAST);
  assert.deepEqual(await violations(page), [], 'idle');
  // verify: a wrong password; derive: an empty field; create: two passwords that differ.
  await submitAll(page, [['verify', 'not it'], ['derive', ''], ['create', 'first attempt!', 'second attempt!']]);
  const events = await waitForEvents(page, 3);
  assert.deepEqual(events.map((e) => [e.target, e.type, e.detail.name]).sort(), [
    ['create', 'vault-error', 'MismatchError'], ['derive', 'vault-error', 'ValueMissingError'], ['verify', 'vault-error', 'WrongPasswordError']]);
  assert.deepEqual(await violations(page), [], 'error');
  await page.close();
});

test('no violations while all three modes are busy', async () => {
  const page = await pageFor(SLOW);
  await submitAll(page, [['verify', PASSWORD], ['derive', PASSWORD], ['create', PASSWORD, PASSWORD]]);
  const busy = () => page.evaluate(() => ['verify', 'derive', 'create'].map((id) => document.getElementById(id).busy));
  assert.deepEqual(await busy(), [true, true, true]);
  // argon2id() reports progress: let derive's bar appear, so that axe sees it too.
  const progress = await waitFor(page, () => {
    const bar = document.getElementById('derive').shadowRoot.getElementById('progress');
    return !bar.hidden && bar.value > 0 && bar.value;
  }, null, { what: 'a progress report', timeout: 20000 });
  assert.ok(progress > 0 && progress < 1, `progress ${progress}`);
  assert.deepEqual(await busy(), [true, true, true]);
  const found = await violations(page);
  assert.deepEqual(await busy(), [true, true, true], 'still busy after axe ran: the busy state was the one checked');
  assert.deepEqual(found, [], 'busy');
  const state = await page.evaluate(() => {
    const shadow = document.getElementById('verify').shadowRoot;
    return { busyShown: !shadow.getElementById('busy').hidden, elapsed: shadow.getElementById('elapsed').textContent,
      disabled: shadow.getElementById('password').disabled && shadow.querySelector('button').disabled,
      ariaBusy: shadow.querySelector('form').getAttribute('aria-busy'), status: shadow.getElementById('status').textContent };
  });
  assert.equal(state.busyShown, true);
  assert.match(state.elapsed, /^\d+\.\d s$/);
  assert.equal(state.disabled, true);
  assert.equal(state.ariaBusy, 'true');
  assert.equal(state.status, 'Checking password…');
  await waitForEvents(page, 3, { timeout: 60000 });
  await page.close();
});

test('no violations once every mode has succeeded', async () => {
  const page = await pageFor(FAST);
  await submitAll(page, [['verify', PASSWORD], ['derive', PASSWORD], ['create', PASSWORD, PASSWORD]]);
  const events = await waitForEvents(page, 3);
  assert.deepEqual(events.map((e) => e.type).sort(), ['vault-created', 'vault-unlocked', 'vault-unlocked']);
  assert.deepEqual(await violations(page), [], 'success');
  await page.close();
});

test('no violations when attributes are malformed', async () => {
  const page = await browser.newPage();
  await recordEvents(page);
  await page.evaluate(() => {
    document.getElementById('root').innerHTML = `
      <vault-unlock id="a" mode="verify" hash="not a hash"></vault-unlock>
      <vault-unlock id="b" mode="derive" salt="%%%"></vault-unlock>
      <vault-unlock id="c" mode="sideways"></vault-unlock>`;
  });
  await waitForEvents(page, 3);
  assert.deepEqual(await violations(page), [], 'bad attributes');
  await page.close();
});
