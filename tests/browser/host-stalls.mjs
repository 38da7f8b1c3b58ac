// Host stalls: stretches of time when this machine ran none of a sleeping
// thread's timers. The CI host is a shared 2-core VM whose steal time shows in
// /proc/stat; a stall there drops every page's frames whatever the page does.
// A frame test can then tell the host's stalls from its page's own jank.
//
// The probe is a Node worker thread that wakes every millisecond and keeps the
// gaps over 15 ms. Linux schedules a sleeper that wakes ahead of busy threads,
// so ordinary contention does not trip it: with three busy loops on the two
// cores its longest gap read 12.1 ms (25 gaps over 8 ms in 10 s); idle, none
// over 8 ms. A page that blocks its own main thread does not trip it either.
// Times are epoch milliseconds (timeOrigin + now), as a page's are.
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';

if (!isMainThread && workerData?.hostStallProbe) {
  const stalls = [];
  let last = performance.timeOrigin + performance.now();
  setInterval(() => {
    const now = performance.timeOrigin + performance.now();
    if (now - last > workerData.thresholdMs) stalls.push([last, now]);
    last = now;
  }, 1);
  parentPort.on('message', (since) => parentPort.postMessage(stalls.filter(([, end]) => end >= since)));
  parentPort.postMessage('ready');
}

/** One message from `worker`, or its error. */
function nextMessage(worker) {
  return new Promise((resolve, reject) => {
    const fail = (error) => reject(new Error(`host stall probe: ${error.message}`));
    worker.once('error', fail);
    worker.once('message', (message) => { worker.off('error', fail); resolve(message); });
  });
}

/**
 * Starts the probe. `ready` resolves once it is watching (a Node worker takes 50-170 ms to start);
 * stallsSince(epochMs) resolves to the [start, end] stalls that ended after epochMs; judge(...) is
 * judgeFrames() with the stalls since `since` (default: the first frame); stop() ends the probe.
 */
export function watchHostStalls({ thresholdMs = 15 } = {}) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { hostStallProbe: true, thresholdMs } });
  worker.unref();
  const ready = nextMessage(worker).then(() => {});
  const stallsSince = async (since) => {
    await ready;
    const answer = nextMessage(worker);
    worker.postMessage(since);
    return answer;
  };
  return {
    ready,
    stallsSince,
    judge: async ({ frames, longTasks, boundMs, boundIncluded, since = frames[0] ?? 0 }) =>
      judgeFrames({ frames, longTasks, boundMs, boundIncluded, stalls: await stallsSince(since) }),
    stop: () => worker.terminate(),
  };
}

/** How much of [start, end] the stalls cover, in ms. */
function stalledWithin([start, end], stalls) {
  let covered = 0;
  for (const [from, to] of stalls) covered += Math.max(0, Math.min(end, to) - Math.max(start, from));
  return covered;
}

const describe = (list) => list.map(({ ms, host }) => `${ms.toFixed(1)}${host > 0 ? ` (host stalled ${host.toFixed(1)})` : ''}`).join(', ') || 'none';

/**
 * Frame gaps over `boundMs` (at `boundMs` too with `boundIncluded`; between consecutive frame times, epoch ms)
 * and long tasks ([start, duration], epoch ms) over 50 ms, each with the host stall time inside it. `ours` lists
 * those that stay over their bound once the host's stalls are taken out: the page's own; `clean`: none of
 * them. `longestMs`: the longest gap of all; `summary`: the gaps and long tasks as text, for reports.
 */
export function judgeFrames({ frames, longTasks = [], stalls, boundMs, boundIncluded = false }) {
  const overGap = (ms) => (boundIncluded ? ms >= boundMs : ms > boundMs);
  const gaps = [];
  let longestMs = 0;
  for (let i = 1; i < frames.length; i++) {
    const gap = frames[i] - frames[i - 1];
    longestMs = Math.max(longestMs, gap);
    if (overGap(gap)) gaps.push({ ms: gap, host: stalledWithin([frames[i - 1], frames[i]], stalls) });
  }
  const tasks = longTasks.filter(([, duration]) => duration > 50)
    .map(([start, duration]) => ({ ms: duration, host: stalledWithin([start, start + duration], stalls) }));
  const ours = { gaps: gaps.filter(({ ms, host }) => overGap(ms - host)), tasks: tasks.filter(({ ms, host }) => ms - host > 50) };
  return {
    gaps,
    tasks,
    longestMs,
    ours,
    clean: ours.gaps.length === 0 && ours.tasks.length === 0,
    summary: `gaps over ${boundMs} ms: ${describe(gaps)}; long tasks: ${describe(tasks)}`,
    describe,
  };
}
