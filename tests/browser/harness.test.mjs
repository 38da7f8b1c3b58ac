// The engine-neutral page itself, in whichever engine runs: values cross back
// unchanged (undefined, null, typed arrays, nested), errors in the page reject,
// page errors and console.error land in `problems`, keys reach the focused
// control inside a shadow root, and two pages stay apart. Every other browser
// test relies on this contract, so each engine adapter must keep it.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { descendants } from '../../scripts/browsers/proc.mjs';
import { openBrowser, skipUnless } from './harness.mjs';
import { verdictAgainstControl } from './frame-control.mjs';
import { judgeFrames, watchHostStalls } from './host-stalls.mjs';

let browser;
before(async () => { browser = await openBrowser(); });
after(async () => { await browser?.close(); });

test('evaluate() returns values as they are in the page and passes one argument in', async () => {
  const page = await browser.newPage({ load: false });
  const value = await page.evaluate((arg) => ({
    arg, nothing: undefined, empty: null, text: 'é🌙', list: [1, undefined, 'x'], nested: { a: { b: [true, false] } },
    bytes: Array.from(new Uint8Array([0, 255, 7])),
  }), { n: 3, s: 'ok' });
  assert.deepEqual(value, { arg: { n: 3, s: 'ok' }, nothing: undefined, empty: null, text: 'é🌙', list: [1, undefined, 'x'],
    nested: { a: { b: [true, false] } }, bytes: [0, 255, 7] });
  assert.equal(await page.evaluate(() => undefined), undefined);
  assert.equal(await page.evaluate(async () => { await new Promise((resolve) => setTimeout(resolve, 20)); return 42; }), 42);
  await page.close();
});

test('evaluate() rejects when the page function throws, with the page\'s message', async () => {
  const page = await browser.newPage({ load: false });
  await assert.rejects(page.evaluate(() => { throw new RangeError('thrown in the page'); }), /thrown in the page/);
  await assert.rejects(page.evaluate(() => Promise.reject(new Error('rejected in the page'))), /rejected in the page/);
  await page.close();
});

test('page errors and console.error calls show up in problems; console.log does not', async () => {
  const page = await browser.newPage({ load: false });
  assert.deepEqual(page.problems, []);
  await page.evaluate(() => {
    console.log('just a log line');
    console.error('an error line');
    setTimeout(() => { throw new Error('uncaught in a timer'); }, 0);
  });
  await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 100)));
  await page.evaluate(() => 0); // engines that poll for problems collect them here
  assert.equal(page.problems.length, 2, JSON.stringify(page.problems));
  assert.ok(page.problems.some((p) => p.includes('an error line')), JSON.stringify(page.problems));
  assert.ok(page.problems.some((p) => p.includes('uncaught in a timer')), JSON.stringify(page.problems));
  await page.close();
});

test('press() and type() reach the focused input inside a shadow root, Unicode included', async () => {
  const page = await browser.newPage({ load: false });
  await page.evaluate(() => {
    const host = document.createElement('div');
    host.id = 'host';
    host.attachShadow({ mode: 'open', delegatesFocus: true }).innerHTML = '<input id="a"><input id="b">';
    document.getElementById('root').append(host);
    window.keys = [];
    host.shadowRoot.addEventListener('keydown', (event) => window.keys.push(event.key));
  });
  await page.press('Tab');
  await page.type('Grüße 🌙 e\u0301!');
  await page.press('Tab');
  await page.type('b');
  await page.press('Enter');
  const seen = await page.evaluate(() => ({
    a: document.getElementById('host').shadowRoot.getElementById('a').value,
    b: document.getElementById('host').shadowRoot.getElementById('b').value,
    focused: document.getElementById('host').shadowRoot.activeElement?.id,
    last: window.keys.at(-1),
  }));
  assert.deepEqual(seen, { a: 'Grüße 🌙 e\u0301!', b: 'b', focused: 'b', last: 'Enter' });
  await page.close();
});

test('two open pages keep their own state', async () => {
  const first = await browser.newPage({ load: false });
  const second = await browser.newPage({ load: false });
  await first.evaluate(() => { window.mark = 'first'; });
  await second.evaluate(() => { window.mark = 'second'; });
  assert.deepEqual(await Promise.all([first.evaluate(() => window.mark), second.evaluate(() => window.mark)]), ['first', 'second']);
  await first.close();
  assert.equal(await second.evaluate(() => window.mark), 'second');
  await second.close();
});

test('workerTargets() counts this page\'s workers, nested ones included, and no other page\'s', async (t) => {
  if (!skipUnless(t, browser.engine, 'workerTargets')) return;
  const busy = await browser.newPage({ load: false });
  const quiet = await browser.newPage({ load: false });
  await busy.evaluate(() => {
    const script = (text) => URL.createObjectURL(new Blob([text], { type: 'text/javascript' }));
    const nested = script('setInterval(() => {}, 1000);');
    window.worker = new Worker(script(`new Worker(${JSON.stringify(nested)}); setInterval(() => {}, 1000);`));
  });
  const deadline = Date.now() + 5000;
  while (await busy.workerTargets() < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(await busy.workerTargets(), 2, 'the worker and the one it started');
  assert.equal(await quiet.workerTargets(), 0, 'none of the other page\'s');
  await busy.close();
  await quiet.close();
});

test('screenshot() writes a PNG of the page', async () => {
  const page = await browser.newPage({ load: false });
  const dir = await mkdtemp(path.join(os.tmpdir(), 'memento-shot-'));
  try {
    await page.screenshot(path.join(dir, 'page.png'));
    const png = await readFile(path.join(dir, 'page.png'));
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.ok(png.length > 1000, `${png.length} bytes`);
  } finally {
    await rm(dir, { recursive: true, force: true });
    await page.close();
  }
});

// WebKit's web process crashed twice in CI; its driver's quit then failed and
// left MiniBrowser holding the test runner's output open for ten minutes.
const CONTENT_PROCESS = / --type=renderer |WebKitWebProcess| -contentproc /;
/** True while `pid` runs (an ended process that is not yet reaped, state Z, does not count). */
const running = (pid) => readFile(`/proc/${pid}/stat`, 'utf8').then((stat) => !/^\d+ \(.*\) Z/s.test(stat), () => false);
const within = (promise, ms) => Promise.race([promise, new Promise((_, reject) => setTimeout(reject, ms, new Error(`no answer in ${ms} ms`)).unref())]);
test('a browser whose content processes crashed still closes, and no process of it outlives close()', async (t) => {
  if (process.platform !== 'linux') return t.skip('processes are read from /proc, which only Linux has');
  const already = new Set((await descendants(process.pid)).map(({ pid }) => pid));
  const second = await openBrowser();
  let mine;
  let closed = false;
  try {
    const page = await second.newPage({ load: false });
    assert.equal(await page.evaluate(() => 1 + 1), 2);
    mine = (await descendants(process.pid)).filter(({ pid }) => !already.has(pid));
    const content = mine.filter(({ command }) => CONTENT_PROCESS.test(command));
    assert.ok(content.length > 0, 'the new browser has a content process to crash');
    // As in CI: the crash comes while a script is running in the page. What the
    // script's promise does then is the engine's affair (WebKitWebDriver may
    // never answer; Firefox answered); only closing is checked.
    const script = page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 3000)));
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const { pid } of content) process.kill(pid, 'SIGKILL');
    await within(script, 20000).catch(() => {});
    closed = await within(second.close(), 30000).then(() => true, () => false);
  } finally {
    if (!closed) await within(second.close(), 30000).catch(() => {});
  }
  assert.ok(closed, 'close() finished within 30 s');
  // Every process the browser had, whoever its parent is now (an orphan moves to init).
  let left = [];
  for (let tries = 0; tries < 50; tries++) {
    left = (await Promise.all(mine.map(async (p) => ((await running(p.pid)) ? p : null)))).filter(Boolean);
    if (!left.length) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  assert.deepEqual(left.map(({ command }) => command.split(' ')[0]), [], 'no process of the closed browser is left');
});

test('host stalls: the probe sees the whole process stopped, and judgeFrames counts only what is left beyond a stall', async () => {
  const host = watchHostStalls();
  await host.ready;
  const start = performance.timeOrigin + performance.now();
  // A real stall, as the host gives them: this process stopped for 60 ms by the kernel (SIGSTOP, then SIGCONT
  // from a child that outlives the stop).
  const { spawn } = await import('node:child_process');
  const stopper = spawn('sh', ['-c', `kill -STOP ${process.pid}; sleep 0.06; kill -CONT ${process.pid}`]);
  await new Promise((resolve) => stopper.on('exit', resolve));
  await new Promise((resolve) => setTimeout(resolve, 50));
  const stalls = await host.stallsSince(start);
  await host.stop();
  assert.ok(stalls.some(([from, to]) => to - from >= 50), `a stall of ~60 ms seen: ${JSON.stringify(stalls.map(([from, to]) => to - from))}`);

  const t0 = 1e12;
  const judged = judgeFrames({
    frames: [t0, t0 + 16.7, t0 + 83.3, t0 + 116.7, t0 + 133.4],
    longTasks: [[t0 + 20, 72], [t0 + 90, 55]],
    stalls: [[t0 + 20, t0 + 80]],
    boundMs: 20,
  });
  assert.deepEqual(judged.gaps.map(({ ms }) => Math.round(ms)), [67, 33], 'both gaps over 20 ms listed');
  assert.deepEqual(judged.ours.gaps.map(({ ms }) => Math.round(ms)), [33], 'the 66.6 ms gap was 60 ms of host stall; the 33.4 ms one is the page\'s');
  assert.deepEqual(judged.ours.tasks.map(({ ms }) => ms), [55], 'the 72 ms task held 60 ms of stall; the 55 ms one none');
  assert.equal(judged.describe(judged.gaps), '66.6 (host stalled 60.0), 33.4');
  assert.equal(judged.summary, 'gaps over 20 ms: 66.6 (host stalled 60.0), 33.4; long tasks: 72.0 (host stalled 60.0), 55.0');
  assert.equal(judged.longestMs.toFixed(1), '66.6');
  assert.equal(judged.clean, false);
  assert.equal(judgeFrames({ frames: [t0, t0 + 16.7, t0 + 83.3], stalls: [[t0 + 20, t0 + 80]], boundMs: 20 }).clean, true,
    'a gap that was all host stall leaves the window clean');
  // A bound that fails at the bound itself: a gap of exactly 100 ms is the page's, one of 99.9 ms is not.
  const at = judgeFrames({ frames: [t0, t0 + 100, t0 + 199.9], stalls: [], boundMs: 100, boundIncluded: true });
  assert.deepEqual(at.ours.gaps.map(({ ms }) => ms), [100]);
  assert.deepEqual(judgeFrames({ frames: [t0, t0 + 100], stalls: [], boundMs: 100 }).ours.gaps, []);
});

test('judged against a control: a clean window passes; otherwise the subject may drop no more than about the control did', () => {
  const t0 = 1e12;
  // A 3 s window of 60 Hz frames with `missed` single missed vsyncs (33.3 ms gaps), and long tasks of 60 ms.
  const windowWith = (missed, longTasks = 0) => {
    const frames = [];
    for (let t = t0, i = 0; frames.length < 180; i++) { frames.push(t); t += i < missed ? 33.3 : 16.7; }
    return judgeFrames({ frames, longTasks: Array.from({ length: longTasks }, (_, i) => [t0 + i * 100, 60]), stalls: [], boundMs: 20 });
  };
  const repeat = (n, missed, tasks) => Array.from({ length: n }, () => windowWith(missed, tasks));
  assert.equal(verdictAgainstControl([windowWith(1), windowWith(0)], [windowWith(0)]).clean, true);
  assert.equal(verdictAgainstControl([windowWith(1), windowWith(0)], [windowWith(0)]).ok, true);
  // Work of ours that costs a frame in every window, on a quiet host: 5 gaps against the control's 0 or 1 fails.
  assert.equal(verdictAgainstControl(repeat(5, 1), repeat(5, 0)).ok, false);
  assert.equal(verdictAgainstControl([...repeat(4, 1), windowWith(2)], [windowWith(1), ...repeat(4, 0)]).ok, false);
  // A host that drops frames with nothing of ours running: about as many without the glass passes.
  const verdict = verdictAgainstControl(repeat(5, 2), [...repeat(3, 2), ...repeat(2, 1)]);
  assert.equal(verdict.ok, true);
  assert.deepEqual(verdict.gaps, [10, 8]);
  assert.match(verdict.report, /^every window missed; the page's own gaps 10 against the control's 8, long tasks 0 against 0 \(window 1: gaps over 20 ms: 33\.3, 33\.3; /);
  // A long task is the page's own: with none in the control, one in the subject fails.
  assert.equal(verdictAgainstControl([windowWith(1, 1), ...repeat(4, 1)], repeat(5, 2)).ok, false);
});
