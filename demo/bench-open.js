// The benchmark section's timeline from the password to the notes
// (`npm run bench -- open`, bench/results/open.json): what the user waits for
// (rows on screen, the first search answer), then each phase of the pipe, in
// ms from the moment the list gets its key, as medians over fresh pages.
import { formatMs } from './bench.js';

// The runtime's user-timing names (common/timeline.js), as a visitor reads them.
const PHASE_NAMES = {
  'notes:pack': 'pack the sealed notes (page)',
  'notes:openNotes call (page)': 'the worker calls of the open, as the page sees them',
  'notes:openNotes (in worker)': 'the notes worker opening',
  'notes:strings': 'bytes to strings (page)',
  'note-list:decrypted': 'first notes opened',
  'note-list:first-rows': 'first rows in the list',
  'search:feed (in worker)': 'the search index built from the notes worker\'s bytes',
  'search:search (in worker)': 'the first search',
  'search:guess (in worker)': 'the next keys guessed (after the first answer)',
};

/**
 * The timeline's rows from a results file: the user's waits, then the phases in order of start.
 * @returns {{waits: {what: string, ms: number, target?: number}[], phases: {what: string, start: number, end: number}[], pages: number, date: string} | null}
 */
export function openTimeline(results) {
  const { summary, targets = {}, phases = [] } = results ?? {};
  if (!summary || !Number.isFinite(summary.rowsPainted) || !Number.isFinite(summary.firstAnswer)) return null;
  const waits = [
    { what: 'key to rows painted', ms: summary.rowsPainted, target: targets.rowsPainted },
    { what: 'key to the first answer for a query typed at once', ms: summary.firstAnswer, target: targets.firstAnswer },
    { what: 'longest frame gap meanwhile', ms: summary.longestFrameGap, target: targets.longestFrameGap },
  ].filter((wait) => Number.isFinite(wait.ms));
  const shown = phases.filter((phase) => PHASE_NAMES[phase.name] && Number.isFinite(phase.start) && Number.isFinite(phase.end))
    .sort((a, b) => a.start - b.start)
    .map((phase) => ({ what: PHASE_NAMES[phase.name], start: phase.start, end: phase.end }));
  return { waits, phases: shown, pages: results.pages, date: String(results.date ?? '').slice(0, 10) };
}

/** Draws the recorded timeline into `container` (a bar per phase on one ms scale), or says there is none. */
export async function showOpenTimeline(container) {
  let timeline = null;
  try {
    const response = await fetch(new URL('../bench/results/open.json', import.meta.url));
    if (response.ok) timeline = openTimeline(await response.json());
  } catch {
    // No recorded run: said below.
  }
  if (!timeline) {
    container.textContent = 'No recorded run of `npm run bench -- open` here.';
    return;
  }
  const waits = document.createElement('p');
  waits.className = 'open-waits';
  waits.textContent = timeline.waits.map(({ what, ms, target }) => `${what}: ${formatMs(ms)}${target ? ` (target ${target} ms)` : ''}`)
    .join(' · ');
  const scale = Math.max(...timeline.phases.map((phase) => phase.end), ...timeline.waits.map((wait) => wait.ms), 1);
  const list = document.createElement('ol');
  list.className = 'open-phases';
  for (const { what, start, end } of timeline.phases) {
    const item = document.createElement('li');
    const label = document.createElement('span');
    label.textContent = `${what}: ${formatMs(start)} to ${formatMs(end)}`;
    const bar = document.createElement('span');
    bar.className = 'open-bar';
    bar.style.marginInlineStart = `${(100 * start) / scale}%`;
    bar.style.width = `max(2px, ${(100 * (end - start)) / scale}%)`;
    item.append(label, bar);
    list.append(item);
  }
  const note = document.createElement('p');
  note.className = 'recorded';
  note.textContent = `5,000 notes in a <note-list> with a <fuzzy-search for> beside it; ms from the moment the list has its key, `
    + `medians of ${timeline.pages} fresh pages in headless Chromium (${timeline.date}).`;
  container.replaceChildren(waits, list, note);
}
