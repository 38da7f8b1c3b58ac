// A/B of copies of the demo's Night Garden theme in one Chromium (the
// browser tests' engine, flags and viewport): each round opens each copy's
// demo page in turn (the order rotated every round), seals its vault, switches
// the theme on with <glass-blur> (not for a dir written `dir:off`, the
// control: the same page with the theme off), waits 2 s, then watches the page's frames
// for a window of `seconds`: longest gap, gaps over 20 and 33 ms, long tasks,
// and the CPU time of the browser's processes by type over that window (the
// GPU process is where the software compositor draws). Prints each window
// and the medians per side, with the load average. Not a test.
//   ROUNDS=6 SECONDS=10 ENGINE=chromium node bench/ab/night-garden.mjs <demo dir A> <demo dir B> ...
// (the dirs as served from the repository's root, e.g. demo-main and demo: a copy of another branch's demo/
// placed beside demo/ imports the same dist/ and common/).
import { readFileSync } from 'node:fs';
import { descendants } from '../../scripts/browsers/proc.mjs';
import { loadavg } from 'node:os';
import { median } from '../lib/measure.mjs';
import { startServer } from '../../scripts/server.mjs';
import { waitFor } from '../../scripts/browsers/wait-for.mjs';

const sides = process.argv.slice(2);
const ROUNDS = Number(process.env.ROUNDS ?? 6);
const SECONDS = Number(process.env.SECONDS ?? 10);
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** CPU seconds (user + system) of this process's descendants (engines/proc.mjs), summed by Chromium process type. */
async function cpuByType() {
  const byType = {};
  for (const { pid, command } of await descendants(process.pid)) {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'latin1');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const type = /--type=([\w-]+)/.exec(command)?.[1] ?? 'browser';
      byType[type] = (byType[type] ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100;
    } catch { /* gone */ }
  }
  return byType;
}

async function window(browser, side) {
  const [dir, off] = side.split(':');
  const page = await browser.engine.newPage();
  await page.goto(browser.url(`/${dir}/?quick`));
  await waitFor(page, () => document.getElementById('night-garden')?.dataset.state === 'off', null, { what: 'the theme card' });
  await waitFor(page, () => !document.getElementById('vault-unlock').disabled, null, { what: 'the vault sealed', timeout: 60000 });
  if (off !== 'off') {
    await page.evaluate(() => {
      document.querySelector('input[name="garden-glass"][value="glass"]').click();
      document.getElementById('garden-toggle').click();
    });
    await waitFor(page, () => {
      const glasses = [...document.querySelectorAll('glass-blur.night-glass')];
      return glasses.length === 2 && glasses.every((g) => g.stats.framesDrawn >= 5);
    }, null, { what: 'both glass bars drawing', timeout: 30000 });
  }
  await sleep(2000);
  await page.evaluate(() => {
    for (const glass of document.querySelectorAll('glass-blur.night-glass')) glass.resetStats();
    const watch = { frames: [], longTasks: [], start: performance.now(), sky: Number(document.getElementById('night-garden').dataset.skyFrames ?? 0) };
    window.watch = watch;
    new PerformanceObserver((list) => { for (const e of list.getEntries()) watch.longTasks.push(e.duration); }).observe({ type: 'longtask' });
    const frame = (now) => { watch.frames.push(now); requestAnimationFrame(frame); };
    requestAnimationFrame(frame);
  });
  const cpu0 = await cpuByType();
  const load0 = loadavg()[0];
  await sleep(SECONDS * 1000);
  const cpu1 = await cpuByType();
  const run = await page.evaluate(() => {
    const { frames, longTasks, start, sky } = window.watch;
    const gaps = frames.slice(1).map((t, i) => t - frames[i]).sort((a, b) => a - b);
    const seconds = (performance.now() - start) / 1000;
    const drawn = [...document.querySelectorAll('glass-blur.night-glass')].map((g) => g.stats.framesDrawn);
    return {
      fps: frames.length / seconds, maxGap: gaps.at(-1) ?? 0, p95: gaps[Math.floor(gaps.length * 0.95)] ?? 0,
      over20: gaps.filter((g) => g > 20).length, over33: gaps.filter((g) => g > 34).length, longTasks: longTasks.length,
      glassFps: drawn.length ? Math.min(...drawn) / seconds : 0,
      skyFps: (Number(document.getElementById('night-garden').dataset.skyFrames ?? 0) - sky) / seconds,
      skyBusy: document.getElementById('garden-glass-sky').textContent,
    };
  });
  await page.close();
  const cpu = Object.fromEntries(Object.keys(cpu1).map((type) => [type, (cpu1[type] - (cpu0[type] ?? 0)) / SECONDS]));
  return { ...run, cpu, load: (load0 + loadavg()[0]) / 2 };
}

const ENGINE = process.env.ENGINE ?? 'chromium';
const server = await startServer();
const engine = await (await import(`../../scripts/browsers/${ENGINE}.mjs`)).launch();
const browser = {
  engine,
  url: (p) => `${server.url}${p}`,
  async close() {
    await engine.close();
    await server.close();
  },
};
const results = Object.fromEntries(sides.map((side) => [side, []]));
const show = (side, r) => console.log(`${side}: ${r.fps.toFixed(1)} fps, max gap ${r.maxGap.toFixed(1)} ms, p95 ${r.p95.toFixed(1)}, `
  + `>20 ms ${r.over20}, >34 ms ${r.over33}, long tasks ${r.longTasks}; glass ${r.glassFps.toFixed(1)} fps, sky ${r.skyFps.toFixed(1)} fps (busy ${r.skyBusy}); `
  + `cpu/s ${Object.entries(r.cpu).filter(([, v]) => v >= 0.005).map(([k, v]) => `${k} ${v.toFixed(2)}`).join(', ')}; load ${r.load.toFixed(1)}`);
try {
  for (let round = 0; round < ROUNDS; round++) {
    for (let i = 0; i < sides.length; i++) {
      const side = sides[(i + round) % sides.length];
      const r = await window(browser, side);
      results[side].push(r);
      show(side, r);
    }
  }
} finally {
  await browser.close();
}
for (const side of sides) {
  const list = results[side];
  const m = (f) => median(list.map(f));
  console.log(`median ${side} (${list.length} windows of ${SECONDS} s): ${m((r) => r.fps).toFixed(1)} fps, max gap `
    + `${m((r) => r.maxGap).toFixed(1)} ms (range ${Math.min(...list.map((r) => r.maxGap)).toFixed(1)}-${Math.max(...list.map((r) => r.maxGap)).toFixed(1)}), `
    + `p95 ${m((r) => r.p95).toFixed(1)}, >20 ms ${m((r) => r.over20)}, >34 ms ${m((r) => r.over33)}, long tasks ${m((r) => r.longTasks)}, `
    + `glass ${m((r) => r.glassFps).toFixed(1)} fps, sky ${m((r) => r.skyFps).toFixed(1)} fps; cpu/s gpu ${m((r) => r.cpu['gpu-process'] ?? 0).toFixed(2)}, `
    + `renderer ${m((r) => r.cpu.renderer ?? 0).toFixed(2)}, all ${m((r) => Object.values(r.cpu).reduce((a, b) => a + b, 0)).toFixed(2)}; `
    + `load ${Math.min(...list.map((r) => r.load)).toFixed(1)}-${Math.max(...list.map((r) => r.load)).toFixed(1)}`);
}
