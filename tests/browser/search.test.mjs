// <fuzzy-search> and createSearchIndex() in Chromium: typing over 5,000 notes
// gives the specification's answer on every keystroke without long tasks or
// dropped frames; non-ASCII and multi-term queries with typos; the keyboard;
// the index following its documents; `for` filtering another element; the
// plain API's latest-wins; axe-core finds no violations.
import assert from 'node:assert/strict';
import { loadavg } from 'node:os';
import { after, before, test } from 'node:test';
import { axeViolations, openBrowser, skipUnless, waitFor } from './harness.mjs';
import { watchHostStalls } from './host-stalls.mjs';
import { judgeAgainstControl, verdictAgainstControl } from './frame-control.mjs';
import { createReference, referenceSearch } from '../../fixtures/search-reference.js';
import { keystrokes, searchCorpus } from '../../fixtures/search-corpus.js';

const SMALL = ['Café au lait in Zürich', 'a naïve idea, déjà vu', 'Straße and STRASSE', 'Κυβερνήτης του πλοίου',
  'Привет, Москва! 🙂', '東京 と 北京', 'kubernetes cluster upgrade notes', 'kubernetes pods and services',
  'the quarterly report draft', 'a report on quarterly budgets'];

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

/** A page with one <fuzzy-search id="s"> over `documents`, every `results` event logged, the index built. */
async function searchPage(documents, { corpus = false, attributes = '' } = {}) {
  const page = await browser.newPage();
  await page.evaluate(async ({ documents, corpus, attributes }) => {
    const texts = corpus ? (await import('/fixtures/search-corpus.js')).searchCorpus() : documents;
    document.getElementById('root').innerHTML = `<fuzzy-search id="s" ${attributes}></fuzzy-search>`;
    const el = document.getElementById('s');
    window.log = [];
    window.selected = [];
    el.addEventListener('search-results', ({ detail }) => window.log.push({ query: detail.query, indices: Array.from(detail.indices),
      scores: Array.from(detail.scores), ms: detail.ms, searchMs: detail.searchMs }));
    el.addEventListener('search-select', ({ detail }) => window.selected.push(detail));
    el.documents = texts;
    el.value = '';   // an empty query answers once the index is built
  }, { documents, corpus, attributes });
  await waitFor(page, () => window.log.length > 0, undefined, { what: 'the index to be built', timeout: 60000 });
  await page.evaluate(() => { window.log = []; });
  return page;
}

/** Types `text` one key at a time, waiting for each keystroke's results. */
async function typeKeyByKey(page, text) {
  for (const query of keystrokes(text)) {
    await page.press(Array.from(query).at(-1));
    await waitFor(page, (q) => window.log.some((entry) => entry.query === q), query, { what: `results for "${query}"` });
  }
}

/** A search page over SMALL on which a keyboard user tabbed into the field and typed `text`, key by key. */
async function searchPageTyping(text) {
  const page = await searchPage(SMALL);
  await page.press('Tab');
  await typeKeyByKey(page, text);
  return page;
}

// Frames and long tasks on this thread from `t0` until now, in epoch ms (timeOrigin + the page's times), to be
// set beside the host's stalls (host-stalls.mjs).
function framesSince(t0) {
  const end = performance.now();
  const frames = window.watch.frames.filter((t) => t >= t0 && t <= end);
  return { longTasks: window.watch.longTasks.filter((l) => l.start + l.duration >= t0).map((l) => [performance.timeOrigin + l.start, l.duration]),
    frames: frames.map((f) => performance.timeOrigin + f) };
}

// The frame budget is judged (where the engine's driver lets frames be judged while
// it types: not WebKitWebDriver) against a control (frame-control.mjs): each typing
// of the word is a window, and after a typing that misses, the same keys are typed
// as fast into a plain field of the same page. On these shared 2-core machines the host sometimes
// slows everything 3-5x for a few tens of milliseconds, and a page's first typing
// drops a few frames in Chromium and Firefox while the browser lays out the list's
// first rows (no script of ours over 8 ms around them; cpp/search/NOTES.md, "Firefox's
// frames while typing under load"); the second typing and the plain field drop none.
// Work of ours that does not fit a frame loses frames in every typing, more than the
// plain field does. A typing's gaps and long tasks count as the page's only beyond the
// host's stalls inside them (host-stalls.mjs: a sleeping Node thread that did not run
// either). Every keystroke of every typing must equal the reference.
const TYPINGS = 3;

test('typing "kubernetes" over 5,000 notes: every keystroke equals the reference; frame gaps over 20 ms and tasks over 50 ms judged against typing into a plain field', async (t) => {
  const reference = createReference(searchCorpus());
  const page = await searchPage([], { corpus: true });
  await page.evaluate(() => {
    window.watch = { longTasks: [], frames: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.watch.longTasks.push({ start: e.startTime, duration: e.duration });
    }).observe({ type: 'longtask' });
    const frame = (now) => { window.watch.frames.push(now); requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
  await page.press('Tab');
  const judged = browser.engine.capabilities.framesWhileTyping;
  const host = watchHostStalls();
  await host.ready;
  let typings = 0;
  let lastTypingMs;   // judgeAgainstControl measures a typing before any control
  const typeWord = async () => {
    if (typings > 0) {
      await page.evaluate(() => { window.log = []; document.getElementById('s').value = ''; });
      await waitFor(page, () => window.log.some((e) => e.query === ''), undefined, { what: 'the emptied field' });
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 200)));
      await page.evaluate(() => { window.log = []; });
    }
    typings += 1;
    const start = await page.evaluate(() => performance.now());
    await typeKeyByKey(page, 'kubernetes');
    // Frames are read up to the last answer only: handing the log (10 x 5,000 numbers) to the test
    // afterwards costs Firefox's main thread a frame or three, which is the harness, not the page.
    const watch = await page.evaluate(framesSince, start);
    lastTypingMs = await page.evaluate((t0) => performance.now() - t0, start);
    const log = await page.evaluate(() => window.log);
    for (const query of keystrokes('kubernetes')) {
      const entry = log.find((e) => e.query === query);
      assert.deepEqual({ indices: entry.indices, scores: entry.scores }, reference(query), `typing ${typings}, keystroke "${query}"`);
    }
    for (const { query, searchMs } of log) assert.ok(Number.isFinite(searchMs) && searchMs >= 0, `searchMs of "${query}": ${searchMs}`);
    const path = await page.evaluate(() => document.getElementById('s').path);
    return { ...watch, log, path };
  };
  // The control: the same ten key presses at the typing's pace into a plain <input> of the same page, which
  // searches nothing: what the driver's key presses and the host cost the page's frames without our work.
  const controlTyping = async () => {
    const start = await page.evaluate(() => {
      let field = document.getElementById('control-field');
      if (!field) {
        field = document.createElement('input');
        field.id = 'control-field';
        document.getElementById('root').append(field);
      }
      field.value = '';
      field.focus();
      return performance.now();
    });
    const keyMs = lastTypingMs / 'kubernetes'.length;
    for (const [i, key] of [...'kubernetes'].entries()) {
      await page.press(key);
      await page.evaluate((until) => new Promise((resolve) => setTimeout(resolve, Math.max(0, until - performance.now()))),
        start + (i + 1) * keyMs);
    }
    const watch = await page.evaluate(framesSince, start);
    const typed = await page.evaluate(() => document.getElementById('control-field').value);
    assert.equal(typed, 'kubernetes', 'the control typed into its own field');
    await page.evaluate(() => document.getElementById('s').focus());
    return watch;
  };
  const report = ({ kind, attempt, judged: frames, window: w }) => {
    const what = kind === 'window'
      ? `typing ${attempt}: keystroke to results ${w.log.map((e) => e.ms.toFixed(1)).join(' ')} ms (in the worker at most ${
        Math.max(...w.log.map((e) => e.searchMs)).toFixed(2)}); path ${w.path}`
      : `control ${attempt}: the same keys into a plain field over ${lastTypingMs.toFixed(0)} ms`;
    console.log(`${what}; ${w.frames.length} frames, longest gap ${frames.longestMs.toFixed(1)} ms, ${frames.summary}; load average ${
      loadavg()[0].toFixed(1)}`);
  };
  const measure = (typing) => (typing ? typeWord() : controlTyping());
  let verdict;
  if (judged) {
    verdict = await judgeAgainstControl({ host, measure, attempts: TYPINGS, onWindow: report });
  } else {
    // The driver's typing costs frames by itself here: one typing, for its answers and its long tasks.
    const w = await typeWord();
    const judgedTyping = await host.judge({ ...w, boundMs: 20 });
    report({ kind: 'window', attempt: 1, judged: judgedTyping, window: w });
    verdict = verdictAgainstControl([judgedTyping], []);
  }
  await host.stop();
  await t.test('no frame gap over 20 ms, or no more than typing into a plain field costs', (st) => {
    if (!skipUnless(st, browser.engine, 'framesWhileTyping')) return;
    assert.ok(verdict.clean || verdict.gaps[0] <= 2 * verdict.gaps[1] + 2, `the typings' frames, beyond the host's stalls: ${verdict.report}`);
  });
  await t.test('no main-thread task over 50 ms, or no more than typing into a plain field costs (Long Tasks API)', (st) => {
    if (!skipUnless(st, browser.engine, 'longTasks')) return;
    assert.ok(verdict.clean || verdict.tasks[0] <= 2 * verdict.tasks[1], `the typings' long tasks, beyond the host's stalls: ${verdict.report}`);
  });
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('non-ASCII and multi-term queries with typos equal the reference', async () => {
  const page = await searchPage(SMALL);
  await page.press('Tab');
  const queries = ['cafe', 'Cafe zurch', 'naive deja', 'strasse', 'κυβερνητης', 'κυβερ', 'привт москва', '東京', 'kubernets clustr',
    'quartely report', 'report quarterly', 'kubernetes pods servces'];
  for (const query of queries) {
    await page.evaluate((q) => { window.log = []; document.getElementById('s').value = q; }, query);
    const [entry] = await waitFor(page, () => (window.log.length ? window.log : null), undefined, { what: `results for "${query}"` });
    assert.deepEqual({ indices: entry.indices, scores: entry.scores }, referenceSearch(SMALL, query), `query "${query}"`);
  }
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('typing fast delivers only answers equal to the reference, ending with the last keystroke\'s', async () => {
  const page = await searchPage(SMALL);
  await page.press('Tab');
  await page.type('kubernetes clster');
  await waitFor(page, () => window.log.some((e) => e.query === 'kubernetes clster'), undefined, { what: 'the last keystroke' });
  const log = await page.evaluate(() => window.log);
  for (const entry of log) assert.deepEqual({ indices: entry.indices, scores: entry.scores }, referenceSearch(SMALL, entry.query));
  assert.equal(log.at(-1).query, 'kubernetes clster');
  await page.close();
});

test('twenty result rows are drawn over a few frames and equal their snippets; a newer answer replaces rows still being drawn', async () => {
  const documents = Array.from({ length: 60 }, (_, i) => `note ${i}: the quarterly report ${i % 2 ? 'draft' : 'budget'} number ${i} `
    + 'with some more words after it '.repeat(i % 5));
  const page = await searchPage(documents);
  const drawn = await page.evaluate(async () => {
    const { highlightSegments, wordMatcher } = await import('/components/internal/search-highlight.js');
    const el = document.getElementById('s');
    const texts = el.documents;
    const frames = (n) => new Promise((resolve) => { const step = () => (n-- > 0 ? requestAnimationFrame(step) : resolve()); step(); });
    const answer = (query) => new Promise((resolve) => el.addEventListener('search-results', ({ detail }) => detail.query === query && resolve(detail)));
    const rows = () => [...el.shadowRoot.querySelectorAll('li')].map((li) => ({ text: li.textContent, position: Number(li.dataset.position),
      marks: [...li.querySelectorAll('mark')].map((m) => m.textContent) }));
    const expected = (detail) => Array.from(detail.indices.slice(0, 20), (position) => {
      const segments = highlightSegments(texts[position], wordMatcher(detail.query));
      return { text: segments.map((seg) => seg.text).join(''), position, marks: segments.filter((seg) => seg.match).map((seg) => seg.text) };
    });
    const first = answer('report');
    el.value = 'report';
    const one = await first;
    await frames(6);
    const afterOne = rows();
    // The second answer arrives while the rows of the one before are still being drawn.
    const before = answer('quarterly');
    el.value = 'quarterly';
    await before;
    const second = answer('numbr 7');
    el.value = 'numbr 7';
    const two = await second;
    await frames(6);
    return { one: { rows: afterOne, expected: expected(one) }, two: { rows: rows(), expected: expected(two) } };
  });
  assert.equal(drawn.one.expected.length, 20);
  assert.deepEqual(drawn.one.rows, drawn.one.expected);
  assert.equal(drawn.two.expected.length, 1, 'fewer rows than the answer before: none of its rows may stay');
  assert.deepEqual(drawn.two.rows, drawn.two.expected);
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('arrow keys move through highlighted results, Enter selects, Escape clears; the count is announced', async () => {
  const page = await searchPageTyping('kubernetes');
  const shown = await page.evaluate(() => {
    const shadow = document.getElementById('s').shadowRoot;
    return {
      rows: [...shadow.querySelectorAll('li')].map((li) => li.textContent),
      marks: [...shadow.querySelectorAll('mark')].map((m) => m.textContent),
      count: shadow.getElementById('count').textContent,
      live: shadow.getElementById('count').getAttribute('aria-live'),
    };
  });
  assert.deepEqual(shown.rows, [SMALL[6], SMALL[7]]);
  assert.deepEqual(shown.marks, ['kubernetes', 'kubernetes']);
  assert.equal(shown.count, '2 results');
  assert.equal(shown.live, 'polite');
  await page.press('ArrowDown');
  await page.press('ArrowDown');
  await page.press('ArrowUp');
  await page.press('ArrowDown');
  const active = await page.evaluate(() => {
    const shadow = document.getElementById('s').shadowRoot;
    const id = shadow.getElementById('input').getAttribute('aria-activedescendant');
    return shadow.getElementById(id)?.textContent;
  });
  assert.equal(active, SMALL[7]);
  await page.press('Enter');
  assert.deepEqual(await page.evaluate(() => window.selected), [{ index: 7, text: SMALL[7] }]);
  await page.evaluate(() => { window.log = []; });
  await page.press('Escape');
  await waitFor(page, () => window.log.length > 0, undefined, { what: 'the cleared search' });
  const cleared = await page.evaluate(() => {
    const el = document.getElementById('s');
    return { value: el.value, rows: el.shadowRoot.querySelectorAll('li').length, last: window.log.at(-1) };
  });
  assert.equal(cleared.value, '');
  assert.equal(cleared.rows, 0);
  assert.deepEqual(cleared.last.indices, SMALL.map((_, i) => i), 'an empty query matches every note');
  await page.close();
});

test('the index follows its documents: a note added, changed and removed are found (or not) at once', async () => {
  const page = await searchPage(SMALL);
  const run = async (documents, query) => page.evaluate(async ({ documents, query }) => {
    const el = document.getElementById('s');
    window.log = [];
    el.documents = documents;
    el.value = query;
    while (!window.log.some((e) => e.query === query)) await new Promise((r) => setTimeout(r, 10));
    return window.log.at(-1);
  }, { documents, query });
  let docs = [...SMALL, 'a new note about kubernetes'];
  let entry = await run(docs, 'kubernetes');
  assert.deepEqual({ indices: entry.indices, scores: entry.scores }, referenceSearch(docs, 'kubernetes'));
  docs = docs.map((d, i) => (i === 6 ? 'nothing to see here' : d));
  entry = await run(docs, 'kubernetes');
  assert.deepEqual({ indices: entry.indices, scores: entry.scores }, referenceSearch(docs, 'kubernetes'));
  docs = docs.filter((_, i) => i !== 0);
  entry = await run(docs, 'kubernetes');
  assert.deepEqual({ indices: entry.indices, scores: entry.scores }, referenceSearch(docs, 'kubernetes'));
  await page.close();
});

test('for="ID" hands each answer to the target\'s filter(indices) and shows no list of its own', async () => {
  const page = await searchPage(SMALL, { attributes: 'for="list"' });
  await page.evaluate(() => {
    const list = Object.assign(document.createElement('div'), { id: 'list' });
    window.filtered = [];
    list.filter = (indices) => window.filtered.push(Array.from(indices));
    document.getElementById('root').append(list);
    document.getElementById('s').value = 'report';
  });
  const filtered = await waitFor(page, () => (window.filtered.length ? window.filtered : null), undefined, { what: 'filter()' });
  assert.deepEqual(filtered.at(-1), referenceSearch(SMALL, 'report').indices);
  assert.equal(await page.evaluate(() => document.getElementById('s').shadowRoot.getElementById('results').hidden), true);
  await page.close();
});

test('createSearchIndex(): a newer search supersedes older ones (AbortError), the newest equals the reference', async () => {
  const page = await browser.newPage();
  const outcome = await page.evaluate(async (texts) => {
    const index = await window.memento.createSearchIndex(texts);
    const queries = ['k', 'ku', 'kub', 'kube', 'kubernetes clu'];
    const settled = await Promise.allSettled(queries.map((q) => index.search(q)));
    const result = settled.map((s) => (s.status === 'fulfilled'
      ? { indices: Array.from(s.value.indices), scores: Array.from(s.value.scores) } : s.reason.name));
    const path = index.path;
    await index.insert(0, ['kubernetes clusters everywhere']);
    const afterInsert = await index.search('kubernetes clu');
    index.destroy();
    return { result, path, afterInsert: Array.from(afterInsert.indices) };
  }, SMALL);
  assert.deepEqual(outcome.result.slice(0, 4), ['AbortError', 'AbortError', 'AbortError', 'AbortError']);
  assert.deepEqual(outcome.result[4], referenceSearch(SMALL, 'kubernetes clu'));
  assert.equal(outcome.path, 'simd');
  assert.deepEqual(outcome.afterInsert, referenceSearch(['kubernetes clusters everywhere', ...SMALL], 'kubernetes clu').indices);
  await page.close();
});

test('axe-core finds no violations: empty, with highlighted results, with an active row', async () => {
  const page = await searchPage(SMALL);
  const violations = () => axeViolations(page);
  assert.deepEqual(await violations(), []);
  await page.press('Tab');
  await typeKeyByKey(page, 'report');
  assert.deepEqual(await violations(), []);
  await page.press('ArrowDown');
  assert.deepEqual(await violations(), []);
  await page.close();
});

test('the scalar build and the plain-JS fallback give the same answers, and say which path they run', async () => {
  for (const force of ['scalar', 'fallback']) {
    const page = await browser.newPage();
    const outcome = await page.evaluate(async ({ texts, force }) => {
      window.memento.forcePath(force);
      const index = await window.memento.createSearchIndex(texts);
      const answers = [];
      for (const q of ['cafe zurich', 'kubernets clu', 'κυβερ', 'quartely rep']) {
        const { indices, scores } = await index.search(q);
        answers.push({ indices: Array.from(indices), scores: Array.from(scores) });
      }
      const path = index.path;
      index.destroy();
      return { answers, path };
    }, { texts: SMALL, force });
    assert.equal(outcome.path, force === 'scalar' ? 'scalar' : 'js');
    assert.deepEqual(outcome.answers, ['cafe zurich', 'kubernets clu', 'κυβερ', 'quartely rep'].map((q) => referenceSearch(SMALL, q)));
    await page.close();
  }
});

test('attributes reflect to properties, and properties set before the element is defined are kept', async () => {
  const page = await browser.newPage({ load: false });
  const state = await page.evaluate(async (texts) => {
    document.getElementById('root').innerHTML = '<fuzzy-search id="s"></fuzzy-search>';
    const early = document.getElementById('s');
    early.documents = texts;
    early.label = 'Find a note';
    window.memento = await import(new URL('../../../dist/index.js', location.href).href);
    await customElements.whenDefined('fuzzy-search');
    const el = document.getElementById('s');
    el.maxResults = 1;
    el.placeholder = 'type here';
    const answer = new Promise((resolve) => el.addEventListener('search-results', ({ detail }) => resolve(detail), { once: true }));
    el.value = 'report';
    const detail = await answer;
    await new Promise(requestAnimationFrame);
    const shadow = el.shadowRoot;
    return {
      label: shadow.querySelector('label').textContent,
      labelAttribute: el.getAttribute('label'),
      placeholder: shadow.getElementById('input').placeholder,
      maxResultsAttribute: el.getAttribute('max-results'),
      rows: shadow.querySelectorAll('li').length,
      indices: Array.from(detail.indices),
    };
  }, SMALL);
  assert.deepEqual(state, { label: 'Find a note', labelAttribute: 'Find a note', placeholder: 'type here', maxResultsAttribute: '1',
    rows: 1, indices: referenceSearch(SMALL, 'report').indices });
  await page.close();
});

test('for="ID" on a <note-list> of 5,000 notes: indexes the opened notes itself, a typo\'d query filters the list as the reference, lock() clears it; the texts never pass through the page to the search worker', async () => {
  const page = await browser.newPage();
  const bodies = searchCorpus();
  const texts = bodies.map((body, i) => `Note ${i}\n${body}`);
  const QUERY = 'quartely repot';
  await page.evaluate(async () => {
    const bodies = (await import('/fixtures/search-corpus.js')).searchCorpus();
    const key = crypto.getRandomValues(new Uint8Array(32));
    window.sealed = await window.memento.sealNotes(bodies.map((body, i) => ({ id: `n${i}`, title: `Note ${i}`, body })), key);
    window.key = key;
    // Every message the page posts to a search worker is kept, to show that no note text is among them.
    const NativeWorker = window.Worker;
    window.toSearch = [];
    window.Worker = class extends NativeWorker {
      constructor(url, options) { super(url, options); this.moduleName = options?.name; }
      postMessage(message, transfer) {
        if (this.moduleName === 'search') window.toSearch.push(message);
        return super.postMessage(message, transfer);
      }
    };
    // No page code between the two elements: only markup.
    document.getElementById('root').innerHTML = '<fuzzy-search id="s" for="list"></fuzzy-search><note-list id="list"></note-list>';
    const search = document.getElementById('s');
    const list = document.getElementById('list');
    window.log = [];
    search.addEventListener('search-results', ({ detail }) => window.log.push({ query: detail.query, n: detail.indices.length }));
    window.opened = 0;
    list.addEventListener('notes-opened', () => { window.opened++; });
    list.notes = window.sealed;
    list.deviceKey = key;
  });
  await waitFor(page, () => window.opened === 1, undefined, { what: 'the notes to open', timeout: 60000 });

  const searchAndView = (query) => page.evaluate(async (q) => {
    const search = document.getElementById('s');
    const answered = new Promise((resolve) => search.addEventListener('search-results', function on({ detail }) {
      if (detail.query === q) { search.removeEventListener('search-results', on); resolve(detail); }
    }));
    search.value = q;
    const detail = await answered;
    return { view: document.getElementById('list').view, indices: Array.from(detail.indices),
      count: search.shadowRoot.getElementById('count').textContent };
  }, query);

  const reference = referenceSearch(texts, QUERY);
  assert.ok(reference.indices.length > 0 && reference.indices.length < texts.length, 'the query selects some notes, not all');
  const typo = await searchAndView(QUERY);
  assert.deepEqual(typo.indices, reference.indices);
  assert.deepEqual(typo.view, reference.indices, 'the list shows exactly the results, in their order');
  assert.equal(typo.count, `${reference.indices.length.toLocaleString('en')} results`);

  const all = await searchAndView('');
  assert.deepEqual(all.view, texts.map((_, i) => i), 'an empty query shows every note in corpus order');

  // lock(): the index, the query and the results are emptied; a search then finds nothing.
  const locked = await page.evaluate(async () => {
    const search = document.getElementById('s');
    search.value = 'quartely';
    await new Promise((resolve) => search.addEventListener('search-results', resolve, { once: true }));
    document.getElementById('list').lock();
    window.log = [];
    search.value = 'report';
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { value: search.value === 'report', results: search.results, log: window.log, path: search.path,
      view: document.getElementById('list').view, count: search.shadowRoot.getElementById('count').textContent };
  });
  assert.deepEqual(locked, { value: true, results: undefined, log: [], path: undefined, view: [],
    count: 'The notes are locked: unlock them to search.' });

  // Unlocked again: the index follows the reopened list (one note changed, one removed).
  await page.evaluate(async () => {
    const list = document.getElementById('list');
    const [changed] = await window.memento.sealNotes([{ id: 'n7', title: 'Note 7', body: 'the quarterly report of the garden' }], window.key);
    const notes = window.sealed.slice();
    notes[7] = changed;
    notes.splice(8, 1);
    document.getElementById('s').value = '';
    list.notes = notes;
    list.deviceKey = window.key;
  });
  await waitFor(page, () => window.opened === 2, undefined, { what: 'the notes to reopen', timeout: 60000 });
  const next = texts.slice();
  next[7] = 'Note 7\nthe quarterly report of the garden';
  next.splice(8, 1);
  const reopened = await searchAndView(QUERY);
  assert.deepEqual(reopened.view, referenceSearch(next, QUERY).indices);
  assert.ok(reopened.view.includes(7));

  // The search worker is evicted (page-wide cap): the index is fed again from the list's notes worker.
  await page.evaluate(async () => {
    const list = document.getElementById('list');
    list.searchFeed().port.close();      // the notes worker is now the more recently used one
    await new Promise((resolve) => setTimeout(resolve, 300));
    window.memento.setWorkerCap(2);
    window.other = await window.memento.createSearchIndex(['another index']);   // evicts the idle search worker
  });
  const evicted = await searchAndView('kubernets clustr');
  assert.deepEqual(evicted.indices, referenceSearch(next, 'kubernets clustr').indices);
  assert.deepEqual(evicted.view, evicted.indices);
  await page.evaluate(() => { window.other.destroy(); window.memento.setWorkerCap(8); });

  // A second <fuzzy-search> added after the list opened is fed at once.
  const late = await page.evaluate(async (q) => {
    const search = Object.assign(document.createElement('fuzzy-search'), { id: 's2' });
    search.setAttribute('for', 'list');
    document.getElementById('root').append(search);
    const answered = new Promise((resolve) => search.addEventListener('search-results', function on({ detail }) {
      if (detail.query === q) { search.removeEventListener('search-results', on); resolve(Array.from(detail.indices)); }
    }));
    search.value = q;
    return answered;
  }, QUERY);
  assert.deepEqual(late, referenceSearch(next, QUERY).indices);

  // What the page sent the search workers: feeds (ports) and queries, never a note's text.
  const sent = await page.evaluate(() => {
    const strings = [];
    const walk = (value) => {
      if (typeof value === 'string') strings.push(value);
      else if (value && typeof value === 'object' && !(value instanceof WebAssembly.Module) && !ArrayBuffer.isView(value)) {
        for (const item of Object.values(value)) walk(item);
      }
    };
    window.toSearch.forEach(walk);
    const ops = window.toSearch.filter((m) => m.type === 'call').map((m) => m.op);
    return { strings: [...new Set(strings)], feeds: ops.filter((op) => op === 'feed').length, creates: ops.filter((op) => op === 'create').length,
      ports: window.toSearch.filter((m) => m.op === 'feed' && m.args.port instanceof MessagePort).length };
  });
  const noteFragments = texts.flatMap((text) => text.split('\n')).filter((part) => part.length >= 8);
  const leaked = sent.strings.filter((value) => value.includes('\n') || noteFragments.some((part) => value.includes(part)));
  assert.deepEqual(leaked, [], 'no note text was posted from the page to a search worker');
  // Four feeds: the first opening, the reopening after lock(), the evicted worker's, the late element's.
  assert.equal(sent.feeds, 4, 'the indexes were fed from the notes worker');
  assert.equal(sent.ports, sent.feeds, 'every feed carried a port');
  assert.equal(sent.creates, 1, 'only the unrelated createSearchIndex() sent texts');

  // Locked: there is nothing to feed.
  const refused = await page.evaluate(async () => {
    const list = document.getElementById('list');
    list.lock();
    const { port, done } = list.searchFeed();
    port.close();
    return done.then(() => 'fed', (error) => `${error.name}: ${list.state}`);
  });
  assert.equal(refused, 'InvalidStateError: locked');
  assert.deepEqual(page.problems, []);
  await page.close();
});

// A page with <fuzzy-search id="s" for="list"> and <note-list id="list"> over `bodies` (titles "Note i"),
// unlocked and opened; every `results` and `select` event is logged.
async function listPage(bodies, { lang = '' } = {}) {
  const page = await browser.newPage();
  await page.evaluate(async ({ bodies, lang }) => {
    if (lang) document.documentElement.lang = lang;
    const key = crypto.getRandomValues(new Uint8Array(32));
    window.key = key;
    window.sealed = await window.memento.sealNotes(bodies.map((body, i) => ({ id: `n${i}`, title: `Note ${i}`, body })), key);
    document.getElementById('root').innerHTML = '<fuzzy-search id="s" for="list"></fuzzy-search><note-list id="list"></note-list>';
    const search = document.getElementById('s');
    const list = document.getElementById('list');
    window.log = [];
    window.selected = [];
    window.opened = 0;
    search.addEventListener('search-results', ({ detail }) => window.log.push({ query: detail.query, indices: Array.from(detail.indices) }));
    for (const [el, type] of [[search, 'search-select'], [list, 'notes-select']]) el.addEventListener(type, ({ detail }) => window.selected.push({ on: el.id, index: detail.index }));
    list.addEventListener('notes-opened', () => { window.opened++; });
    list.notes = window.sealed;
    list.deviceKey = key;
  }, { bodies, lang });
  await waitFor(page, () => window.opened === 1, undefined, { what: 'the notes to open', timeout: 60000 });
  return page;
}

const shadowText = (page, id, part) => page.evaluate(({ id, part }) => document.getElementById(id).shadowRoot.getElementById(part).textContent, { id, part });
const focusedIn = (page) => page.evaluate(() => {
  const outer = document.activeElement;
  return { host: outer?.id, inner: outer?.shadowRoot?.activeElement?.id };
});

test('for= a <note-list>: ↓ moves into the list\'s rows, Enter in the field opens the top result (select on the list), Escape clears', async () => {
  const page = await listPage(SMALL);
  await page.press('Tab');
  assert.deepEqual(await focusedIn(page), { host: 's', inner: 'input' });
  await typeKeyByKey(page, 'report');
  const reference = referenceSearch(SMALL.map((body, i) => `Note ${i}\n${body}`), 'report').indices;
  assert.deepEqual(await page.evaluate(() => document.getElementById('list').view), reference);
  await page.press('Enter');
  assert.deepEqual(await page.evaluate(() => window.selected), [{ on: 'list', index: reference[0] }], 'Enter opened the top result');
  await page.press('ArrowDown');
  assert.deepEqual(await focusedIn(page), { host: 'list', inner: 'list' }, '↓ moved the focus into the list');
  await page.press('ArrowDown');
  await page.press('Enter');
  assert.deepEqual((await page.evaluate(() => window.selected)).at(-1), { on: 'list', index: reference[1] }, 'the second row, chosen in the list');
  await page.press('Escape');
  assert.deepEqual(await focusedIn(page), { host: 's', inner: 'input' }, 'Escape in the list goes back to the field');
  await page.evaluate(() => { window.log = []; });
  await page.press('Escape');
  await waitFor(page, () => window.log.some((e) => e.query === ''), undefined, { what: 'the cleared search' });
  const cleared = await page.evaluate(() => ({ value: document.getElementById('s').value, view: document.getElementById('list').view }));
  assert.deepEqual(cleared, { value: '', view: SMALL.map((_, i) => i) });
  assert.equal(await shadowText(page, 'list', 'status'), '10 notes.', 'the list\'s own count again');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('without for=: Enter right after typing opens the top result; ↓ on no results does nothing', async () => {
  const page = await searchPageTyping('quartely');
  await page.press('Enter');
  const top = referenceSearch(SMALL, 'quartely').indices[0];
  assert.deepEqual(await page.evaluate(() => window.selected), [{ index: top, text: SMALL[top] }]);
  await page.evaluate(() => { window.log = []; window.selected = []; });
  await page.press('Escape');
  await waitFor(page, () => window.log.some((e) => e.query === ''), undefined, { what: 'the cleared search' });
  await typeKeyByKey(page, 'zzz');
  await page.press('ArrowDown');
  await page.press('Enter');
  assert.deepEqual(await page.evaluate(() => window.selected), []);
  assert.deepEqual(await focusedIn(page), { host: 's', inner: 'input' });
  await page.close();
});

test('counts agree and follow the locale: "240 of 1.200 notes" under lang=de, the empty state names the query', async () => {
  const bodies = Array.from({ length: 1200 }, (_, i) => SMALL[i % SMALL.length]);
  const page = await listPage(bodies, { lang: 'de' });
  assert.equal(await shadowText(page, 'list', 'status'), '1.200 notes.');
  const search = (query) => page.evaluate(async (q) => {
    const el = document.getElementById('s');
    const answered = new Promise((resolve) => el.addEventListener('search-results', function on({ detail }) {
      if (detail.query === q) { el.removeEventListener('search-results', on); resolve(detail.indices.length); }
    }));
    el.value = q;
    return answered;
  }, query);
  assert.equal(await search('kubernetes'), 240);
  assert.equal(await shadowText(page, 'list', 'status'), '240 of 1.200 notes.');
  assert.equal(await shadowText(page, 's', 'count'), '240 results');
  assert.equal(await search('xyzzy'), 0);
  assert.equal(await shadowText(page, 'list', 'status'), 'No note matches “xyzzy”.');
  assert.equal(await page.evaluate(() => document.getElementById('list').shadowRoot.getElementById('list').hidden), true);
  assert.equal(await search(''), 1200);
  assert.equal(await shadowText(page, 'list', 'status'), '1.200 notes.');
  await page.evaluate(() => { document.documentElement.lang = 'en'; });
  assert.equal(await search('kubernetes'), 240);
  assert.equal(await shadowText(page, 'list', 'status'), '240 of 1,200 notes.');
  assert.deepEqual(page.problems, []);
  await page.close();
});

test('a <fuzzy-search> whose <note-list> is locked, failed or empty is disabled and says why', async () => {
  const page = await listPage(SMALL);
  const field = () => page.evaluate(() => {
    const shadow = document.getElementById('s').shadowRoot;
    return { disabled: shadow.getElementById('input').disabled, count: shadow.getElementById('count').textContent };
  });
  assert.deepEqual(await field(), { disabled: false, count: '' });
  await page.evaluate(() => document.getElementById('list').lock());
  assert.deepEqual(await field(), { disabled: true, count: 'The notes are locked: unlock them to search.' });
  await page.evaluate(() => { document.getElementById('list').deviceKey = window.key; });
  await waitFor(page, () => window.opened === 2, undefined, { what: 'the notes to reopen' });
  assert.deepEqual(await field(), { disabled: false, count: '' });
  await page.evaluate(() => { document.getElementById('list').notes = []; });
  assert.deepEqual(await field(), { disabled: true, count: 'There are no notes to search.' });
  await page.evaluate(() => { document.getElementById('list').deviceKey = crypto.getRandomValues(new Uint8Array(32)); document.getElementById('list').notes = window.sealed; });
  await waitFor(page, () => document.getElementById('list').state === 'failed', undefined, { what: 'the wrong key to fail' });
  assert.deepEqual(await field(), { disabled: true, count: 'The notes could not be opened: there is nothing to search.' });
  // A field not yet following an open list: a list defined with no notes.
  const fresh = await page.evaluate(async () => {
    const root = document.getElementById('root');
    root.insertAdjacentHTML('beforeend', '<fuzzy-search id="s3" for="list3"></fuzzy-search><note-list id="list3"></note-list>');
    await new Promise((resolve) => setTimeout(resolve, 0));
    const input = document.getElementById('s3').shadowRoot.getElementById('input');
    return { disabled: input.disabled, count: document.getElementById('s3').shadowRoot.getElementById('count').textContent };
  });
  assert.deepEqual(fresh, { disabled: true, count: 'There are no notes to search.' });
  assert.deepEqual(await axeViolations(page), []);
  await page.close();
});

test('a <note-list> filtered by a <fuzzy-search> marks the matched words in its rows\' titles and snippets, as the reference segments', async () => {
  const bodies = searchCorpus().slice(0, 400);
  const page = await listPage(bodies);
  const rows = (query, scroll = 0) => page.evaluate(async ({ q, scroll }) => {
    const { highlightSegments, wordMatcher } = await import('/components/internal/search-highlight.js');
    const el = document.getElementById('s');
    const list = document.getElementById('list');
    const answered = new Promise((resolve) => el.addEventListener('search-results', function on({ detail }) {
      if (detail.query === q) { el.removeEventListener('search-results', on); resolve(detail); }
    }));
    el.value = q;
    const detail = await answered;
    if (scroll) {
      // Rows past the first results' highlights: the list asks the search worker for theirs.
      list.shadowRoot.getElementById('list').scrollTop = scroll;
      const inSight = () => [...list.shadowRoot.querySelectorAll('.row')].filter((row) => Number(row.dataset.position) >= 20);
      for (let i = 0; i < 100 && !(inSight().length && inSight().every((row) => row.querySelector('mark'))); i++) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const matches = wordMatcher(q);
    const drawn = (span) => ({ text: span.textContent, marks: [...span.querySelectorAll('mark')].map((m) => m.textContent) });
    const expected = (segments) => ({ text: segments.map((s) => s.text).join(''), marks: segments.filter((s) => s.match).map((s) => s.text) });
    const snapshot = () => [...list.shadowRoot.querySelectorAll('.row')].map((row) => {
      const note = list.opened[detail.indices[Number(row.dataset.position)]];
      return {
        drawn: { title: drawn(row.querySelector('.title')), snippet: drawn(row.querySelector('.snippet')) },
        expected: { title: expected(highlightSegments(note.title, matches, { words: Infinity, before: Infinity })),
          snippet: expected(highlightSegments(note.body, matches)) },
      };
    });
    // Rows past the ones that came with the answer are drawn highlighted a frame or two later.
    const same = (rows) => rows.every((row) => JSON.stringify(row.drawn) === JSON.stringify(row.expected));
    for (let i = 0; i < 50 && !same(snapshot()); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    return snapshot();
  }, { q: query, scroll });
  for (const query of ['quartely reprot', 'reprot', 'note 1']) {
    const shown = await rows(query);
    assert.ok(shown.length > 0, `"${query}" shows some rows`);
    assert.ok(shown.some((row) => row.drawn.snippet.marks.length + row.drawn.title.marks.length > 0), `"${query}" marks words`);
    for (const row of shown) assert.deepEqual(row.drawn, row.expected, query);
  }
  const scrolled = await rows('note 1', 40 * 56);
  assert.ok(scrolled.length > 3 && scrolled.every((row) => row.drawn.title.marks.length > 0), 'rows scrolled into sight get their highlights');
  for (const row of scrolled) assert.deepEqual(row.drawn, row.expected, 'scrolled');
  assert.deepEqual(page.problems, []);
  assert.deepEqual(await axeViolations(page), []);
  await page.close();
});
