// The Night Garden theme (issue 13 §3): an aurora sky animated in a worker
// (demo/night-sky-worker.js) on an OffscreenCanvas at half the window's
// resolution, behind the page, with spores drifting over its meadow drawn into
// the sky by the same worker (demo/night-spores.js, WebGL on a GPU): one canvas on
// the page, one layer for the compositor; a top bar and
// a sidebar of frosted glass over it, either <glass-blur source="night-sky">
// fed by the sky worker through connectSource(port) or CSS backdrop-filter
// (the element's css-backdrop). The card shows both runs' frame statistics
// side by side: the page's frame gaps, the main thread's busy share (1 - the
// idle time requestIdleCallback was offered), the glass workers' busy share
// (<glass-blur>.stats) and the sky worker's. The sky and the spores stand
// still while the page is hidden or under prefers-reduced-motion (the glass
// pauses by itself). Theme off: the sky worker is terminated, the sky's canvas
// and the glass removed (their workers end with them), every loop stopped:
// nothing runs.
import { workerCanvasOnCpu } from '../common/canvas-quirks.js';

const $ = (id) => document.getElementById(id);

// One run of one glass mode: the page's frames and idle time, measured until the next switch or off.
function measureRun() {
  const run = { start: performance.now(), frames: 0, gaps: [], idleMs: 0, last: undefined, raf: 0, idle: 0 };
  const frame = (now) => {
    if (run.last !== undefined) run.gaps.push(now - run.last);
    run.last = now;
    run.frames++;
    run.raf = requestAnimationFrame(frame);
  };
  run.raf = requestAnimationFrame(frame);
  if (typeof requestIdleCallback === 'function') {
    const idle = (deadline) => {
      run.idleMs += deadline.timeRemaining();
      run.idle = requestIdleCallback(idle);
    };
    run.idle = requestIdleCallback(idle);
  }
  run.stop = () => {
    cancelAnimationFrame(run.raf);
    if (run.idle) cancelIdleCallback(run.idle);
  };
  return run;
}

function summarize(run, glasses, sky) {
  const elapsed = performance.now() - run.start;
  const gaps = run.gaps;
  const stats = glasses.map((glass) => glass.stats);
  return {
    seconds: elapsed / 1000,
    fps: run.frames / (elapsed / 1000),
    longestGapMs: gaps.length ? Math.max(...gaps) : 0,
    gapsOver20: gaps.filter((gap) => gap > 20).length,
    mainBusy: typeof requestIdleCallback === 'function' ? Math.max(0, 1 - run.idleMs / elapsed) : null,
    glassFps: stats.length ? Math.min(...stats.map((s) => s.framesDrawn)) / (elapsed / 1000) : 0,
    glassBusy: stats.reduce((sum, s) => sum + s.workerBusyShare, 0),
    glassMedianMs: stats.length ? Math.max(...stats.map((s) => s.medianMs)) : 0,
    skyBusy: sky?.busyShare ?? null,
  };
}

const percent = (share) => (share === null ? '–' : `${(share * 100).toFixed(1)} %`);
const ROWS = {
  seconds: (s) => `${s.seconds.toFixed(1)} s`,
  fps: (s) => `${s.fps.toFixed(0)}`,
  gap: (s) => `${s.longestGapMs.toFixed(1)} ms`,
  over: (s) => `${s.gapsOver20}`,
  main: (s) => percent(s.mainBusy),
  glass: (s, mode) => (mode === 'css' ? '– (the compositor)' : `${percent(s.glassBusy)} (${s.glassFps.toFixed(0)} fps, ${s.glassMedianMs.toFixed(2)} ms)`),
  sky: (s) => percent(s.skyBusy),
};

function show(mode, summary) {
  for (const [row, format] of Object.entries(ROWS)) $(`garden-${mode}-${row}`).textContent = format(summary, mode);
}

export function startNightGarden() {
  const card = $('night-garden');
  const toggle = $('garden-toggle');
  const modes = [...document.querySelectorAll('input[name="garden-glass"]')];
  let state;   // while on: {worker, canvas, glasses, mode, run, timer, sky}

  const mode = () => modes.find((m) => m.checked)?.value ?? 'glass';
  const reduced = globalThis.matchMedia?.('(prefers-reduced-motion: reduce)');
  const still = () => document.hidden || Boolean(reduced?.matches);
  const pause = () => state?.worker.postMessage({ type: 'pause', paused: still() });
  document.addEventListener('visibilitychange', pause);
  reduced?.addEventListener('change', pause);

  // New channels from the sky worker to each glass (a glass drops its port with its worker when it goes CSS).
  const connect = () => {
    if (mode() === 'css') {
      state.worker.postMessage({ type: 'ports', ports: [] });
      return;
    }
    const ports = state.glasses.map((glass) => {
      const channel = new MessageChannel();
      glass.connectSource(channel.port1);
      return channel.port2;
    });
    state.worker.postMessage({ type: 'ports', ports }, ports);
  };

  const finishRun = () => {
    if (!state?.run) return;
    show(state.mode, summarize(state.run, state.mode === 'css' ? [] : state.glasses, state.sky));
    state.run.stop();
    state.run = undefined;
  };

  const beginRun = () => {
    state.mode = mode();
    for (const glass of state.glasses) glass.resetStats();
    state.worker.postMessage({ type: 'reset' });
    state.sky = undefined;
    state.run = measureRun();
    card.dataset.mode = state.mode;
  };

  const tick = () => {
    if (!state?.run) return;
    state.worker.postMessage({ type: 'stats' });
    show(state.mode, summarize(state.run, state.mode === 'css' ? [] : state.glasses, state.sky));
  };

  const on = () => {
    const canvas = document.createElement('canvas');
    canvas.id = 'night-sky';
    canvas.className = 'night-sky';
    canvas.setAttribute('aria-hidden', 'true');
    canvas.width = Math.max(1, Math.round(innerWidth / 2));
    canvas.height = Math.max(1, Math.round(innerHeight / 2));
    const glasses = ['night-top', 'night-side'].map((name) => {
      const glass = document.createElement('glass-blur');
      glass.className = `night-glass ${name}`;
      glass.setAttribute('source', 'night-sky');
      glass.setAttribute('radius', '8');
      glass.setAttribute('aria-hidden', 'true');
      if (mode() === 'css') glass.setAttribute('css-backdrop', '');
      return glass;
    });
    document.body.prepend(canvas, ...glasses);
    // The spores take over from the page's CSS fireflies: twelve animated layers fewer for the compositor.
    document.documentElement.classList.add('night-garden-on');
    const worker = new Worker(new URL('./night-sky-worker.js', import.meta.url), { type: 'module', name: 'night-sky' });
    const offscreen = canvas.transferControlToOffscreen();
    // `?spores=webgl` or `?spores=2d` chooses how the spores are drawn (the tests use both).
    const spores = new URLSearchParams(location.search).get('spores') ?? undefined;
    // A CPU-backed sky where the engine crashes with a GPU-backed one (WebKit: common/canvas-quirks.js).
    worker.postMessage({ type: 'start', canvas: offscreen, cpu: workerCanvasOnCpu(), spores, paused: still() }, [offscreen]);
    state = { worker, canvas, glasses };
    worker.onmessage = ({ data }) => {
      if (data.type === 'stats' && state?.worker === worker) {
        state.sky = data;
        card.dataset.skyFrames = String(data.frames);
      }
      if (data.type === 'spores' && state?.worker === worker) {
        card.dataset.spores = data.path;
        card.dataset.sporesRenderer = data.renderer;
        card.dataset.sporesLit = String(data.lit);
      }
    };
    connect();
    beginRun();
    state.timer = setInterval(tick, 500);
    toggle.setAttribute('aria-pressed', 'true');
    toggle.textContent = 'Switch the Night Garden off';
    card.dataset.state = 'on';
  };

  const off = () => {
    finishRun();
    clearInterval(state.timer);
    state.worker.terminate();
    for (const glass of state.glasses) glass.remove();
    state.canvas.remove();
    document.documentElement.classList.remove('night-garden-on');
    state = undefined;
    toggle.setAttribute('aria-pressed', 'false');
    toggle.textContent = 'Switch the Night Garden on';
    card.dataset.state = 'off';
  };

  toggle.addEventListener('click', () => (state ? off() : on()));
  for (const input of modes) {
    input.addEventListener('change', () => {
      if (!state) return;
      finishRun();
      const css = mode() === 'css';
      // Ports first: a glass coming back from CSS starts its worker with the new port attached.
      if (!css) connect();
      for (const glass of state.glasses) glass.cssBackdrop = css;
      if (css) connect();
      beginRun();
    });
  }
  card.dataset.state = 'off';
}
