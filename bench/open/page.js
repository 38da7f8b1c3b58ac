// One fresh page of `npm run bench -- open`: a locked <note-list> of the demo's
// 5,000 notes with a <fuzzy-search for> beside it, as the demo has them. At t0
// the list gets its key (what key-from does) and "quartely" is typed at once;
// the page records when rows are first painted, when the first answer comes,
// every frame gap, and the runtime's own timeline (globalThis.mementoTimeline).
// `?dist=/build/dist-main`: another build's copy of dist/ (OPEN_AGAINST in bench/open.mjs).
const { sealNotes } = await import(`${new URLSearchParams(location.search).get('dist') ?? '/dist'}/index.js`);
import { vaultNotes } from '/fixtures/vault-corpus.js';

globalThis.mementoTimeline = true;
const QUERY = 'quartely';
const list = document.getElementById('notes');
const search = document.getElementById('search');

window.runOnce = async () => {
  const deviceKey = crypto.getRandomValues(new Uint8Array(32));
  list.notes = await sealNotes(vaultNotes(), deviceKey);   // untimed: the vault as the page loaded it
  await new Promise((resolve) => setTimeout(resolve, 300));
  performance.clearMeasures();
  performance.clearMarks();

  const frames = [];
  let watching = true;
  const tick = (now) => { frames.push(now); if (watching) requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));

  const rowsShown = () => (list.shadowRoot?.querySelectorAll('[role="option"]').length ?? 0) > 0;
  let rowsPainted;
  // The first frame whose animation-frame callbacks find rows in the list is the one that paints them.
  // performance.now() there, not the callback's argument: that is the frame's start (vsync), which on a
  // busy main thread comes before the rows were even added (measured: 9 ms against rows added at 119 ms).
  const watchRows = () => {
    if (rowsShown()) rowsPainted = performance.now();
    else requestAnimationFrame(watchRows);
  };
  const answered = new Promise((resolve) => {
    search.addEventListener('search-results', (event) => { if (event.detail.query === QUERY) resolve(performance.now()); });
  });
  const opened = new Promise((resolve) => list.addEventListener('notes-opened', () => resolve(performance.now()), { once: true }));

  const t0 = performance.now();
  list.deviceKey = deviceKey;
  const input = search.shadowRoot.querySelector('input');
  input.value = QUERY;
  input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
  requestAnimationFrame(watchRows);

  const [answerAt, openedAt] = await Promise.all([answered, opened]);
  while (rowsPainted === undefined) await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  await new Promise((resolve) => requestAnimationFrame(() => resolve()));
  watching = false;

  const end = Math.max(answerAt, rowsPainted);
  const inside = frames.filter((t) => t >= t0 - 20 && t <= end + 20);
  const gaps = inside.slice(1).map((t, i) => t - inside[i]);
  const phases = performance.getEntriesByType('measure')
    .filter((e) => e.name.startsWith('memento:') && e.startTime + e.duration >= t0)
    .map((e) => ({ name: e.name.slice('memento:'.length), start: e.startTime - t0, end: e.startTime + e.duration - t0 }));
  for (const name of ['note-list:decrypted', 'note-list:first-rows']) {
    const mark = performance.getEntriesByName(name, 'mark').at(-1);
    if (mark && mark.startTime >= t0) phases.push({ name, start: mark.startTime - t0, end: mark.startTime - t0 });
  }
  list.lock();
  return {
    rowsPainted: rowsPainted - t0,
    firstAnswer: answerAt - t0,
    allOpened: openedAt - t0,
    longestFrameGap: Math.max(0, ...gaps),
    phases,
  };
};
window.pageReady = true;
