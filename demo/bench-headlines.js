// The benchmark section's headlines: what a user of our API gets against what
// a user of the peer gets, from the recorded runs (`npm run bench`,
// bench/results/*.json, their Chromium sections). Each line names the rows it
// compares; the kernel-only rows stay in the JSON and the charts.
import { ratioText } from './bench.js';

// [file, section, case, our row, peers, what the line says]
const HEADLINES = [
  // <vault-unlock> readies its worker while the password is typed (warmArgon2); a cold call starts one per hash.
  ['argon2', 'chromium', 't3-m64MiB-p1', 'ours-api-warm', ['libsodium-wrappers', 'hash-wasm'],
    'Argon2id, 64 MiB, t=3: one hash through argon2id() on a worker readied while the password is typed, as <vault-unlock> does'],
  ['argon2', 'chromium', 't3-m64MiB-p1', 'ours-api', ['libsodium-wrappers', 'hash-wasm'],
    'The same hash as a cold call: a fresh worker started, its wasm instantiated and its 64 MiB taken, all timed'],
  ['notes', 'chromium', 'open-5000', 'ours-api', ['libsodium-wrappers'],
    'Opening 5,000 notes through openNotes(), against libsodium-wrappers note by note'],
  ['search', 'keystrokes-chromium', 'type-two-words-typo', 'ours-wasm', ['minisearch', 'ufuzzy'],
    'Search as you type, two words with a typo: the slowest keystroke of our index, in its worker'],
  ['texture', 'chromium', 'stone-wall-1024', 'api', ['simplex-noise'],
    'A 1024 × 1024 texture through renderTexture(): our five maps against simplex-noise\'s one grey channel'],
  ['blur', 'chromium', 'whole-r8', 'api', ['stackblur'],
    'The glass blur of a 720 × 450 sky, r = 8, through boxBlur(), against StackBlur (another kernel)'],
];

const PEER_NAMES = { 'libsodium-wrappers': 'libsodium-wrappers', 'hash-wasm': 'hash-wasm', minisearch: 'MiniSearch',
  ufuzzy: 'uFuzzy', 'simplex-noise': 'simplex-noise', stackblur: 'StackBlur' };

async function loadResults(file) {
  const response = await fetch(new URL(`../bench/results/${file}.json`, import.meta.url));
  if (!response.ok) throw new Error(`bench/results/${file}.json: HTTP ${response.status}`);
  return response.json();
}

/** One headline from a results file: {what, ratios: [{peer, ratio}], date}, or null when a row is missing. */
export function headlineOf(results, [, section, caseId, ours, peers, what]) {
  const found = results.sections?.[section]?.cases?.find((c) => c.id === caseId);
  const row = (id) => found?.contenders.find((c) => c.id === id && c.available && c.medianMs > 0);
  const our = row(ours);
  if (!our) return null;
  const ratios = peers.map((id) => row(id)).filter(Boolean).map((peer) => ({ peer: PEER_NAMES[peer.id] ?? peer.label, ratio: peer.medianMs / our.medianMs }));
  if (!ratios.length) return null;
  return { what, ratios, date: results.sections[section].runId?.slice(0, 10) };
}

/** Fills `list` with one line per module and says where the numbers come from in `note`. */
export async function showHeadlines(list, note) {
  const lines = [];
  const dates = new Set();
  await Promise.all(HEADLINES.map(async (headline, i) => {
    try {
      const line = headlineOf(await loadResults(headline[0]), headline);
      if (line) {
        lines[i] = line;
        dates.add(line.date);
      }
    } catch {
      // A missing results file leaves its line out; the button below still runs everything here.
    }
  }));
  const items = lines.filter(Boolean).map(({ what, ratios }) => {
    const item = document.createElement('li');
    ratios.forEach(({ peer, ratio }, k) => {
      const strong = document.createElement('strong');
      strong.textContent = ratioText(ratio, peer);
      if (ratio < 0.95) strong.className = 'slower';
      if (k) item.append(', ');
      item.append(strong);
    });
    const detail = document.createElement('span');
    detail.className = 'what';
    detail.textContent = what;
    item.append(detail);
    return item;
  });
  if (!items.length) {
    list.innerHTML = '<li>No recorded results here: run them below.</li>';
    return;
  }
  list.replaceChildren(...items);
  note.textContent = `Medians recorded in headless Chromium (${[...dates].sort().join(', ')}) on a shared 2-core machine; `
    + 'ratios, not milliseconds, are what carries over.';
}
