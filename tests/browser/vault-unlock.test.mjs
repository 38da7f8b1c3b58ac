// <vault-unlock> end to end in a real browser: the three modes with right and
// wrong passwords driven by the keyboard alone, malformed attributes, forms,
// upgrades, and that no password byte outlives an attempt.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import sodium from 'libsodium-wrappers-sumo';
import { loadElements, openBrowser, recordEvents, skipUnless, waitFor, waitForEvents } from './harness.mjs';

await sodium.ready;
const ALG = sodium.crypto_pwhash_ALG_ARGON2ID13;
// Small parameters keep each attempt short; the kernel is the same at any size.
const T = 1;
const M = 1024; // KiB

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

async function pageWith(html, options) {
  const page = await browser.newPage(options);
  await recordEvents(page);
  await page.evaluate((markup) => { document.getElementById('root').innerHTML = markup; }, html);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
  return page;
}

/** The keyboard user's attempt: Tab into the element, each password typed (Tab between create mode's two fields), Enter. */
async function submitByKeyboard(page, ...passwords) {
  await page.press('Tab');
  for (const [i, password] of passwords.entries()) {
    if (i > 0) await page.press('Tab');
    await page.type(password);
  }
  await page.press('Enter');
}

/** Submits `password` in <vault-unlock id> as a script would, without the keyboard: the field's value, then requestSubmit(). */
function submitInPage(page, id, password) {
  return page.evaluate(({ elementId, value }) => {
    const shadow = document.getElementById(elementId).shadowRoot;
    shadow.getElementById('password').value = value;
    shadow.querySelector('form').requestSubmit();
  }, { elementId: id, value: password });
}

/** What the keyboard user would meet: the focused control inside the element, its state and messages. */
function state(page, id) {
  return page.evaluate((elementId) => {
    const el = document.getElementById(elementId);
    const shadow = el.shadowRoot;
    const focused = document.activeElement === el ? shadow.activeElement?.id ?? null : null;
    return {
      focused,
      busy: el.busy,
      password: shadow.getElementById('password').value,
      confirm: shadow.getElementById('confirm').value,
      inputDisabled: shadow.getElementById('password').disabled,
      error: shadow.getElementById('error').textContent,
      status: shadow.getElementById('status').textContent,
      invalid: shadow.getElementById('password').getAttribute('aria-invalid'),
    };
  }, id);
}

describe('verify mode', () => {
  test('refuses a wrong password, then unlocks with the right one, using only Tab, typing and Enter', async () => {
    // 8 MiB, not 1: the event's ms must read above 0 on Firefox's 1 ms clock (a 1 MiB attempt once read 0 in CI).
    const hash = sodium.crypto_pwhash_str('correct horse', T, 8 * M * 1024);
    const page = await pageWith(`<vault-unlock id="v" mode="verify" hash="${hash}"></vault-unlock>`);
    await page.press('Tab');
    assert.equal((await state(page, 'v')).focused, 'password');

    await page.type('correct hose');
    await page.press('Enter');
    const [wrong] = await waitForEvents(page, 1);
    assert.deepEqual(wrong, { type: 'vault-error', target: 'v', composed: true, bubbles: true,
      detail: { name: 'WrongPasswordError', message: 'Wrong password.' } });
    const afterWrong = await state(page, 'v');
    assert.equal(afterWrong.password, '', 'the field is cleared after the attempt');
    assert.equal(afterWrong.error, 'Wrong password.', 'the alert region announces it');
    assert.equal(afterWrong.invalid, 'true');
    assert.equal(afterWrong.focused, 'password', 'focus returns to the field for another try');
    assert.equal(afterWrong.busy, false);

    await page.type('correct horse');
    await page.press('Enter');
    const events = await waitForEvents(page, 2);
    const { ms, ...detail } = events[1].detail;
    assert.ok(ms > 0, `the event's ms is the attempt's wait, got ${ms}`);
    assert.deepEqual({ ...events[1], detail }, { type: 'vault-unlocked', target: 'v', composed: true, bubbles: true, detail: { ok: true } });
    const unlocked = await state(page, 'v');
    assert.equal(unlocked.password, '');
    assert.equal(unlocked.error, '');
    assert.equal(unlocked.status, 'Unlocked.');
    assert.equal(unlocked.invalid, null);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('verifies a hash made by libsodium with an emoji and accents in the password', async () => {
    const password = 'Mondschein über den Gärten 🌙';
    const hash = sodium.crypto_pwhash_str(password, T, M * 1024);
    const page = await pageWith(`<vault-unlock id="v" mode="verify" hash="${hash}"></vault-unlock>`);
    await submitByKeyboard(page, password);
    const [event] = await waitForEvents(page, 1);
    assert.equal(event.type, 'vault-unlocked');
    await page.close();
  });
});

describe('derive mode', () => {
  test('derives the same 32-byte key as libsodium, and another key for a wrong password', async () => {
    const salt = sodium.randombytes_buf(16);
    const saltText = Buffer.from(salt).toString('base64');
    const page = await pageWith(`<vault-unlock id="d" mode="derive" salt="${saltText}" t="${T}" m="${M}" p="1"></vault-unlock>`);
    await submitByKeyboard(page, 'open sesame');
    const [right] = await waitForEvents(page, 1);
    assert.equal(right.type, 'vault-unlocked');
    assert.deepEqual(right.detail.key, Array.from(sodium.crypto_pwhash(32, 'open sesame', salt, T, M * 1024, ALG)));
    assert.equal((await state(page, 'd')).focused, 'password');

    await page.type('open sesam');
    await page.press('Enter');
    const events = await waitForEvents(page, 2);
    assert.equal(events[1].type, 'vault-unlocked');
    assert.deepEqual(events[1].detail.key, Array.from(sodium.crypto_pwhash(32, 'open sesam', salt, T, M * 1024, ALG)));
    assert.notDeepEqual(events[1].detail.key, right.detail.key);
    assert.equal((await state(page, 'd')).password, '');
    await page.close();
  });

  test('reports the path it ran on, simd by default and scalar when forced, with the same key', async () => {
    // 8 MiB: the attempt's ms must read above 0 on Firefox's 1 ms clock.
    const page = await pageWith('<vault-unlock id="d" mode="derive" salt="c2FsdHNhbHRzYWx0c2FsdA==" t="1" m="8192"></vault-unlock>');
    const attempt = () => submitInPage(page, 'd', 'which path');
    assert.equal(await page.evaluate(() => document.getElementById('d').path), null);
    await attempt();
    const [simd] = await waitForEvents(page, 1);
    assert.equal(await page.evaluate(() => document.getElementById('d').path), 'simd');
    await page.evaluate(() => window.memento.forcePath('scalar'));
    await attempt();
    const events = await waitForEvents(page, 2);
    assert.equal(await page.evaluate(() => document.getElementById('d').path), 'scalar');
    assert.deepEqual(events[1].detail.key, simd.detail.key);
    assert.ok(await page.evaluate(() => document.getElementById('d').ms > 0));
    await page.close();
  });

  test('shows an error without an event when the page reports a wrong key with showError()', async () => {
    const page = await pageWith('<vault-unlock id="d" mode="derive" salt="c2FsdHNhbHRzYWx0c2FsdA==" t="1" m="1024"></vault-unlock>');
    await page.evaluate(() => document.getElementById('d').showError('That key does not open this vault.'));
    const s = await state(page, 'd');
    assert.equal(s.error, 'That key does not open this vault.');
    assert.deepEqual(await page.evaluate(() => window.events), []);
    await page.close();
  });
});

describe('create mode', () => {
  test('asks twice, refuses a mismatch, and creates a hash libsodium accepts, by keyboard alone', async () => {
    const password = 'nächtlicher Garten 🌿 e\u0301';
    const page = await pageWith(`<vault-unlock id="c" mode="create" t="${T}" m="${M}"></vault-unlock>`);
    await page.press('Tab');
    await page.type(password);
    assert.match(await page.evaluate(() => document.getElementById('c').shadowRoot.getElementById('hint').textContent), /^Strength: /);
    await page.press('Tab');
    assert.equal((await state(page, 'c')).focused, 'confirm');
    await page.type(`${password}!`);
    await page.press('Enter');
    const [mismatch] = await waitForEvents(page, 1);
    assert.deepEqual(mismatch.detail, { name: 'MismatchError', message: 'The two passwords do not match.' });
    const afterMismatch = await state(page, 'c');
    assert.equal(afterMismatch.password, '');
    assert.equal(afterMismatch.confirm, '');
    assert.equal(afterMismatch.focused, 'password');

    await page.type(password);
    await page.press('Enter'); // Enter in the first field moves on to the second
    assert.equal((await state(page, 'c')).focused, 'confirm');
    await page.type(password);
    await page.press('Enter');
    const events = await waitForEvents(page, 2);
    assert.equal(events[1].type, 'vault-created', JSON.stringify(events[1].detail));
    const { hash } = events[1].detail;
    assert.match(hash, new RegExp(`^\\$argon2id\\$v=19\\$m=${M},t=${T},p=1\\$`));
    assert.equal(sodium.crypto_pwhash_str_verify(hash, password), true);
    assert.equal(sodium.crypto_pwhash_str_verify(hash, 'nächtlicher Garten 🌿 é'), false, 'no Unicode normalisation');
    assert.equal((await state(page, 'c')).status, 'Password created.');
    await page.close();
  });

  test('output="key" gives a fresh salt, the parameters and the key libsodium derives from them', async () => {
    const page = await pageWith(`<vault-unlock id="c" mode="create" output="key" t="${T}" m="${M}"></vault-unlock>`);
    await submitByKeyboard(page, 'lanterns in the hedge', 'lanterns in the hedge');
    const [created] = await waitForEvents(page, 1);
    assert.equal(created.type, 'vault-created', JSON.stringify(created.detail));
    const { salt, t, m, p, key } = created.detail;
    assert.deepEqual({ t, m, p }, { t: T, m: M, p: 1 });
    const saltBytes = Buffer.from(salt, 'base64');
    assert.equal(saltBytes.length, 16);
    assert.deepEqual(key, Array.from(sodium.crypto_pwhash(32, 'lanterns in the hedge', saltBytes, T, M * 1024, ALG)));
    await page.close();
  });

  test('refuses a password shorter than minlength', async () => {
    const page = await pageWith(`<vault-unlock id="c" mode="create" minlength="10" t="${T}" m="${M}"></vault-unlock>`);
    await submitByKeyboard(page, 'short', 'short');
    const [event] = await waitForEvents(page, 1);
    assert.deepEqual(event.detail, { name: 'TooShortError', message: 'Use at least 10 characters.' });
    await page.close();
  });
});

describe('warm start', () => {
  // Counts the argon2 workers the page creates (the elements name their workers after their module).
  async function countWorkers(page) {
    await page.evaluate(() => {
      const NativeWorker = window.Worker;
      window.argon2Workers = 0;
      window.Worker = class extends NativeWorker {
        constructor(url, options) {
          super(url, options);
          if (options?.name === 'argon2') window.argon2Workers++;
        }
      };
    });
  }
  const live = (page) => page.evaluate(() => (window.memento.liveWorkerCount() - (window.memento.standbyWorker('argon2') ? 1 : 0)));

  test('typing readies one worker that the attempt then runs on; emptying the field lets it go, even mid-start', async (t) => {
    const hash = sodium.crypto_pwhash_str('correct horse', T, M * 1024);
    const page = await pageWith(`<vault-unlock id="v" mode="verify" hash="${hash}"></vault-unlock>`);
    await countWorkers(page);
    await page.press('Tab');
    await page.type('correct horse');
    await waitFor(page, () => window.argon2Workers > 0 && (window.memento.liveWorkerCount() - (window.memento.standbyWorker('argon2') ? 1 : 0)) === 1, null, { what: 'a readied worker' });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
    assert.equal(await page.evaluate(() => window.argon2Workers), 1, 'one worker for all the keystrokes');
    // Counted as the attempt ends: the standby for a next job (api/runtime/run-once.js) starts after it.
    await page.evaluate(() => document.getElementById('v').addEventListener('vault-unlocked', () => { window.workersAtUnlock = window.argon2Workers; }));
    await page.press('Enter');
    const [event] = await waitForEvents(page, 1);
    assert.deepEqual({ ...event.detail, ms: 0 }, { ok: true, ms: 0 });
    assert.equal(await page.evaluate(() => window.workersAtUnlock), 1, 'the attempt ran on the readied worker');
    await waitFor(page, () => (window.memento.liveWorkerCount() - (window.memento.standbyWorker('argon2') ? 1 : 0)) === 0, null, { what: 'the worker to end with the attempt' });

    await page.type('abc');
    await waitFor(page, () => window.argon2Workers === 2, null, { what: 'a worker readied again' });
    for (let i = 0; i < 3; i++) await page.press('Backspace');
    await waitFor(page, () => (window.memento.liveWorkerCount() - (window.memento.standbyWorker('argon2') ? 1 : 0)) === 0, null, { what: 'the worker let go of an empty field' });

    // Typed and emptied in one task: the worker is let go while it is still starting, and none may appear after.
    await page.evaluate(async () => {
      const input = document.getElementById('v').shadowRoot.getElementById('password');
      input.value = 'x';
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      input.value = '';
      input.dispatchEvent(new InputEvent('input', { bubbles: true, composed: true }));
      await new Promise((resolve) => setTimeout(resolve, 500));
    });
    assert.equal(await page.evaluate(() => window.argon2Workers), 2, 'none was made for the released start');
    assert.equal(await live(page), 0);
    await t.test('the browser itself lists no worker for the page afterwards', async (st) => {
      if (!skipUnless(st, browser.engine, 'workerTargets')) return;
      assert.equal(await page.workerTargets(), await page.evaluate(() => (window.memento.standbyWorker('argon2') ? 1 : 0)));
    });
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('with no-warm-start nothing starts before Enter, and the attempt is just as right', async () => {
    const salt = sodium.randombytes_buf(16);
    const page = await pageWith(`<vault-unlock id="d" mode="derive" no-warm-start salt="${Buffer.from(salt).toString('base64')}"
      t="${T}" m="${M}" p="1"></vault-unlock>`);
    await countWorkers(page);
    assert.equal(await page.evaluate(() => document.getElementById('d').warmStart), false);
    await page.press('Tab');
    await page.type('open sesame');
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
    assert.equal(await live(page), 0);
    assert.equal(await page.evaluate(() => window.argon2Workers), 0);
    await page.evaluate(() => document.getElementById('d').addEventListener('vault-unlocked', () => { window.workersAtUnlock = window.argon2Workers; }));
    await page.press('Enter');
    const [event] = await waitForEvents(page, 1);
    const expected = sodium.crypto_pwhash(32, 'open sesame', salt, T, M * 1024, ALG);
    assert.deepEqual(event.detail.key, Array.from(expected));
    // One for the attempt (the standby for a next one, api/runtime/run-once.js, starts after it).
    assert.equal(await page.evaluate(() => window.workersAtUnlock), 1);
    await page.close();
  });
});

describe('bad attributes', () => {
  test('a malformed hash shows a message and fires vault-error, and no worker starts on submit', async () => {
    const page = await pageWith('<vault-unlock id="v" mode="verify" hash="$argon2id$v=19$m=65536,t=3,p=1$nonsense"></vault-unlock>');
    const [event] = await waitForEvents(page, 1);
    assert.equal(event.type, 'vault-error');
    assert.equal(event.detail.name, 'TypeError');
    assert.match(event.detail.message, /^hash is malformed/);
    assert.match((await state(page, 'v')).error, /^hash is malformed/);
    assert.equal(await page.evaluate(() => document.getElementById('v').validity.customError), true);

    await submitByKeyboard(page, 'anything');
    const events = await waitForEvents(page, 2);
    assert.equal(events[1].detail.name, 'TypeError');
    assert.equal(await page.evaluate(() => (window.memento.liveWorkerCount() - (window.memento.standbyWorker('argon2') ? 1 : 0))), 0);
    assert.equal((await state(page, 'v')).password, '');
    await page.close();
  });

  test('a salt that is not base64 and a hash that is not argon2id each explain themselves', async () => {
    const page = await pageWith(`
      <vault-unlock id="d" mode="derive" salt="not base64!" t="1" m="1024"></vault-unlock>
      <vault-unlock id="s" mode="derive" salt="c2hvcnQ=" t="1" m="1024"></vault-unlock>
      <vault-unlock id="v" mode="verify" hash="$2b$10$abcdefghijklmnopqrstuv"></vault-unlock>`);
    const events = await waitForEvents(page, 3);
    const byTarget = Object.fromEntries(events.map((e) => [e.target, e.detail]));
    assert.deepEqual(byTarget.d, { name: 'TypeError', message: 'salt is not valid base64: its length is not a multiple of 4' });
    assert.deepEqual(byTarget.s, { name: 'RangeError', message: 'salt must be at least 8 bytes, got 5' });
    assert.deepEqual(byTarget.v, { name: 'TypeError', message: 'hash is not an $argon2id$ string' });
    await page.close();
  });

  test('a hash whose parameters the kernel refuses reports the kernel\'s error', async () => {
    const good = sodium.crypto_pwhash_str('x', 1, 8 * 1024);
    const bad = good.replace('m=8,', 'm=7,');
    const page = await pageWith(`<vault-unlock id="v" mode="verify" hash="${bad}"></vault-unlock>`);
    await submitByKeyboard(page, 'x');
    const [event] = await waitForEvents(page, 1);
    assert.equal(event.type, 'vault-error');
    assert.ok(['TypeError', 'RangeError'].includes(event.detail.name), event.detail.name);
    assert.notEqual(event.detail.message, '');
    await page.close();
  });

  test('setters never throw, whatever they are given', async () => {
    const page = await pageWith('<vault-unlock id="d" mode="derive" salt="c2FsdHNhbHRzYWx0c2FsdA=="></vault-unlock>');
    const thrown = await page.evaluate(() => {
      const el = document.getElementById('d');
      const errors = [];
      for (const [prop, value] of [['t', 'abc'], ['m', -5], ['p', 1.5], ['mode', 'bogus'], ['salt', {}],
        ['hash', Symbol('h')], ['t', undefined], ['m', null], ['output', 42], ['disabled', 'yes']]) {
        try { el[prop] = value; } catch (error) { errors.push(`${prop}: ${error}`); }
      }
      return errors;
    });
    assert.deepEqual(thrown, []);
    const [event] = await waitForEvents(page, 1);
    assert.equal(event.type, 'vault-error');
    await page.close();
  });
});

describe('element plumbing', () => {
  test('properties set before the element is defined are upgraded and reflect to attributes', async () => {
    const page = await browser.newPage({ load: false });
    await page.evaluate(() => {
      const el = document.createElement('vault-unlock');
      el.id = 'early';
      el.mode = 'derive';
      el.salt = 'c2FsdHNhbHRzYWx0c2FsdA==';
      el.t = 2;
      el.label = 'Vault password';
      document.getElementById('root').append(el);
    });
    await loadElements(page);
    const seen = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const el = document.getElementById('early');
      return {
        own: Object.keys(el).filter((k) => ['mode', 'salt', 't', 'label'].includes(k)),
        attributes: ['mode', 'salt', 't', 'label'].map((a) => el.getAttribute(a)),
        t: el.t, m: el.m, label: el.shadowRoot.querySelector('label').textContent,
        error: el.shadowRoot.getElementById('error').textContent,
      };
    });
    assert.deepEqual(seen, { own: [], attributes: ['derive', 'c2FsdHNhbHRzYWx0c2FsdA==', '2', 'Vault password'],
      t: 2, m: 65536, label: 'Vault password', error: '' });
    await page.close();
  });

  test('a password manager finds a username beside the password: a hidden autocomplete="username" field, set by `username`', async () => {
    const page = await pageWith('<vault-unlock id="u" username="night garden"></vault-unlock><vault-unlock id="none" mode="create"></vault-unlock>');
    const seen = await page.evaluate(async () => {
      const read = (id) => {
        const shadow = document.getElementById(id).shadowRoot;
        const field = shadow.querySelector('input[autocomplete="username"]');
        const password = shadow.getElementById('password');
        return field && {
          value: field.value, type: field.type, hidden: field.hidden, readOnly: field.readOnly, tabIndex: field.tabIndex,
          sameForm: field.form !== null && field.form === password.form,
          beforePassword: Boolean(field.compareDocumentPosition(password) & Node.DOCUMENT_POSITION_FOLLOWING),
          shown: field.getClientRects().length > 0,
        };
      };
      const el = document.getElementById('u');
      const first = read('u');
      el.username = 'moonflower vault';
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const changed = { value: read('u').value, attribute: el.getAttribute('username'), property: el.username };
      el.removeAttribute('username');
      await new Promise((resolve) => requestAnimationFrame(resolve));
      return { first, changed, removed: read('u').value, none: read('none'), noneProperty: document.getElementById('none').username };
    });
    assert.deepEqual(seen.first, { value: 'night garden', type: 'text', hidden: true, readOnly: true, tabIndex: -1, sameForm: true,
      beforePassword: true, shown: false });
    assert.deepEqual(seen.changed, { value: 'moonflower vault', attribute: 'moonflower vault', property: 'moonflower vault' });
    assert.equal(seen.removed, '');
    assert.equal(seen.none.value, '', 'without the attribute the field is there, empty');
    assert.equal(seen.noneProperty, '');
    // Tab from the page reaches the password field first: the hidden field takes no focus.
    await page.evaluate(() => { document.activeElement?.blur(); });
    await page.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.shadowRoot?.activeElement?.id);
    assert.equal(focused, 'password');
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('keeps its height from rest through an attempt to its end and a one-line error: what follows it never jumps', async () => {
    // As wide as the extension popup's field; a long attempt (256 MiB) so that its progress shows too.
    const page = await pageWith('<div style="inline-size: 360px"><vault-unlock id="d" mode="derive" salt="c2FsdHNhbHRzYWx0c2FsdA==" t="3" m="262144"></vault-unlock>'
      + '<p id="after">after</p></div>');
    const measure = () => page.evaluate(() => ({
      height: document.getElementById('d').getBoundingClientRect().height,
      after: document.getElementById('after').getBoundingClientRect().top,
    }));
    const rest = await measure();
    await submitInPage(page, 'd', 'steady');
    // Each read in the task that finds the state, so the state is the one measured.
    const read = (state) => waitFor(page, (which) => {
      const el = document.getElementById('d');
      const shadow = el.shadowRoot;
      const seen = which === 'busy' ? el.busy
        : which === 'progress' ? el.busy && !shadow.getElementById('progress').hidden
          : !el.busy && shadow.getElementById('status').textContent !== '';
      return seen && { height: el.getBoundingClientRect().height, after: document.getElementById('after').getBoundingClientRect().top,
        status: shadow.getElementById('status').textContent };
    }, state, { what: `the ${state} state` });
    const busy = await read('busy');
    const progress = await read('progress');
    const done = await read('done');
    assert.equal(busy.status, 'Deriving key…');
    assert.equal(done.status, 'Key ready.');
    // The page finds the key wrong: a one-line error takes the status's line.
    const wrong = await page.evaluate(() => {
      const el = document.getElementById('d');
      el.showError();
      return { height: el.getBoundingClientRect().height, after: document.getElementById('after').getBoundingClientRect().top,
        error: el.shadowRoot.getElementById('error').textContent };
    });
    assert.equal(wrong.error, 'Wrong password.');
    for (const [name, seen] of Object.entries({ busy, progress, done, wrong })) {
      assert.ok(Math.abs(seen.height - rest.height) < 0.5, `${name}: height ${seen.height} against ${rest.height} at rest`);
      assert.ok(Math.abs(seen.after - rest.after) < 0.5, `${name}: what follows at ${seen.after} against ${rest.after} at rest`);
    }
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('takes part in a form: required until created, the hash as its value, reset and fieldset disabling', async () => {
    const page = await pageWith(`<form id="f"><fieldset id="fs">
      <vault-unlock id="c" name="vault" mode="create" t="${T}" m="${M}" required></vault-unlock></fieldset></form>`);
    const before = await page.evaluate(() => {
      const form = document.getElementById('f');
      const el = document.getElementById('c');
      return { valid: form.checkValidity(), missing: el.validity.valueMissing, form: el.form === form, value: new FormData(form).get('vault') };
    });
    assert.deepEqual(before, { valid: false, missing: true, form: true, value: null });

    await page.evaluate(() => {
      const shadow = document.getElementById('c').shadowRoot;
      shadow.getElementById('password').value = 'a garden at night';
      shadow.getElementById('confirm').value = 'a garden at night';
      shadow.querySelector('form').requestSubmit();
    });
    const [created] = await waitForEvents(page, 1);
    assert.equal(created.type, 'vault-created', JSON.stringify(created.detail));
    const filled = await page.evaluate(() => ({ valid: document.getElementById('f').checkValidity(), value: new FormData(document.getElementById('f')).get('vault') }));
    assert.deepEqual(filled, { valid: true, value: created.detail.hash });

    const afterReset = await page.evaluate(() => {
      const form = document.getElementById('f');
      form.reset();
      return { valid: form.checkValidity(), value: new FormData(form).get('vault'), status: document.getElementById('c').shadowRoot.getElementById('status').textContent };
    });
    assert.deepEqual(afterReset, { valid: false, value: null, status: '' });

    const disabling = await page.evaluate(async () => {
      const el = document.getElementById('c');
      const input = el.shadowRoot.getElementById('password');
      const seen = [];
      document.getElementById('fs').disabled = true;
      seen.push(input.disabled);
      document.getElementById('fs').disabled = false;
      seen.push(input.disabled);
      el.disabled = true;
      seen.push(input.disabled);
      el.disabled = false;
      seen.push(input.disabled);
      return seen;
    });
    assert.deepEqual(disabling, [true, false, true, false]);
    await page.close();
  });

  test('new attributes or removal mid-check stop the worker and fire nothing', async () => {
    const page = await pageWith('<vault-unlock id="d" mode="derive" salt="c2FsdHNhbHRzYWx0c2FsdA==" t="3" m="262144"></vault-unlock>');
    const submit = () => submitInPage(page, 'd', 'interrupted');
    // In the middle of the computation (progress has been reported): the worker goes at once.
    await submit();
    await waitFor(page, () => !document.getElementById('d').shadowRoot.getElementById('progress').hidden, null,
      { what: 'the first progress report' });
    const afterChange = await page.evaluate(() => {
      const el = document.getElementById('d');
      el.salt = 'b3RoZXJzYWx0b3RoZXJzYWx0';
      return { busy: el.busy, workers: (window.memento.liveWorkerCount() - (window.memento.standbyWorker('argon2') ? 1 : 0)) };
    });
    assert.deepEqual(afterChange, { busy: false, workers: 0 });

    // While the worker is still starting: it must not go on to run the job.
    await submit();
    await page.evaluate(() => document.getElementById('d').remove());
    await waitFor(page, () => (window.memento.liveWorkerCount() - (window.memento.standbyWorker('argon2') ? 1 : 0)) === 0, null, { what: 'the worker to go', timeout: 600 });
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    assert.deepEqual(await page.evaluate(() => window.events), []);
    assert.deepEqual(page.problems, []);
    await page.close();
  });

  test('every password byte the page held is zeroed or handed over after an attempt', async () => {
    const hash = sodium.crypto_pwhash_str('swordfish', T, M * 1024);
    const page = await pageWith(`<vault-unlock id="v" mode="verify" hash="${hash}"></vault-unlock>`);
    await page.evaluate(() => {
      // Record every byte array the page encodes or transfers during the attempt.
      window.seen = [];
      const encode = TextEncoder.prototype.encode;
      TextEncoder.prototype.encode = function (...args) {
        const bytes = encode.apply(this, args);
        window.seen.push(bytes);
        return bytes;
      };
      const post = Worker.prototype.postMessage;
      Worker.prototype.postMessage = function (message, transfer) {
        for (const value of Object.values(message?.args ?? {})) if (value instanceof Uint8Array) window.seen.push(value);
        return post.call(this, message, transfer);
      };
    });
    await submitByKeyboard(page, 'swordfish');
    const [event] = await waitForEvents(page, 1);
    assert.equal(event.type, 'vault-unlocked');
    const leftovers = await page.evaluate(() => ({
      arrays: window.seen.length,
      withBytes: window.seen.filter((bytes) => bytes.byteLength > 0 && bytes.some((b) => b !== 0)).map((bytes) => bytes.length),
    }));
    assert.ok(leftovers.arrays >= 2, `expected the encoded password and the copy sent to the worker, saw ${leftovers.arrays}`);
    assert.deepEqual(leftovers.withBytes, [], 'no array still holds password bytes');
    assert.equal((await state(page, 'v')).password, '');
    await page.close();
  });
});
