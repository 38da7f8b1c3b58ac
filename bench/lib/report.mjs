// Turns raw samples into the result every bench prints and stores: per engine
// and case, each contender's median and its speed relative to the case's
// baseline; then the module's targets, and the text table.
import { median, speedup } from './measure.mjs';

/**
 * One engine's section of the results file.
 * @param {object} run  {engine, version, info?, method?, runId, settings, cases, results, labels}
 */
export function buildSection({ engine, version, info, method, runId, settings, cases, results, labels }) {
  return {
    engine,
    version,
    ...(info ? { info } : {}),
    runId,
    settings: {
      ...settings,
      method: method ?? `median of ${settings.runs} timed runs after ${settings.warmup} warm-up round${settings.warmup === 1 ? '' : 's'}`
        + ' and a correctness run, contenders alternating A B C A B C ... in one thread (one heap)',
    },
    cases: results.map((result) => {
      const testCase = cases.find((c) => c.id === result.case);
      const baseline = result.baseline ?? testCase.baseline;
      const medians = Object.fromEntries(Object.entries(result.samples).map(([id, samples]) => [id, median(samples)]));
      const baselineMs = medians[baseline];
      const declared = testCase.contenders.filter((id) => result.ready.includes(id)
        || result.unavailable.some((u) => u.id === id));
      const order = declared.length ? declared : result.ready;
      return {
        id: testCase.id,
        label: testCase.label,
        params: testCase.params,
        baseline,
        output: result.output ?? null,
        verifiedWith: result.verifiedWith ?? [],
        ...(result.apart ? { apart: result.apart, outputApart: result.outputApart } : {}),
        contenders: order.map((id) => {
          const unavailable = result.unavailable.find((u) => u.id === id);
          const { label = id, detail, version } = labels[id] ?? {};
          const about = { id, label, ...(detail ? { detail } : {}), ...(version ? { version } : {}) };
          if (unavailable) return { ...about, available: false, reason: unavailable.reason };
          return {
            ...about, available: true,
            medianMs: medians[id],
            samplesMs: result.samples[id],
            speedup: baselineMs === undefined ? null : speedup(baselineMs, medians[id]),
          };
        }),
      };
    }),
  };
}

/** Fails loudly when two engines disagree on a case's output: same input, same tag, everywhere. */
export function checkAcrossEngines(sections) {
  const seen = new Map();
  for (const section of Object.values(sections)) {
    for (const c of section.cases) {
      for (const [which, output] of [['', c.output], [' (apart)', c.outputApart ?? null]]) {
        if (output === null) continue;
        const key = `${c.id}${which} ${JSON.stringify(c.params)}`;
        const first = seen.get(key);
        if (!first) seen.set(key, { engine: section.engine, output });
        else if (first.output !== output) {
          throw new Error(`${c.label}${which}: ${first.engine} computed ${first.output} but ${section.engine} computed ${output}`);
        }
      }
    }
  }
}

function medianOf(sections, [engine, caseId, contender]) {
  const c = sections[engine]?.cases.find((x) => x.id === caseId);
  const entry = c?.contenders.find((x) => x.id === contender);
  if (!entry) return { missing: `${engine} ${caseId} ${contender} not measured` };
  if (!entry.available) return { missing: `${engine} ${contender}: not available` };
  return { ms: entry.medianMs, runId: c.runId ?? sections[engine].runId };
}

/**
 * A narrowed run's section with the cases it did not run kept from the earlier
 * section of the same engine, in the module's case order. A kept case keeps its
 * own runId (and its settings), so its ratios stay those of one run and the
 * tables say where it came from; a case that ran replaces its earlier self whole.
 */
export function keepCasesNotRun(section, earlier, caseOrder = []) {
  if (!earlier || earlier.engine !== section.engine) return section;
  const ran = new Set(section.cases.map((c) => c.id));
  const kept = earlier.cases.filter((c) => !ran.has(c.id))
    .map((c) => ({ ...c, runId: c.runId ?? earlier.runId, settings: c.settings ?? earlier.settings }));
  if (kept.length === 0) return section;
  const rank = (c) => { const i = caseOrder.indexOf(c.id); return i < 0 ? caseOrder.length : i; };
  return { ...section, cases: [...section.cases, ...kept].sort((a, b) => rank(a) - rank(b)) };
}

/**
 * Evaluates the module's targets on the merged sections.
 * `faster: x`: b's median / a's median must be >= x; `within: x`: a's / b's must be <= x.
 */
export function evaluateTargets(sections, targets) {
  return targets.map((target) => {
    const a = medianOf(sections, target.a);
    const b = medianOf(sections, target.b);
    const requirement = target.faster !== undefined ? `>= ${target.faster.toFixed(1)}x faster` : `<= ${target.within.toFixed(1)}x the time`;
    if (a.missing || b.missing) return { label: target.label, requirement, status: 'not measured', note: a.missing ?? b.missing };
    const value = target.faster !== undefined ? b.ms / a.ms : a.ms / b.ms;
    const met = target.faster !== undefined ? value >= target.faster : value <= target.within;
    return {
      label: target.label,
      requirement,
      value,
      status: met ? 'met' : 'missed',
      ...(a.runId !== b.runId ? { note: 'the two medians come from different runs' } : {}),
    };
  });
}

function pad(cells, widths, align) {
  return cells.map((cell, i) => (align[i] === 'right' ? String(cell).padStart(widths[i]) : String(cell).padEnd(widths[i])))
    .join('  ').trimEnd();
}

/** Columns padded to their widest cell; `align` marks right-aligned columns. */
export function formatTable(columns, rows, align = []) {
  const widths = columns.map((column, i) => Math.max(String(column).length, ...rows.map((row) => String(row[i]).length)));
  return [pad(columns, widths, align), pad(widths.map((w) => '-'.repeat(w)), widths, align),
    ...rows.map((row) => pad(row, widths, align))];
}

function ms(value) {
  return value.toFixed(1);
}

/** The printed form of one engine's section. */
export function formatSection(module, section) {
  const lines = [
    `== ${module} on ${section.engine}: ${section.version}`,
    `   ${section.settings.method}`,
  ];
  const { filter } = section.settings;
  if (filter) {
    lines.push(`   narrowed to${filter.cases ? ` the cases ${filter.cases.join(', ')}` : ''}`
      + `${filter.contenders ? ` the contenders ${filter.contenders.join(', ')} (and each case's baseline)` : ''}`);
  }
  const compared = new Map();
  for (const c of section.cases) for (const x of c.contenders) compared.set(x.id, x);
  for (const x of compared.values()) {
    lines.push(`   ${x.label}${x.version ? ` (${x.version})` : ''}: ${x.detail ?? x.id}`);
  }
  for (const c of section.cases) {
    const baselineLabel = c.contenders.find((x) => x.id === c.baseline)?.label ?? c.baseline;
    const name = (x) => x.label + (x.version && !x.version.includes(' ') ? ` ${x.version.split('@').pop()}` : '');
    lines.push('', `-- ${c.label}${c.runId && c.runId !== section.runId ? ` (kept from the earlier run of ${c.runId})` : ''}`);
    if (c.output !== null) {
      lines.push(`   same output from ${c.verifiedWith.join(', ')}: ${c.output.slice(0, 32)}${c.output.length > 32 ? '...' : ''}`);
    }
    if (c.apart) {
      lines.push(`   apart (another computation), same output from ${c.apart.join(', ')}: ${c.outputApart.slice(0, 32)}${c.outputApart.length > 32 ? '...' : ''}`);
    }
    const rows = c.contenders.map((x) => (x.available
      ? [name(x), ms(x.medianMs), `${ms(Math.min(...x.samplesMs))}-${ms(Math.max(...x.samplesMs))}`,
        x.speedup === null ? '-' : x.id === c.baseline ? '1.00x (baseline)' : `${x.speedup.toFixed(2)}x`]
      : [name(x), 'not available', '', x.reason]));
    lines.push(...formatTable(['contender', 'median ms', 'range ms', `speed vs ${baselineLabel}`], rows, ['left', 'right', 'right', 'left'])
      .map((line) => `   ${line}`));
  }
  return lines.join('\n');
}

export function formatTargets(results) {
  if (results.length === 0) return '';
  const rows = results.map((t) => [t.label, t.requirement, t.value === undefined ? '-' : `${t.value.toFixed(2)}x`,
    t.status + (t.note ? ` (${t.note})` : '')]);
  return ['== targets', ...formatTable(['target', 'requirement', 'measured', 'status'], rows).map((line) => `   ${line}`)].join('\n');
}

export function formatExtraTable(table) {
  return [`== ${table.title}`, ...formatTable(table.columns, table.rows, table.align).map((line) => `   ${line}`)].join('\n');
}
