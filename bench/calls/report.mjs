// What `npm run bench -- calls` prints and records: per job and situation, the
// medians of our API, each peer and our kernel alone, our API against each peer
// (how many times faster ours is: peer / ours) and against our kernel (what the
// API adds: ours / kernel - 1); in browsers also our API bundled into the page as
// an app's bundler makes it ("app"), against each peer. Pure functions (tests/js/bench-calls.test.js).
import { median } from '../lib/measure.mjs';

export const SITUATION_LABELS = { first: 'first call in a fresh page', idle: 'after 10 s idle', row: 'fifth in a row' };
export const SITUATIONS = Object.keys(SITUATION_LABELS);

/**
 * @param {{id: string, label: string, peers: object, fresh?: {mib: number, what: string}}[]} jobs
 * @param {{job: string, who: string, first: number, idle: number, row: number}[]} runs one per fresh page (or process)
 * @param {{job: string, ms: number}[]} kernels our kernel's fifth run in a row, one per repeat
 */
export function summarize(jobs, runs, kernels) {
  return jobs.filter((job) => runs.some((r) => r.job === job.id)).map((job) => {
    const mine = runs.filter((r) => r.job === job.id);
    const whos = [...new Set(mine.map((r) => r.who))];
    const medians = Object.fromEntries(whos.map((who) => {
      const of = mine.filter((r) => r.who === who);
      return [who, { runs: of.length, ...Object.fromEntries(SITUATIONS.map((s) => [s, median(of.map((r) => r[s]))])) }];
    }));
    const kernelTimes = kernels.filter((k) => k.job === job.id).map((k) => k.ms);
    const kernel = kernelTimes.length ? median(kernelTimes) : undefined;
    const ours = medians.ours;
    const perSituation = (f) => Object.fromEntries(SITUATIONS.map((s) => [s, f(s)]));
    // Per peer and situation, how many times faster `form` (one of ours) is: the peer's median / its.
    const againstPeers = (form) => Object.fromEntries(peersOf(whos).map((peer) => [peer, perSituation((s) => medians[peer][s] / form[s])]));
    return {
      id: job.id,
      label: job.label,
      ...(job.fresh ? { freshMiB: job.fresh.mib, freshWhat: job.fresh.what } : {}),
      medians,
      kernel,
      vsPeers: againstPeers(ours),
      // Our API bundled into the page as an app's bundler makes it, as the peers' code is: against each peer.
      ...(medians.app ? { appVsPeers: againstPeers(medians.app) } : {}),
      ...(medians.against ? { vsAgainst: perSituation((s) => medians.against[s] / ours[s]) } : {}),
      overhead: kernel === undefined ? undefined : perSituation((s) => ours[s] / kernel - 1),
    };
  });
}

// Ours in its forms (the API from the server, bundled into an app, another build's): the rest are peers.
const OURS = new Set(['ours', 'app', 'against']);
const peersOf = (whos) => whos.filter((who) => !OURS.has(who));

/** "3.21x" faster, or "0.86x (slower)": a ratio below 1 says so. */
export function speedup(ratio) {
  return `${ratio.toFixed(2)}x${ratio < 1 ? ' (slower)' : ''}`;
}

const ms = (value) => (value === undefined ? '-' : value >= 100 ? value.toFixed(0) : value.toFixed(1));
const percent = (value) => `${value >= 0 ? '+' : ''}${(100 * value).toFixed(0)}%`;

/** The printed table of one engine's summary. */
export function formatSummary(engine, summary, { labels = {}, freshMemory } = {}) {
  const lines = [`== calls on ${engine}: ms (medians), ours against each peer (x = times faster), and what our API adds to our kernel`];
  if (freshMemory) {
    lines.push(`   fresh memory on this host: ${freshMemory.usPerPage.toFixed(2)} us per 4 KiB page on first touch, `
      + `${freshMemory.msPerMiB.toFixed(2)} ms per MiB (bench/calls/fresh-memory.mjs)`);
  }
  for (const job of summary) {
    lines.push('', `${job.label}  (kernel alone, fifth in a row: ${ms(job.kernel)} ms)`);
    if (freshMemory && job.freshMiB) {
      const fresh = job.freshMiB * freshMemory.msPerMiB;
      lines.push(`   takes ${job.freshMiB} MiB of fresh memory per call (${job.freshWhat}): ${ms(fresh)} ms on this host, so a call `
        + `that gives it back waits at least ${job.kernel === undefined ? 'that' : `the kernel plus that, ${ms(job.kernel + fresh)} ms`}`);
    }
    // Each peer's median in situation s and how many times faster `vs` (vsPeers or appVsPeers) says ours is.
    const peerCells = (vs, s) => Object.entries(vs).map(([peer, ratios]) => `${labels[peer] ?? peer} ${ms(job.medians[peer][s])} ms: ${speedup(ratios[s])}`);
    for (const s of SITUATIONS) {
      const ours = job.medians.ours[s];
      const peers = peerCells(job.vsPeers, s);
      const against = job.vsAgainst ? [`against build ${ms(job.medians.against[s])} ms: ${speedup(job.vsAgainst[s])}`] : [];
      const overhead = job.overhead ? [`API over kernel ${percent(job.overhead[s])}`] : [];
      lines.push(`   ${SITUATION_LABELS[s].padEnd(27)} ours ${ms(ours).padStart(6)} ms | ${[...peers, ...against, ...overhead].join(' | ')}`);
    }
    if (job.appVsPeers) {
      for (const s of SITUATIONS) {
        lines.push(`   ${`${SITUATION_LABELS[s]}, bundled`.padEnd(27)} ours ${ms(job.medians.app[s]).padStart(6)} ms | ${peerCells(job.appVsPeers, s).join(' | ')}`);
      }
    }
  }
  return lines.join('\n');
}

/** Memory rows: {job, who, before, after} bytes -> per job and contender the median MiB held 1 s after, above before. */
export function summarizeMemory(rows) {
  const keys = [...new Set(rows.map((r) => `${r.job}\t${r.who}`))];
  return keys.map((key) => {
    const [job, who] = key.split('\t');
    const of = rows.filter((r) => r.job === job && r.who === who);
    return { job, who, runs: of.length, heldMiB: median(of.map((r) => (r.after - r.before) / 2 ** 20)), beforeMiB: median(of.map((r) => r.before / 2 ** 20)) };
  });
}
