// The live demo: a generated vault of 5,000 notes opened with every element
// (vault-unlock -> unwrapKey -> note-list <- fuzzy-search for), the vault
// scene (three.js over <procedural-texture>'s maps, demo/vault-scene.js), the
// Night Garden (<glass-blur>), the benchmarks (recorded headlines, and a run in
// this browser) and the <vault-unlock> cards wired together, with timings.
// No inline scripts anywhere, so the same page works under a strict CSP.
// `?quick` makes the benchmarks small (the tests use it).
import { simdSupported } from '../common/wasm-compile.js';
import { yieldToEventLoop } from '../common/slicer.js';
import { whenIdle } from '../common/when-idle.js';
import { startVault } from './vault.js';
import { startVaultScene } from './vault-scene.js';
import { drawChart, runBenchmarks } from './bench.js';
import { showHeadlines } from './bench-headlines.js';
import { showOpenTimeline } from './bench-open.js';
import { showCallsCharts } from './bench-calls.js';
import { startNightGarden } from './night-garden.js';

const $ = (id) => document.getElementById(id);
const MIB = 1024;

showVitals();
let api;
try {
  // One element at a time, each in a task of its own (its entry defines it and upgrades every one on the page):
  // the whole bundle's import did all five in one task, 30-50 ms here and a long task on a phone. The page's
  // elements in document order, so the vault's door comes first; then the bundle, for the API and the elements
  // the page makes later (the Night Garden's <glass-blur>).
  const tags = new Set([...document.body.querySelectorAll('*')].map((element) => element.localName).filter((name) => name.includes('-')));
  for (const tag of tags) {
    await import(`../dist/${tag}.js`);
    await yieldToEventLoop();
  }
  api = await import('../dist/index.js');
  await yieldToEventLoop();
} catch (error) {
  const notice = $('notice');
  notice.hidden = false;
  notice.textContent = `The elements could not load (${error.message}). Build them first: npm run build.`;
  throw error;
}

const verify = $('verify');
const derive = $('derive');
const create = $('create');

function seconds(ms) {
  return `${(ms / 1000).toFixed(2)} s`;
}

function cost({ t, m, p }) {
  return `t=${t}, ${m >= MIB ? `${m / MIB} MiB` : `${m} KiB`}${p > 1 ? `, p=${p}` : ''}`;
}

function hex(bytes) {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Adds a line at the top of a card's log (newest first, at most five). */
function log(list, text, kind) {
  const item = document.createElement('li');
  item.className = kind;
  item.textContent = text;
  list.prepend(item);
  while (list.children.length > 5) list.lastElementChild.remove();
}

function timing(element) {
  return `in ${seconds(element.ms ?? 0)}${element.path ? ` (${element.path})` : ''}`;
}

function paramsOfHash(hash) {
  const match = /\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(hash);
  return match ? { m: Number(match[1]), t: Number(match[2]), p: Number(match[3]) } : null;
}

function track(element, list) {
  element.addEventListener('vault-unlocked', (event) => {
    const { key } = event.detail;
    log(list, key ? `Key ${hex(key.subarray(0, 8))}… ${timing(element)}` : `Unlocked ${timing(element)}`, 'ok');
  });
  element.addEventListener('vault-error', (event) => {
    const { name, message } = event.detail;
    log(list, name === 'WrongPasswordError' ? `Wrong password, checked ${timing(element)}` : message, 'error');
  });
}

track(verify, $('verify-log'));
track(derive, $('derive-log'));
track(create, $('create-log'));

$('verify-cost').textContent = cost(paramsOfHash(verify.hash));
$('derive-cost').textContent = cost(derive);

create.addEventListener('vault-created', (event) => {
  const { hash, salt, t, m, p } = event.detail;
  if (hash) {
    verify.hash = hash;
    $('verify-cost').textContent = cost(paramsOfHash(hash));
    log($('create-log'), `Hash created ${timing(create)}; Verify now checks your password.`, 'ok');
  } else {
    Object.assign(derive, { salt, t, m, p });
    $('derive-cost').textContent = cost({ t, m, p });
    log($('create-log'), `Salt ${salt} ${timing(create)}; Derive now uses it.`, 'ok');
  }
});

const vaultSealed = startVault(api);
startNightGarden();

const mapViews = [...document.querySelectorAll('procedural-texture.map-view')];
$('maps-kind').addEventListener('change', (event) => { for (const view of mapViews) view.kind = event.target.value; });
// The scene starts once the vault is sealed and its card is on screen: its first frame compiles shaders and
// uploads ten maps, main-thread tasks of 100-900 ms under software WebGL here, which would stall the page while
// it seals (and, for a visitor who never scrolls to it, for nothing).
const sceneOnScreen = new Promise((resolve) => {
  const observer = new IntersectionObserver((entries) => {
    if (!entries.some((entry) => entry.isIntersecting)) return;
    observer.disconnect();
    resolve();
  });
  observer.observe($('textures'));
});
// Each in a task of its own, after the one in which the sealed notes reach the list.
vaultSealed.then(async () => {
  await yieldToEventLoop();
  showHeadlines($('bench-headlines'), $('bench-recorded'));
  showOpenTimeline($('bench-open'));
  showCallsCharts($('bench-calls'));
  whenIdle(comeAlive, { timeoutMs: 1000, fallbackMs: 200 });   // once the page has nothing else to do
  await sceneOnScreen;
  await yieldToEventLoop();
  startVaultScene(api, {
    scene: $('scene'), status: $('scene-status'), seed: $('scene-seed-value'), size: $('scene-size'), newSeed: $('scene-seed'),
    times: { wall: $('time-wall'), door: $('time-door'), shown: $('time-shown') }, maps: mapViews,
  });
});

const quick = new URLSearchParams(location.search).has('quick');
$('bench-run').addEventListener('click', async () => {
  const button = $('bench-run');
  const status = $('bench-status');
  const charts = $('bench-charts');
  button.disabled = true;
  charts.setAttribute('aria-busy', 'true');
  charts.replaceChildren();
  const start = performance.now();
  try {
    const results = await runBenchmarks(api, { quick, progress: (text) => { if (text) status.textContent = `Running: ${text}`; } });
    charts.replaceChildren(...results.map(drawChart));
    status.textContent = `Done in ${seconds(performance.now() - start)}${quick ? ' (quick mode)' : ''}.`;
  } catch (error) {
    status.textContent = `The benchmarks failed: ${error.message}`;
  } finally {
    button.disabled = false;
    charts.removeAttribute('aria-busy');
  }
});

for (const radio of document.querySelectorAll('input[name="create-output"]')) {
  radio.addEventListener('change', () => { create.output = radio.value; });
}
$('create-memory').addEventListener('change', (event) => { create.m = Number(event.target.value); });

function showVitals() {
  $('isolation').textContent = self.crossOriginIsolated ? 'cross-origin isolated' : 'not isolated';
  $('simd').textContent = simdSupported() ? 'yes' : 'no (scalar build)';
}

/**
 * Once the demo's start is done (the vault sealed, the charts drawn): the fireflies fly and the frame counter counts.
 * Not before: a frame counter asks for a main-thread frame 60 times a second, and moving fireflies are drawn
 * again every frame (in software where there is no GPU), CPU a phone's start would otherwise have for itself
 * (Lighthouse's blocking time, issue 33).
 */
function comeAlive() {
  document.querySelector('.garden').classList.add('alive');
  // Frames counted over each second: the number stays near 60 while a worker hashes.
  let frames = 0;
  let since = performance.now();
  const fps = $('fps');
  const count = (now) => {
    frames++;
    if (now - since >= 1000) {
      fps.textContent = String(Math.round((frames * 1000) / (now - since)));
      frames = 0;
      since = now;
    }
    requestAnimationFrame(count);
  };
  requestAnimationFrame(count);
}
