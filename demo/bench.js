// The demo's in-browser benchmarks: ours (the plain API, as the elements use
// it) beside peers run in demo/bench-peers.js, a worker of their own. Each
// chart's first bar is our API, what a user of the library gets, and its
// verdict compares that bar with the peers; our kernel alone and our fallbacks
// are drawn below it for scale. Each contender is set up untimed, warmed up once, then timed `runs` times (each
// run repeats the job for at least 10 ms and keeps the mean); the bar is the median. Ours runs first, then the peers' worker (they cannot
// alternate across threads). Every contender's output is compared with ours
// and a disagreement is shown in place of the chart.
import { NEEDLE, vaultNotes } from '../fixtures/vault-corpus.js';
import { median } from '../fixtures/median.js';
import { hex, timeRuns } from './bench-timing.js';
import { digestMaps } from './bench-texture.js';
import { SKY, digestBytes, skyImage } from './bench-blur.js';

const SVG = 'http://www.w3.org/2000/svg';

export const SETTINGS = {
  full: { argon2: { t: 3, m: 16384 }, notes: 5000, texture: 512, runs: 3 },
  quick: { argon2: { t: 1, m: 256 }, notes: 400, texture: 128, runs: 1 },
};
const QUERIES = ['kubernets upgrde', 'quartely report', 'lanturn', 'moon gardn'];

function inWorker(file, job, { type = 'classic', transfer = [] } = {}) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(file, import.meta.url), { type, name: `bench-${job.kind}` });
    worker.onmessage = ({ data }) => {
      worker.terminate();
      if (data.type === 'done') resolve(data.contenders);
      else reject(new Error(data.message));
    };
    worker.onerror = (event) => {
      event.preventDefault();
      worker.terminate();
      reject(new Error(`the benchmark worker ${file} failed: ${event.message || 'could not start'}`));
    };
    worker.postMessage(job, transfer);
  });
}

const peers = (job, transfer) => inWorker('./bench-peers.js', job, { transfer });

// `ours` is our API's bar; `others` may hold more of ours ({ours: true}) before the peers.
function result(id, title, unit, ours, others, check) {
  const bars = [{ label: ours.label, ms: ours.ms, ours: true }];
  const problems = [];
  for (const peer of others) {
    bars.push({ label: peer.label, ms: peer.ms, ours: Boolean(peer.ours) });
    // `apart`: a yardstick computing something else (simplex-noise's grey against our maps), never compared.
    if (!peer.apart && !check(peer.output)) problems.push(`${peer.label} disagrees with ours`);
  }
  return { id, title, unit, bars, problems };
}

/**
 * Runs the five benchmarks; `progress(text)` tells which one runs.
 * @returns {Promise<Array<{id, title, unit, bars: Array<{label, ms, ours}>, problems: string[]}>>}
 */
export async function runBenchmarks(api, { quick = false, progress = () => {} } = {}) {
  const settings = quick ? SETTINGS.quick : SETTINGS.full;
  const { runs } = settings;
  const results = [];

  // Argon2id: the same password, salt and parameters for all.
  const { t, m } = settings.argon2;
  progress(`Argon2id, t=${t}, ${m / 1024} MiB…`);
  const password = new TextEncoder().encode('correct horse battery staple');
  const salt = Uint8Array.from({ length: 16 }, (_, i) => i);
  const [kernel] = await inWorker('./bench-ours.js', { kind: 'argon2', password, salt, t, m, runs }, { type: 'module' });
  const viaApi = await timeRuns(async () => hex(await api.argon2id({ password, salt, t, m, p: 1 })), runs);
  const others = await peers({ kind: 'argon2', password, salt, t, m, runs });
  results.push(result('argon2', `Argon2id (t=${t}, ${m >= 1024 ? `${m / 1024} MiB` : `${m} KiB`}), one hash`, 'ms per hash',
    { label: 'ours, argon2id() API (+ a fresh worker)', ms: median(viaApi.times) },
    [{ label: kernel.label, ms: median(kernel.times), output: kernel.output, ours: true },
      ...others.map((c) => ({ label: c.label, ms: median(c.times), output: c.output }))],
    (output) => output === viaApi.output));

  // Notes: open a vault sealed by sealNotes under a random device key.
  const count = settings.notes;
  progress(`Opening ${count.toLocaleString('en-US')} notes…`);
  const plain = vaultNotes(count);
  const deviceKey = crypto.getRandomValues(new Uint8Array(32));
  const sealed = await api.sealNotes(plain, deviceKey);
  const opened = await timeRuns(async () => {
    const list = await api.openNotes(sealed, deviceKey);
    return list.reduce((chars, note) => chars + (note.error ? 0 : note.title.length + note.body.length), 0);
  }, runs);
  const sodiumOpen = await peers({ kind: 'notes', notes: sealed, deviceKey: deviceKey.slice(), runs });
  deviceKey.fill(0);
  results.push(result('notes', `Open ${count.toLocaleString('en-US')} notes`, 'ms for the whole vault',
    { label: `ours, openNotes() in one call (${api.enginePath('notes') ?? '?'})`, ms: median(opened.times) },
    sodiumOpen.map((c) => ({ label: c.label, ms: median(c.times), output: c.output })), (output) => output === opened.output));

  // Search: the same texts and queries, typos included.
  progress(`Searching ${count.toLocaleString('en-US')} notes…`);
  const texts = plain.map((note) => `${note.title}\n${note.body}`);
  const index = await api.createSearchIndex(texts);
  let searched;
  try {
    searched = await timeRuns(async () => {
      let needleFound;
      for (const query of QUERIES) {
        const { indices } = await index.search(query);
        needleFound ??= indices.includes(NEEDLE.index);
      }
      return needleFound;
    }, runs);
  } finally {
    index.destroy();
  }
  const libraries = await peers({ kind: 'search', texts, queries: QUERIES, needle: NEEDLE.index, runs });
  const perQuery = (times) => median(times) / QUERIES.length;
  // Each library has its own matching rules: what must agree is whether the first query finds the Kubernetes note.
  results.push(result('search', `Search ${count.toLocaleString('en-US')} notes as you type`, `ms per query (${QUERIES.length} typo'd queries)`,
    { label: `ours, index.search() (${api.enginePath('search') ?? '?'}, a worker and back)`, ms: perQuery(searched.times) },
    libraries.map((c) => ({ label: c.label, ms: perQuery(c.times), output: c.output[0] })), (output) => output === searched.output));

  // Textures: the five maps of a stone wall (ours: kernel, API, JS tables) against simplex-noise fBm, one channel.
  const size = settings.texture;
  const texture = { kind: 'stone-wall', size, seed: 2026 };
  progress(`Textures, ${size} × ${size}…`);
  const kernels = await inWorker('./bench-ours.js', { kind: 'texture', texture, runs }, { type: 'module' });
  // Renders in a row as docs/api.md shows them (a kept worker, the last maps handed back as into), and one render alone.
  const textures = api.createTextureWorker();
  let last;
  const inRow = await timeRuns(async () => {
    last = await api.renderTexture(texture, { worker: textures, into: last });
    return digestMaps(last);
  }, runs);
  textures.terminate();
  const rendered = await timeRuns(async () => digestMaps(await api.renderTexture(texture)), runs);
  const simplex = await peers({ kind: 'texture', texture, runs });
  const [kernelTexture, tables] = kernels;
  results.push(result('texture', `Texture ${size} × ${size}: ours all five maps, simplex-noise one grey channel`, 'ms per texture',
    { label: 'ours, renderTexture() in a row (a kept worker, into the last maps)', ms: median(inRow.times) },
    [{ label: 'ours, renderTexture() alone (+ a fresh worker)', ms: median(rendered.times), output: rendered.output, ours: true },
      { label: kernelTexture.label, ms: median(kernelTexture.times), output: kernelTexture.output, ours: true },
      { label: tables.label, ms: median(tables.times), output: tables.output, ours: true },
      ...simplex.map((c) => ({ label: c.label, ms: median(c.times), output: c.output, apart: true }))],
    (output) => output === inRow.output));

  // The glass blur of a 720 x 450 sky at r = 8 (ours: kernel whole and crops, boxBlur() API, sliding JS) against StackBlur.
  const { width, height, radius } = SKY;
  progress(`Blur, ${width} × ${height}, r = ${radius}…`);
  const [kernelBlur, barsBlur, slidingBlur] = await inWorker('./bench-ours.js', { kind: 'blur', runs }, { type: 'module' });
  const sky = skyImage(SKY);
  const blurred = await timeRuns(async () => digestBytes((await api.boxBlur(sky, radius)).data), runs);
  const stack = await peers({ kind: 'blur', sky: skyImage(SKY), radius, runs });
  results.push(result('blur', `Glass blur of a ${width} × ${height} sky, r = ${radius}: ours exact, StackBlur its own kernel`, 'ms per frame',
    { label: 'ours, boxBlur() API (the kept worker)', ms: median(blurred.times) },
    [{ label: kernelBlur.label, ms: median(kernelBlur.times), output: kernelBlur.output, ours: true },
      { label: barsBlur.label, ms: median(barsBlur.times), output: barsBlur.output, ours: true },
      { label: slidingBlur.label, ms: median(slidingBlur.times), output: slidingBlur.output, ours: true },
      ...stack.map((c) => ({ label: c.label, ms: median(c.times), output: c.output, apart: true }))],
    (output) => output === blurred.output));

  progress('');
  return results;
}

/** A ratio as a person reads it: one decimal under 10 ("4.5"), whole above ("21"), two figures from 100 ("2,900"). */
export function formatRatio(ratio) {
  // The bounds are where rounding reaches the next form: 9.96 reads "10", not "10.0".
  if (ratio < 9.95) return ratio.toFixed(1);
  if (ratio < 99.5) return String(Math.round(ratio));
  return Number(ratio.toPrecision(2)).toLocaleString('en-US');
}

/** "4.5× faster than X", "1.3× slower than X" or "about as fast as X", for ratio = peer's time / ours. */
export function ratioText(ratio, peer) {
  if (ratio >= 0.95 && ratio <= 1.05) return `about as fast as ${peer}`;
  return ratio > 1 ? `${formatRatio(ratio)}× faster than ${peer}` : `${formatRatio(1 / ratio)}× slower than ${peer}`;
}

export function formatMs(ms) {
  return ms >= 100 ? `${ms.toFixed(0)} ms` : ms >= 10 ? `${ms.toFixed(1)} ms` : `${ms.toFixed(2)} ms`;
}

function svg(name, attributes = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

/** One benchmark as a horizontal bar chart (SVG): a bar per contender, its median in ms beside it. */
export function drawChart({ id, title, unit, bars, problems }) {
  const figure = document.createElement('figure');
  figure.className = 'chart';
  figure.dataset.bench = id;
  const caption = document.createElement('figcaption');
  caption.textContent = `${title} · ${unit}, lower is better`;
  figure.append(caption);
  if (problems.length) {
    const problem = document.createElement('p');
    problem.className = 'problem';
    problem.textContent = `Not drawn: ${problems.join('; ')}.`;
    figure.append(problem);
    return figure;
  }
  const rowHeight = 30;
  const labelWidth = 330;
  const barArea = 300;
  const width = labelWidth + barArea + 90;
  const height = bars.length * rowHeight + 8;
  const max = Math.max(...bars.map((bar) => bar.ms));
  const [ours] = bars;
  const summary = bars.map((bar) => `${bar.label}: ${formatMs(bar.ms)}`).join('; ');
  const chart = svg('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': `${title}. ${summary}.` });
  bars.forEach((bar, i) => {
    const y = 4 + i * rowHeight;
    const length = Math.max(2, (bar.ms / max) * barArea);
    chart.append(
      svg('text', { x: labelWidth - 10, y: y + 17, 'text-anchor': 'end', class: 'label' }, bar.label),
      svg('rect', { x: labelWidth, y: y + 3, width: length.toFixed(1), height: rowHeight - 10, rx: 4,
        class: bar.ours ? 'bar ours' : 'bar', 'data-ms': bar.ms.toFixed(3) }),
      svg('text', { x: labelWidth + length + 8, y: y + 17, class: 'value' }, formatMs(bar.ms)),
    );
  });
  figure.append(chart);
  const verdict = document.createElement('p');
  verdict.className = 'verdict';
  verdict.append(`${ours.label.replace(/^ours, /, '').replace(/ \(.*$/, '')}: `);
  bars.filter((bar) => !bar.ours).forEach((bar, i) => {
    const ratio = bar.ms / ours.ms;
    const span = document.createElement('span');
    if (ratio < 0.95) span.className = 'slower';
    span.textContent = ratioText(ratio, bar.label);
    verdict.append(...(i ? [' · ', span] : [span]));
  });
  figure.append(verdict);
  return figure;
}
