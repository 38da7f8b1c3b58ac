// What the scenario benches (a run() of their own, not contenders in
// alternation: bench/open.mjs, bench/demo.mjs, bench/scene.mjs) share: Chromium
// only, fresh pages of the demo, the host's load beside the numbers, and where
// the results go.
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { withChromiumPages } from './chromium.mjs';

/** False, saying so, when `engine` is not one this Chromium-only scenario runs in. */
export function runsIn(engine, name, what) {
  if (engine === 'all' || engine === 'chromium') return true;
  console.log(`${name}: Chromium only (${what}); --engine=${engine} has nothing to run`);
  return false;
}

/** The host's load average now and, from `finish()`, over the run: other work on the cores moves every number. */
export function loadDuring() {
  const start = os.loadavg()[0];
  return { finish: () => ({ start, end: os.loadavg()[0] }) };
}

/**
 * `count` fresh pages of the demo at 1440 x 900, one after another, each measured by `onePage(context, url)` and
 * logged with `describe(result)`. Resolves to {runs, load}.
 */
export async function freshDemoPages(count, onePage, describe) {
  const load = loadDuring();
  const runs = [];
  await withChromiumPages({ viewport: { width: 1440, height: 900 } }, async ({ context, url }) => {
    for (let i = 0; i < count; i++) {
      const result = await onePage(context, `${url}/demo/`);
      runs.push(result);
      console.log(`[chromium] page ${i + 1}/${count}: ${describe(result)}`);
    }
  });
  return { runs, load: load.finish() };
}

/**
 * Writes `record` (with the date and engine) to bench/results/<name>.json, or for --quick beside the build
 * (build/bench/results/<name>.quick.json), never over the committed results.
 */
export async function writeScenarioResults(root, name, quick, record) {
  const out = path.join(root, quick ? `build/bench/results/${name}.quick.json` : `bench/results/${name}.json`);
  await mkdir(path.dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify({ date: new Date().toISOString(), engine: 'chromium', ...record }, null, 2)}\n`);
  console.log(`\nwrote ${path.relative(root, out)}`);
}
