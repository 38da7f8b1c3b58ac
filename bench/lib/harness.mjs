// Runs one bench module (bench/<module>.mjs) on the chosen engines and
// reports. A module only declares what it compares:
//   export default {
//     title,                                  what is being compared
//     contenders: {id: {label, detail?, package?, setup(env) -> {prepare?(params), run(params) -> output}}},
//     cases({quick}) -> [{id, label, params, contenders: [ids], baseline, verifyWith?: [ids], settleMs?,
//                          apart?: [ids] (timed with the others, computing something else: checked among themselves)}],
//     targets?({quick}) -> [{label, a: [engine, case, id], b: [...], faster | within}],
//     settings?: {warmup?, runs?}            overrides SETTINGS.full for this module (a full run only; --quick keeps
//                                             its smoke-test settings): more rounds where calls take milliseconds
//     extras?: URL of a Node-only file exporting engines {name: (ctx) -> {version, method?, contenders, results}}
//              and/or tables({root, quick, sections}) -> [{id, title, columns, rows, align?, data}],
//   }
// `env` is {engine: 'node' | 'chromium', emscripten(name, {simd}) -> a fresh
// instance of build/wasm/out/<name>[.simd], wasmModule(file) -> a compiled
// build/wasm/out/<file>, wasmBytes(file) -> its bytes, url(repoPath) -> its URL}; setup throws Unavailable (from
// measure.mjs) to print "not available" instead of a row. The module file runs
// in Node and, bundled, in the Chromium worker, so it imports nothing Node-only;
// the harness sets contenders up, checks their outputs agree, times them
// alternately in Node (one thread) and in Chromium (a dedicated Worker per contender), prints the tables and writes
// bench/results/<module>.json (sections of other engines already there are kept).
// `--cases=` and `--contenders=` narrow a run to some cases and contenders (each case keeps its
// baseline, which its ratios need); the section records the filter, and the cases it did not
// run stay as the earlier run measured them, each with its own runId.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { runCases } from './measure.mjs';
import { nodeEnv } from './node-env.mjs';
import {
  buildSection, checkAcrossEngines, evaluateTargets, formatExtraTable, formatSection, formatTargets, keepCasesNotRun,
} from './report.mjs';

export const SETTINGS = {
  full: { warmup: 1, runs: 5 },
  quick: { warmup: 0, runs: 3 },
};

// The version installed, from the package.json above its entry point (some
// packages' `exports` hide package.json itself).
function packageVersion(root, name) {
  let dir = path.dirname(createRequire(path.join(root, 'package.json')).resolve(name));
  for (; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    const manifest = existsSync(file) && JSON.parse(readFileSync(file, 'utf8'));
    if (manifest?.name === name) return manifest.version;
  }
  throw new Error(`cannot find the package.json of ${name}`);
}

function labelsOf(root, contenders) {
  return Object.fromEntries(Object.entries(contenders).map(([id, c]) => [id, {
    label: c.label ?? id,
    ...(c.detail ? { detail: c.detail } : {}),
    ...(c.package ? { version: `${c.package}@${packageVersion(root, c.package)}` } : {}),
  }]));
}

/**
 * The cases a run measures: those named in `caseIds` (all when absent), each with only the contenders
 * named in `contenders` plus its baseline. Unknown names are an error, not an empty run.
 */
export function selectCases(cases, { caseIds, contenders } = {}) {
  const unknownCases = (caseIds ?? []).filter((id) => !cases.some((c) => c.id === id));
  if (unknownCases.length) {
    throw new Error(`--cases: no case ${unknownCases.join(', ')}; one of ${cases.map((c) => c.id).join(', ')}`);
  }
  const known = new Set(cases.flatMap((c) => c.contenders));
  const unknownContenders = (contenders ?? []).filter((id) => !known.has(id));
  if (unknownContenders.length) {
    throw new Error(`--contenders: no contender ${unknownContenders.join(', ')}; one of ${[...known].join(', ')}`);
  }
  return cases
    .filter((c) => !caseIds || caseIds.includes(c.id))
    .map((c) => (contenders ? { ...c, contenders: c.contenders.filter((id) => id === c.baseline || contenders.includes(id)) } : c));
}

/**
 * @param {object} opts
 * @param {string} opts.root       repository root
 * @param {string} opts.module     bench/<module>.mjs
 * @param {string} opts.engine     'node', 'chromium', an extra engine of the module, or 'all'
 * @param {boolean} opts.quick     fewer runs, smaller cases: a smoke test of the harness
 * @param {(line: string) => void} [opts.log]   progress
 * @param {(text: string) => void} [opts.print] the report
 */
export async function runBench({
  root, module, engine = 'all', quick = false, caseIds, contenders, log = console.error, print = console.log,
}) {
  const specFile = path.join(root, 'bench', `${module}.mjs`);
  if (!existsSync(specFile)) throw new Error(`no bench module bench/${module}.mjs`);
  const { default: spec } = await import(pathToFileURL(specFile).href);
  if (typeof spec?.cases !== 'function' || typeof spec.contenders !== 'object') {
    throw new Error(`bench/${module}.mjs must export default {title, contenders, cases, ...} (see bench/lib/harness.mjs)`);
  }
  const extras = spec.extras ? await import(spec.extras.href) : {};
  const cases = selectCases(spec.cases({ quick }), { caseIds, contenders });
  const filter = caseIds || contenders ? { filter: { ...(caseIds ? { cases: caseIds } : {}), ...(contenders ? { contenders } : {}) } } : {};
  const settings = { ...(quick ? SETTINGS.quick : { ...SETTINGS.full, ...spec.settings }), ...filter };
  const extraEngines = extras.engines ?? {};
  const known = ['node', 'chromium', 'firefox', ...Object.keys(extraEngines)];
  const engines = engine === 'all' ? known : [engine];
  for (const name of engines) {
    if (!known.includes(name)) throw new Error(`unknown engine "${name}" for ${module}; one of ${known.join(', ')}, all`);
  }

  const runId = new Date().toISOString();
  const labels = labelsOf(root, spec.contenders);
  const sections = {};
  for (const name of engines) {
    const tagged = (line) => log(`[${name}] ${line}`);
    let run;
    if (name === 'node') {
      run = {
        version: `Node ${process.version} (V8 ${process.versions.v8}), main thread`,
        results: await runCases(spec, cases, nodeEnv(root), { ...settings, log: tagged }),
      };
    } else if (name === 'chromium') {
      const { runInChromium } = await import('./chromium.mjs');
      run = await runInChromium({ root, module, cases, settings, log: tagged });
    } else if (name === 'firefox') {
      const { runInFirefox } = await import('./firefox.mjs');
      run = await runInFirefox({ root, module, cases, settings, log: tagged });
    } else {
      run = await extraEngines[name]({ root, cases, settings, quick, log: tagged });
    }
    sections[name] = buildSection({
      engine: name, version: run.version, info: run.info, method: run.method, runId, settings, cases, results: run.results,
      labels: { ...labels, ...run.contenders },
    });
  }

  const outDir = quick ? path.join(root, 'build/bench/results') : path.join(root, 'bench/results');
  const outFile = path.join(outDir, `${module}${quick ? '.quick' : ''}.json`);
  const previous = existsSync(outFile) ? JSON.parse(readFileSync(outFile, 'utf8')) : { sections: {} };
  // A narrowed run keeps the other cases of its engine from the earlier run (each marked with its runId).
  const allCases = spec.cases({ quick }).map((c) => c.id);
  if (filter.filter) {
    for (const name of Object.keys(sections)) sections[name] = keepCasesNotRun(sections[name], previous.sections[name], allCases);
  }
  const merged = { ...previous.sections, ...sections };
  checkAcrossEngines(merged);
  const targets = evaluateTargets(merged, spec.targets?.({ quick }) ?? []);
  const tables = extras.tables ? await extras.tables({ root, quick, sections: merged }) : [];

  const report = [
    `${module}: ${spec.title}${quick ? ' [--quick: smoke test of the harness, not a measurement]' : ''}`,
    ...Object.values(merged).map((section) => formatSection(module, section)
      + (section.runId === runId ? '' : `\n   (kept from the earlier run of ${section.runId})`)),
    `== every engine computed the same output for each case (${Object.keys(merged).join(', ')})`,
    formatTargets(targets),
    ...tables.map(formatExtraTable),
  ].filter(Boolean);
  print(report.join('\n\n'));

  mkdirSync(outDir, { recursive: true });
  const json = {
    module,
    title: spec.title,
    quick,
    updatedAt: runId,
    sections: merged,
    targets,
    tables: Object.fromEntries(tables.map((t) => [t.id, t.data])),
  };
  writeFileSync(outFile, `${JSON.stringify(json, null, 2)}\n`);
  print(`\nwrote ${path.relative(root, outFile)}`);
  return json;
}
