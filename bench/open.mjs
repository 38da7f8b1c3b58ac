// `npm run bench -- open`: from the password's key to the notes on screen and
// the first answer, as a user waits for them (issue 18). In Chromium, a fresh
// page per run (bench/open/page.js): a locked <note-list> of 5,000 notes and a
// <fuzzy-search for> it; at t0 the list gets its key and "quartely" is typed at
// once. Prints the medians of key to rows painted, key to first answer and the
// longest frame gap, with the timeline of each phase (the runtime's user-timing
// measures), and writes bench/results/open.json.
// OPEN_AGAINST=<dir> (a copy of another build's dist/ inside the repository,
// e.g. build/dist-main) alternates fresh pages of that build with ours and
// prints its medians beside ours, for an A/B on one host at one time; the
// JSON gets its medians too (`against`), its timeline only ours.
import { withChromiumPages } from './lib/chromium.mjs';
import { median } from './lib/measure.mjs';
import { loadDuring, runsIn, writeScenarioResults } from './lib/scenario.mjs';

const TARGETS = { rowsPainted: 100, firstAnswer: 250, longestFrameGap: 50 };

const ms = (value) => (value === undefined ? '-' : value.toFixed(1).padStart(7));

/** The phases of all runs, by name: medians of their start and end after t0 (first occurrence per run). */
function timeline(runs) {
  const names = [...new Set(runs.flatMap((run) => run.phases.map((p) => p.name)))];
  return names.map((name) => {
    const seen = runs.map((run) => run.phases.find((p) => p.name === name)).filter(Boolean);
    return { name, runs: seen.length, start: median(seen.map((p) => p.start)), end: median(seen.map((p) => p.end)) };
  }).sort((a, b) => a.start - b.start);
}

async function run({ root, quick, engine }) {
  if (!runsIn(engine, 'open', 'the whole page: elements, workers, frames')) return;
  const count = quick ? 3 : 7;
  // Other work on the host's cores moves every number here: the load is recorded with them.
  const loadAverage = loadDuring();
  const against = process.env.OPEN_AGAINST?.replace(/^\/+|\/+$/g, '');
  const builds = against ? ['dist', against] : ['dist'];
  const runsOf = Object.fromEntries(builds.map((build) => [build, []]));
  await withChromiumPages({ viewport: { width: 1100, height: 800 } }, async ({ context, url }) => {
    for (let i = 0; i < count * builds.length; i++) {
      const build = builds[i % builds.length];
      const page = await context.newPage();
      const errors = [];
      page.on('pageerror', (error) => errors.push(error.message));
      await page.goto(`${url}/bench/open/index.html${build === 'dist' ? '' : `?dist=/${build}`}`);
      await page.waitForFunction(() => window.pageReady === true);
      const result = await page.evaluate(() => window.runOnce());
      if (errors.length) throw new Error(`the page failed: ${errors.join('; ')}`);
      runsOf[build].push(result);
      console.log(`[chromium] ${build} run ${Math.floor(i / builds.length) + 1}/${count}: rows ${result.rowsPainted.toFixed(0)} ms, answer ${result.firstAnswer.toFixed(0)} ms,`
        + ` all opened ${result.allOpened.toFixed(0)} ms, longest frame gap ${result.longestFrameGap.toFixed(0)} ms`);
      await page.close();
    }
  });

  const load = loadAverage.finish();
  const summaryOf = (runs) => Object.fromEntries(['rowsPainted', 'firstAnswer', 'allOpened', 'longestFrameGap']
    .map((key) => [key, median(runs.map((r) => r[key]))]));
  const runs = runsOf.dist;
  const summary = summaryOf(runs);
  const phases = timeline(runs);
  console.log(`\n== open on chromium: key to rows and to the first answer, 5,000 notes, medians of ${count} fresh pages (load average ${load.start.toFixed(1)} -> ${load.end.toFixed(1)})`);
  console.log('   phase                                          start ms    end ms');
  for (const p of phases) console.log(`   ${p.name.padEnd(44)} ${ms(p.start)}   ${ms(p.end)}${p.runs < count ? `   (in ${p.runs} of ${count} runs)` : ''}`);
  console.log('\n   what the user waits for            median ms   target');
  for (const [key, label] of [['rowsPainted', 'key to rows painted'], ['firstAnswer', 'key to the first answer'],
    ['allOpened', 'key to every note opened'], ['longestFrameGap', 'longest frame gap meanwhile']]) {
    const target = TARGETS[key];
    const verdict = target === undefined ? '' : summary[key] <= target ? `<= ${target}  met` : `<= ${target}  missed`;
    console.log(`   ${label.padEnd(34)} ${ms(summary[key])}   ${verdict}`);
  }
  if (against) {
    const theirs = summaryOf(runsOf[against]);
    console.log(`\n   the same, pages of ${against} alternating with ours   ${against}     ours`);
    for (const key of Object.keys(theirs)) console.log(`   ${key.padEnd(34)} ${ms(theirs[key])}  ${ms(summary[key])}`);
  }
  await writeScenarioResults(root, 'open', quick, { pages: count, loadAverage: load, summary, targets: TARGETS,
    ...(against ? { against: { build: against, summary: summaryOf(runsOf[against]) } } : {}), phases, runs });
}

export default { title: 'from the key to the rows and the first answer', run };
