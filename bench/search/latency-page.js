// One page of the latency scenario of `npm run bench -- search`
// (bench/search/engines.mjs, latency-chromium): a <fuzzy-search> over 5,000
// notes, with its own list (`documents`) or `for` a <note-list> of the same
// notes sealed and opened. The driver types real keys (CDP input, through the
// browser's own input handling) at a person's pace; for every keystroke the
// page records the input event, the `results` event and the first animation
// frame after it (the frame that paints the rows), and every frame gap. The
// same page is loaded plain and under /iso/ (cross-origin isolated: there the
// answer comes through shared memory in the task of the key), so every import
// is relative.
import { sealNotes } from '../../dist/index.js';
import { searchCorpus } from '../../fixtures/search-corpus.js';

const root = document.getElementById('root');
const keys = [];
const frames = [];

window.setup = async (mode) => {
  const bodies = searchCorpus();
  if (mode === 'own') {
    root.innerHTML = '<fuzzy-search id="search" label="Search the notes"></fuzzy-search>';
    const search = document.getElementById('search');
    const ready = new Promise((resolve) => search.addEventListener('search-results', resolve, { once: true }));
    search.documents = bodies.map((body, i) => `Note ${i}\n${body}`);
    search.value = '';
    await ready;
  } else {
    root.innerHTML = '<fuzzy-search id="search" for="notes" label="Search the notes"></fuzzy-search><note-list id="notes"></note-list>';
    const list = document.getElementById('notes');
    const key = crypto.getRandomValues(new Uint8Array(32));
    const opened = new Promise((resolve) => list.addEventListener('notes-opened', resolve, { once: true }));
    list.notes = await sealNotes(bodies.map((body, i) => ({ id: `n${i}`, title: `Note ${i}`, body })), key);
    list.deviceKey = key;
    await opened;
    const search = document.getElementById('search');
    const ready = new Promise((resolve) => search.addEventListener('search-results', resolve, { once: true }));
    search.value = '';
    await ready;
  }
  const search = document.getElementById('search');
  // Captured on the shadow root, before the element's own listener: the answer may come in that listener's task.
  search.shadowRoot.addEventListener('input', (event) => {
    const entry = { query: event.target.value, key: event.timeStamp, input: performance.now() };
    keys.push(entry);
    // The frame that follows the key (it paints the typed character): did the answer come before it?
    requestAnimationFrame(() => { entry.firstFrame = performance.now(); });
  }, { capture: true });
  search.addEventListener('search-results', ({ detail }) => {
    const entry = keys.findLast((k) => k.query === detail.query && k.results === undefined);
    if (!entry) return;
    entry.results = performance.now();
    entry.searchMs = detail.searchMs;
    requestAnimationFrame((now) => { entry.frame = now; entry.afterFrame = performance.now(); });
  });
  const tick = (now) => { frames.push(now); requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  search.focus();
  return self.crossOriginIsolated === true;
};

window.clearQuery = async () => {
  const search = document.getElementById('search');
  const done = new Promise((resolve) => search.addEventListener('search-results', resolve, { once: true }));
  search.value = '';
  await done;
  keys.length = 0;
  frames.length = 0;
};

// Every keystroke since clearQuery(): input -> results, input -> the frame after the results; the longest frame gap
// while typing (from the first key's input on: the "while typing") and, apart, the longest in the pause
// between clearQuery() and the first key; every gap over 20 ms with the last key before its frame (null: before
// the first key), to tell where a long frame comes from.
window.collect = () => {
  const gaps = [];
  const gapsBefore = [];
  const longGaps = [];
  const typingFrom = keys[0]?.input ?? Infinity;
  for (let i = 1; i < frames.length; i++) {
    (frames[i - 1] >= typingFrom ? gaps : gapsBefore).push(frames[i] - frames[i - 1]);
    if (frames[i] - frames[i - 1] > 20) {
      const key = keys.findLast((k) => k.input <= frames[i]);
      longGaps.push({ ms: frames[i] - frames[i - 1], afterKey: key?.query ?? null, sinceKeyMs: key ? frames[i - 1] - key.input : null });
    }
  }
  return {
    longGaps,
    keystrokes: keys.map((k) => ({ query: k.query, keyToInput: k.input - k.key, toResults: k.results - k.input,
      toFrame: k.frame - k.input, searchMs: k.searchMs, toFirstFrame: k.firstFrame - k.input,
      beforeFirstFrame: k.results !== undefined && k.firstFrame !== undefined && k.results < k.firstFrame })),
    longestGap: Math.max(0, ...gaps),
    longestGapBeforeTyping: Math.max(0, ...gapsBefore),
  };
};
