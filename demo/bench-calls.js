// The recorded calls run as charts (`npm run bench -- calls`, bench/results/calls.json, Chromium): per job, for
// each situation (first call in a fresh page, after 10 s idle, in a row) a bar for our API and one per peer, on
// one ms scale per job, with our kernel alone as a line: what the API adds is the gap between the line and our bar.
import { formatMs } from './bench.js';
import { SITUATION_NAMES, loadCalls } from './bench-headlines.js';

const SVG = 'http://www.w3.org/2000/svg';
function svg(name, attributes = {}, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
  if (text !== undefined) node.textContent = text;
  return node;
}

// Ours in the two forms a page gets it: dist/api.js from its server, and bundled into an app (bench/calls/page.js).
const OURS = { ours: 'ours', app: 'ours bundled' };
const oursFirst = (who) => (who === 'ours' ? 0 : who === 'app' ? 1 : 2);

/** The bars of one job: [{situation, label, ms, ours}] in situation order, ours first in each (then ours bundled). */
export function callsBars(job, labels = {}) {
  return Object.keys(SITUATION_NAMES).flatMap((situation) => Object.keys(job.medians)
    .filter((who) => who !== 'against')
    .sort((a, b) => oursFirst(a) - oursFirst(b))
    .map((who) => ({ situation, label: `${OURS[who] ?? labels[who] ?? who}, ${SITUATION_NAMES[situation]}`,
      ms: job.medians[who][situation], ours: who in OURS })));
}

function callsChart(job, labels) {
  const figure = document.createElement('figure');
  figure.className = 'chart';
  figure.dataset.bench = job.id;
  const caption = document.createElement('figcaption');
  caption.textContent = `${job.label} · ms, lower is better${job.kernel ? `; the line: our kernel alone, ${formatMs(job.kernel)}` : ''}`;
  figure.append(caption);
  const bars = callsBars(job, labels);
  const rowHeight = 24, labelWidth = 360, barArea = 280;
  const max = Math.max(...bars.map((bar) => bar.ms), job.kernel ?? 0);
  const chart = svg('svg', { viewBox: `0 0 ${labelWidth + barArea + 90} ${bars.length * rowHeight + 8}`, role: 'img',
    'aria-label': `${job.label}. ${bars.map((bar) => `${bar.label}: ${formatMs(bar.ms)}`).join('; ')}.` });
  bars.forEach((bar, i) => {
    const y = 4 + i * rowHeight;
    const length = Math.max(2, (bar.ms / max) * barArea);
    chart.append(
      svg('text', { x: labelWidth - 10, y: y + 15, 'text-anchor': 'end', class: 'label' }, bar.label),
      svg('rect', { x: labelWidth, y: y + 3, width: length.toFixed(1), height: rowHeight - 8, rx: 3, class: bar.ours ? 'bar ours' : 'bar' }),
      svg('text', { x: labelWidth + length + 8, y: y + 15, class: 'value' }, formatMs(bar.ms)),
    );
  });
  if (job.kernel) {
    const x = labelWidth + (job.kernel / max) * barArea;
    chart.append(svg('line', { x1: x.toFixed(1), x2: x.toFixed(1), y1: 2, y2: bars.length * rowHeight + 6, class: 'kernel' }));
  }
  figure.append(chart);
  return figure;
}

/** Draws every recorded job into `container`, or says there is no record. */
export async function showCallsCharts(container) {
  try {
    const section = (await loadCalls()).sections.chromium;
    container.replaceChildren(...section.summary.map((job) => callsChart(job, section.labels)));
  } catch {
    container.textContent = 'No recorded calls run here (npm run bench -- calls).';
  }
}
