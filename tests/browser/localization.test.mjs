// The elements speak the page's language: under lang="fr" every word each
// element shows (text in its shadow tree, aria-labels, the validation message)
// and every word it announces (each text its live regions ever held) is a term
// of the French table (components/strings/), walked through each element's
// states; no term of the English table is left (but those spelled the same in
// both, such as "Notes"). The nearest lang wins (the element's over the
// document's), a change of lang is followed at once, and registerTranslation()
// adds a language.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { openBrowser } from './harness.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

// In the page: window.strings (the tables), window.shown(el) (what an element shows now) and window.announced
// (every text its live regions held, recorded as they change).
async function frenchPage() {
  const page = await browser.newPage();
  await page.evaluate(async () => {
    document.documentElement.lang = 'fr';
    window.strings = await import(new URL('../../../components/strings/index.js', location.href).href);
    window.announced = [];
    window.watch = (el) => {
      const live = () => [...el.shadowRoot.querySelectorAll('[role=status], [role=alert], [aria-live]')];
      new MutationObserver(() => {
        for (const region of live()) {
          const text = region.textContent.trim();
          if (text && window.announced.at(-1)?.text !== text) window.announced.push({ tag: el.localName, text });
        }
      }).observe(el.shadowRoot, { subtree: true, childList: true, characterData: true });
    };
    // Text nodes outside hidden subtrees and the rows (a note's title or a result is the page's data, not the
    // element's words: rows are checked on their own), and the labels given as attributes.
    window.shown = (el) => {
      const out = [];
      const visit = (node) => {
        if (node.nodeType === Node.TEXT_NODE) {
          if (node.textContent.trim()) out.push(node.textContent.trim());
          return;
        }
        if (node.nodeType !== Node.ELEMENT_NODE && node.nodeType !== Node.DOCUMENT_FRAGMENT_NODE) return;
        if (node.nodeType === Node.ELEMENT_NODE) {
          if (node.hidden || node.matches('style, .row, li')) return;
          for (const name of ['aria-label', 'placeholder', 'title']) if (node.getAttribute(name)) out.push(node.getAttribute(name));
        }
        for (const child of node.childNodes) visit(child);
      };
      visit(el.shadowRoot);
      return out;
    };
  });
  return page;
}

/** Checks `texts` against the French table's terms `allowed` and the English table: every one French, none English. */
function assertFrench(texts, allowed, where) {
  const allowedSet = new Set(allowed);
  for (const text of texts) {
    assert.ok(allowedSet.has(text) || /^\d+,\d\u00a0s$/.test(text), `${where}: "${text}" is not a term of the French table`);
  }
}

async function englishTerms(page) {
  return page.evaluate(() => Object.entries(window.strings.ENGLISH).filter(([k, v]) => !k.startsWith('$') && typeof v === 'string'
    && v !== window.strings.FRENCH[k]).map(([, v]) => v));
}

test('under lang="fr": <vault-unlock> in verify, derive and create, at rest, busy, done and failing, says only French', async () => {
  const page = await frenchPage();
  const result = await page.evaluate(async () => {
    const { FRENCH: fr } = window.strings;
    const hash = await window.memento.pwhashStr('bonjour tout le monde', { t: 1, m: 64, p: 1 });
    const root = document.getElementById('root');
    root.replaceChildren();
    const make = (attributes) => {
      const el = document.createElement('vault-unlock');
      for (const [k, v] of Object.entries(attributes)) el.setAttribute(k, v);
      root.append(el);
      window.watch(el);
      return el;
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 50));
    const submit = async (el, password, confirm = '') => {
      el.shadowRoot.getElementById('password').value = password;
      el.shadowRoot.getElementById('confirm').value = confirm;
      el.shadowRoot.querySelector('form').requestSubmit();
      await settle();
    };
    const until = (el, type) => new Promise((resolve) => el.addEventListener(type, resolve, { once: true }));
    const snapshots = [];
    const verify = make({ mode: 'verify', hash, required: '' });
    await settle();
    snapshots.push(['verify at rest', window.shown(verify), verify.validationMessage]);
    await submit(verify, '');
    snapshots.push(['verify, empty', window.shown(verify)]);
    const wrong = until(verify, 'vault-error');
    await submit(verify, 'faux');
    await wrong;
    snapshots.push(['verify, wrong password', window.shown(verify)]);
    const derive = make({ mode: 'derive', salt: 'AAECAwQFBgcICQoLDA0ODw==', t: '1', m: '64' });
    await settle();
    const derived = until(derive, 'vault-unlocked');
    await submit(derive, 'bonjour');
    await derived;
    snapshots.push(['derive, key ready', window.shown(derive)]);
    const create = make({ mode: 'create', t: '1', m: '64' });
    await settle();
    snapshots.push(['create at rest', window.shown(create), create.validationMessage]);
    create.shadowRoot.getElementById('password').value = 'azerty';
    create.shadowRoot.getElementById('password').dispatchEvent(new Event('input'));
    snapshots.push(['create, typing', window.shown(create)]);
    await submit(create, 'un', 'deux');
    snapshots.push(['create, mismatch', window.shown(create)]);
    await submit(create, 'court', 'court');
    snapshots.push(['create, too short', window.shown(create)]);
    const created = until(create, 'vault-created');
    await submit(create, 'cheval correct batterie', 'cheval correct batterie');
    await created;
    snapshots.push(['create, done', window.shown(create)]);
    const allowed = [
      ...Object.entries(fr).filter(([k, v]) => k.startsWith('vault.') && typeof v === 'string').map(([, v]) => v),
      fr['vault.hint']({ min: 8 }), fr['vault.tooShort']({ min: 8 }),
      ...[0, 1, 2, 3, 4].map((score) => fr['vault.strength']({ score })),
    ];
    return { snapshots, announced: window.announced.map((a) => a.text), allowed };
  });
  const english = await englishTerms(page);
  for (const [where, texts, validation] of result.snapshots) {
    assertFrench(texts, result.allowed, where);
    if (validation) assertFrench([validation], result.allowed, `${where} (validation message)`);
    for (const text of texts) assert.ok(!english.includes(text), `${where}: "${text}" is English`);
  }
  assertFrench(result.announced, result.allowed, 'announced');
  // The states were all reached: each of these was said.
  for (const key of ['vault.wrongPassword', 'vault.enterPassword', 'vault.done.derive', 'vault.mismatch', 'vault.done.create']) {
    const term = await page.evaluate((k) => window.strings.FRENCH[k], key);
    assert.ok(result.announced.includes(term), `announced "${term}" (${key})`);
  }
  assert.ok(result.announced.includes('Dérivation de la clé…'), 'the busy status');
  await page.close();
});

test('under lang="fr": <note-list> and <fuzzy-search for> locked, opening, open, filtered, damaged, empty and locked again say only French', async () => {
  const page = await frenchPage();
  const result = await page.evaluate(async () => {
    const { FRENCH: fr } = window.strings;
    const { sealNotes } = window.memento;
    const root = document.getElementById('root');
    const search = document.createElement('fuzzy-search');
    search.setAttribute('for', 'list');
    const list = document.createElement('note-list');
    list.id = 'list';
    root.replaceChildren(search, list);
    window.watch(search);
    window.watch(list);
    const settle = (ms = 80) => new Promise((resolve) => setTimeout(resolve, ms));
    const until = (el, type) => new Promise((resolve) => el.addEventListener(type, resolve, { once: true }));
    const key = crypto.getRandomValues(new Uint8Array(32));
    const notes = await sealNotes([{ id: 'a', title: 'Mise à jour Kubernetes', body: 'vider les nœuds' },
      { id: 'b', title: '', body: 'sans titre' }, { id: 'c', title: 'Courses', body: 'pommes, pain' }], key);
    const damaged = notes.map((n, i) => (i === 2 ? { ...n, title: n.title.slice(0, -4) + 'AAAA' } : n));
    const snapshots = [];
    const both = (where) => snapshots.push([where, [...window.shown(list), ...window.shown(search)]]);
    await settle();
    both('empty');
    list.notes = damaged;
    await waitForText(() => list.state === 'locked' && list.shadowRoot.getElementById('status').textContent);
    both('locked');
    const opened = until(list, 'notes-opened');
    list.deviceKey = key;
    await opened;
    await settle(300);
    both('open with a damaged note');
    const rows = [...list.shadowRoot.querySelectorAll('.row .title')].map((t) => t.textContent);
    search.value = 'kubernets';
    await until(search, 'search-results');
    await settle();
    both('filtered');
    search.value = 'zzzzqqq';
    await until(search, 'search-results');
    await settle();
    both('no match');
    list.lock();
    await settle();
    both('locked again');
    list.notes = [];
    await settle();
    both('empty vault');
    const n = (count) => ({ n: count, count: String(count) });
    const allowed = [
      ...Object.entries(fr).filter(([k, v]) => (k.startsWith('notes.') || k.startsWith('search.')) && typeof v === 'string').map(([, v]) => v),
      fr['notes.lockedCount'](n(3)), fr['notes.opening'](n(3)), fr['notes.openedDamaged']({ opened: n(2), damaged: n(1) }),
      fr['notes.matches']({ shown: n(1), total: n(3) }), fr['notes.noMatch']({ query: 'zzzzqqq' }),
      fr['search.count'](n(1)), fr['search.count'](n(0)),
    ];
    return { snapshots, rows, announced: window.announced.map((a) => a.text), allowed };

    async function waitForText(fn) {
      for (let i = 0; i < 200 && !fn(); i++) await settle(25);
    }
  });
  const english = await englishTerms(page);
  for (const [where, texts] of result.snapshots) {
    assertFrench(texts, result.allowed, where);
    for (const text of texts) assert.ok(!english.includes(text), `${where}: "${text}" is English`);
  }
  assertFrench(result.announced, result.allowed, 'announced');
  assert.ok(result.rows.includes('Sans titre') && result.rows.includes('Note endommagée'), `rows: ${result.rows}`);
  for (const text of ['3\u00a0notes, verrouillées.', '2\u00a0notes ouvertes, 1\u00a0note endommagée.', '1 sur 3\u00a0notes.',
    'Aucune note ne correspond à «\u00a0zzzzqqq\u00a0».', 'Verrouillée.', 'Ce coffre n’a encore aucune note.',
    'Les notes sont verrouillées\u00a0: déverrouillez-les pour chercher.', '1\u00a0résultat']) {
    assert.ok(result.announced.includes(text), `announced "${text}": ${JSON.stringify(result.announced)}`);
  }
  await page.close();
});

test('under lang="fr": <procedural-texture> rendering and ready, and its canvas label, say only French; <glass-blur> shows no words', async () => {
  const page = await frenchPage();
  const result = await page.evaluate(async () => {
    const { FRENCH: fr } = window.strings;
    const root = document.getElementById('root');
    const texture = document.createElement('procedural-texture');
    texture.setAttribute('size', '64');
    texture.setAttribute('seed', '3');
    const glass = document.createElement('glass-blur');
    glass.setAttribute('css-backdrop', '');
    root.replaceChildren(texture, glass);
    window.watch(texture);
    const ready = new Promise((resolve) => texture.addEventListener('texture-ready', (e) => resolve(e.detail), { once: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    const during = window.shown(texture);
    await ready;
    const allowed = [fr['texture.progress'], fr['texture.rendering']({ kind: 'stone-wall', size: 64 }),
      fr['texture.label']({ kind: 'stone-wall', map: 'albedo', seed: 3, size: 64 })];
    const done = window.shown(texture);
    const status = texture.shadowRoot.querySelector('[part=status]').textContent;
    return { during, done, status, allowed, glass: window.shown(glass), announced: window.announced.map((a) => a.text) };
  });
  assertFrench(result.during, result.allowed, 'rendering');
  assert.match(result.status, /^Mur de pierre, 64 × 64, rendu en [\d\u202f\u00a0]+\u00a0ms\.$/);
  assertFrench(result.done.filter((t) => t !== result.status), result.allowed, 'ready');
  assertFrench(result.announced.filter((t) => t !== result.status), result.allowed, 'announced');
  assert.deepEqual(result.glass, []);
  await page.close();
});

test('the nearest lang wins and a change is followed at once; registerTranslation() adds a language', async () => {
  const page = await browser.newPage();
  const seen = await page.evaluate(async () => {
    const root = document.getElementById('root');
    root.innerHTML = '<div lang="fr"><fuzzy-search id="s"></fuzzy-search></div>';
    const search = document.getElementById('s');
    const label = () => search.shadowRoot.querySelector('label').textContent;
    const steps = [['ancestor fr', label()]];
    search.setAttribute('lang', 'en');
    await Promise.resolve();
    steps.push(['own en', label()]);
    search.removeAttribute('lang');
    search.parentElement.setAttribute('lang', 'de');
    await Promise.resolve();
    steps.push(['ancestor de, no German yet', label()]);
    window.memento.registerTranslation({ $code: 'de', $name: 'Deutsch', $dir: 'ltr', 'search.label': 'Suchen' });
    steps.push(['German registered', label()]);
    return steps;
  });
  assert.deepEqual(seen, [['ancestor fr', 'Rechercher'], ['own en', 'Search'], ['ancestor de, no German yet', 'Search'],
    ['German registered', 'Suchen']]);
  await page.close();
});
