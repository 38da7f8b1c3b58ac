// The benchmark section's headlines: what a user of our API waits for against
// what a user of the peer waits for, in the same situation, from the recorded
// calls run (`npm run bench -- calls`, bench/results/calls.json, its Chromium
// section): the first call in a fresh page, a call after 10 s idle and the
// fifth call in a row, each timed from the call to the result in the caller's
// hands; the first call both from a page that imports dist/api.js from its
// server and with our API bundled into an app, as the peers' code is. Each line
// says its job and each ratio its situation; a ratio below 1 reads "slower",
// and only then. A chart per job (demo/bench-calls.js) draws the same numbers.
import { ratioText } from './bench.js';

// [calls job, peers, what the line says]
const HEADLINES = [
  ['argon2id-64MiB-p1', ['libsodium-wrappers'], 'Argon2id, 64 MiB, t=3, p=1 through argon2id(), against libsodium-wrappers (after await sodium.ready)'],
  ['argon2id-64MiB-p4', ['hash-wasm'], 'Argon2id, 64 MiB, t=3, p=4 through argon2id() (its lanes in parallel), against hash-wasm'],
  ['open-5000', ['libsodium-wrappers'], 'Opening 5,000 notes through openNotes(), against libsodium-wrappers note by note'],
  ['search-build-5000', ['minisearch'], 'Indexing 5,000 notes through createSearchIndex(), against MiniSearch\'s addAll'],
  ['search-keystroke-5000', ['minisearch'], 'A keystroke with a typo over 5,000 indexed notes through search(), against MiniSearch\'s search()'],
  ['texture-1024', ['simplex-noise'], 'A 1024 × 1024 texture through renderTexture(): our five maps against simplex-noise\'s one grey channel'],
  ['blur-r8', ['stackblur'], 'The glass blur of a 720 × 450 sky, r = 8, through boxBlur(), against StackBlur (another kernel)'],
];

// The situations as a line names them (bench/calls/report.mjs SITUATIONS).
export const SITUATION_NAMES = { first: 'first call in a fresh page', idle: 'after 10 s idle', row: 'in a row' };
// The first call again with our API bundled into the app, as the peers are (bench/calls/page.js, "app").
const BUNDLED_FIRST = 'first call, bundled into an app';
const PEER_NAMES = { 'libsodium-wrappers': 'libsodium-wrappers', 'hash-wasm': 'hash-wasm', minisearch: 'MiniSearch',
  'simplex-noise': 'simplex-noise', stackblur: 'StackBlur' };

export async function loadCalls() {
  const response = await fetch(new URL('../bench/results/calls.json', import.meta.url));
  if (!response.ok) throw new Error(`bench/results/calls.json: HTTP ${response.status}`);
  return response.json();
}

/**
 * One headline from the calls results: {what, situations: [{situation, name, ratios: [{peer, ratio}]}], date, why?}
 * (ratio = the peer's median / ours, in that situation; why: what a "slower" costs, see whySlower), or null when the
 * job or its peers were not recorded.
 */
export function headlineOf(calls, [jobId, peers, what], section = 'chromium') {
  const recorded = calls.sections?.[section];
  const job = recorded?.summary?.find((j) => j.id === jobId);
  if (!job) return null;
  const ratiosOf = (against, situation) => peers.filter((peer) => Number.isFinite(against?.[peer]?.[situation]))
    .map((peer) => ({ peer: PEER_NAMES[peer] ?? peer, ratio: against[peer][situation] }));
  const situations = Object.keys(SITUATION_NAMES).flatMap((situation) => [
    { situation, name: SITUATION_NAMES[situation], ratios: ratiosOf(job.vsPeers, situation) },
    // The first call of our API bundled into the page as an app's bundler makes it, as the peers' code came.
    ...(situation === 'first' ? [{ situation: 'first-bundled', name: BUNDLED_FIRST, ratios: ratiosOf(job.appVsPeers, 'first') }] : []),
  ]).filter((s) => s.ratios.length);
  if (!situations.length) return null;
  return { what, situations, date: String(recorded.date ?? '').slice(0, 10), why: whySlower(job, situations, recorded.freshMemory) };
}

/**
 * Where a line says "slower" and the job takes fresh memory each call (bench/calls/report.mjs freshMiB): what that
 * memory cost on the recorded machine, the reason a job that gives its memory back cannot catch a peer that keeps it.
 */
function whySlower(job, situations, freshMemory) {
  if (!job.freshMiB || !freshMemory || !situations.some((s) => s.ratios.some((r) => r.ratio < 0.95))) return undefined;
  const ms = Math.round(job.freshMiB * freshMemory.msPerMiB);
  return `Each call takes ${job.freshMiB} MiB of fresh memory (${job.freshWhat}), which cost ${ms} ms on the recorded `
    + 'machine; our worker gives it back after the call, so the page does not keep it.';
}

/** The headline as an <li>: per situation its name and ratios ("slower" in rose only below 0.95). */
function headlineItem({ what, situations, why }) {
  const item = document.createElement('li');
  situations.forEach(({ name, ratios }, i) => {
    if (i) item.append(' · ');
    item.append(`${name}: `);
    ratios.forEach(({ peer, ratio }, k) => {
      const strong = document.createElement('strong');
      strong.textContent = ratioText(ratio, peer);
      if (ratio < 0.95) strong.className = 'slower';
      if (k) item.append(', ');
      item.append(strong);
    });
  });
  const detail = document.createElement('span');
  detail.className = 'what';
  detail.textContent = what;
  item.append(detail);
  if (why) {
    const reason = document.createElement('span');
    reason.className = 'what';
    reason.textContent = why;
    item.append(reason);
  }
  return item;
}

/** Fills `list` with one line per job and says where the numbers come from in `note`. */
export async function showHeadlines(list, note) {
  let calls;
  try {
    calls = await loadCalls();
  } catch {
    list.innerHTML = '<li>No recorded results here: run them below.</li>';
    return;
  }
  const lines = HEADLINES.map((headline) => headlineOf(calls, headline)).filter(Boolean);
  if (!lines.length) {
    list.innerHTML = '<li>No recorded results here: run them below.</li>';
    return;
  }
  list.replaceChildren(...lines.map(headlineItem));
  note.textContent = `Medians recorded by npm run bench -- calls in headless Chromium (${lines[0].date}) on a shared 2-core machine,`
    + ' each call timed from the call to the result in the caller\'s hands, each peer started as its documentation says;'
    + ' the first call twice: a page importing dist/api.js from its server (12 files), and our API bundled into an app,'
    + ' as the peers\' code is here; ratios, not milliseconds, are what carries over.';
}
