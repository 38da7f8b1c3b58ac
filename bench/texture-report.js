// The Node-only parts of the texture bench: nanoseconds per pixel (each
// contender's median over the case's pixels, per engine and kind, sizes as
// columns), the sizes of the shipped texture modules, with the limit,
// and the native engine (bench/native/texture.mjs).
import { moduleSizesTable } from './lib/module-sizes.mjs';

export { engines } from './native/texture.mjs';

const SIZE_LIMIT_GZIP = { 'texture.simd.wasm': 20000 };  // issue 12 §6: at most 20 KB gzip

function nsPerPixel(section, kind) {
  const cases = section.cases.filter((c) => c.params.kind === kind).sort((a, b) => a.params.size - b.params.size);
  const sizes = cases.map((c) => c.params.size);
  const ids = [];
  const labels = {};
  for (const c of cases) {
    for (const x of c.contenders) {
      if (!ids.includes(x.id)) ids.push(x.id);
      labels[x.id] = x.label;
    }
  }
  const data = ids.map((id) => ({
    id,
    label: labels[id],
    ns: Object.fromEntries(cases.map((c) => {
      const x = c.contenders.find((entry) => entry.id === id);
      return [c.params.size, x?.available ? (x.medianMs * 1e6) / c.params.pixels : null];
    })),
  }));
  const cell = (ns) => (ns === null || ns === undefined ? '-' : ns >= 100 ? ns.toFixed(0) : ns >= 10 ? ns.toFixed(1) : ns.toFixed(2));
  return {
    id: `ns-per-pixel-${section.engine}-${kind}`,
    title: `${section.engine}, ${kind}: ns per pixel (median ms / pixels; ours: all five maps, simplex-noise: one grey channel)`,
    columns: ['contender', ...sizes.map(String)],
    align: ['left', ...sizes.map(() => 'right')],
    rows: data.map((row) => [row.label, ...sizes.map((size) => cell(row.ns[size]))]),
    data: { engine: section.engine, kind, sizes, rows: data },
  };
}

export function tables({ root, sections = {} }) {
  const perPixel = Object.values(sections).flatMap((section) => ['stone-wall', 'vault-face']
    .filter((kind) => section.cases.some((c) => c.params.kind === kind))
    .map((kind) => nsPerPixel(section, kind)));
  return [...perPixel, moduleSizesTable(root, { folder: 'dist/wasm', module: 'texture', limits: SIZE_LIMIT_GZIP })];
}
